// ESLint rule `local/catalogue-texts`: the titles and messages a user reads in a toast or an API
// error come from the message catalogue (src/shared/messages.ts and messages-base.ts; permission
// refusals from src/shared/permissions.ts), never from a literal written where it is shown.
// The spec's texts are a contract word for word; one home keeps server and client from drifting.
//
// Checked: the text arguments of the toast helpers (`toast`, `toastError`, `toastApiError`,
// `useQueryErrorToast`, `saveCallbacks`, `useConfirmedAction`, the `success`/`error` props of a
// component), of the server's errors (`new AppError`, `AppError.from`, `forbidden`, `ruleRefusal`,
// `notFound`, `refuseIf`), and any `{ title, message }` object written with a literal. A text is
// inline when it is a string or template literal, or a constant, function or default of the same
// file that yields one, or a name imported from outside the catalogue.

/**
 * Modules whose exports are catalogue texts: the catalogue, the permission refusals, and the shared
 * schemas' field messages (the zod side of §5, e.g. CODIGO_INVALIDO).
 */
const CATALOGUE_SOURCE = /(^|\/)(messages|messages-base|permissions|schemas\/[\w-]+)$/;

/** Call → the argument positions that are texts: "text" (a string) or "entry" ({ title, message }). */
const CALLS = {
  toast: { 0: "toast" },
  linkedRecordsMessage: { 1: "text" },
  withUniqueMessage: { 1: "entry" },
  toastError: { 0: "text", 2: "text" },
  toastApiError: { 0: "text" },
  useQueryErrorToast: { 1: "text" },
  saveCallbacks: { 0: "outcome" },
  useConfirmedAction: { 1: "outcome" },
  forbidden: { 0: "entry" },
  ruleRefusal: { 0: "entry" },
  notFound: { 0: "entry" },
  refuseIf: { 0: "entry" },
};
const NEW_CALLS = { AppError: { 2: "text", 3: "text" } };
const METHOD_CALLS = { "AppError.from": { 2: "entry" } };
/** Properties that hold texts, by the kind of object. */
const KEYS = {
  toast: ["title", "description"],
  entry: ["title", "message"],
  outcome: ["success", "error"],
  success: ["title", "description"],
};

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Toast and error texts come from the message catalogue (src/shared/messages.ts)." },
    schema: [],
    messages: {
      inline: "Texto de toast ou de erro fora do catálogo: leve-o para src/shared/messages.ts (MSG, ERROR_TITLE, SUCCESS_TITLE ou MSG_WITH) e use-o daqui.",
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const reported = new Set();

    function report(node) {
      if (reported.has(node)) return;
      reported.add(node);
      context.report({ node, messageId: "inline" });
    }

    function variableOf(identifier) {
      for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
        const variable = scope.set.get(identifier.name);
        if (variable) return variable;
      }
      return null;
    }

    /** Whether a string or template literal carries words (not "" nor a bare `${x}`). */
    function isTextLiteral(node) {
      if (node.type === "Literal") return typeof node.value === "string" && node.value.trim() !== "";
      if (node.type === "TemplateLiteral") return node.quasis.some((q) => q.value.cooked.trim() !== "");
      return false;
    }

    /**
     * Reports the inline texts `node` yields as a value of kind `kind`, where they are written.
     * `strict`: a name imported from outside the catalogue is reported too (at its use).
     */
    function check(node, kind, strict, seen = new Set()) {
      if (!node || seen.has(node)) return;
      seen.add(node);
      switch (node.type) {
        case "Literal":
        case "TemplateLiteral":
          if (isTextLiteral(node)) report(node);
          else if (node.type === "TemplateLiteral") node.expressions.forEach((e) => check(e, "text", strict, seen));
          return;
        case "BinaryExpression":
          if (node.operator === "+") {
            check(node.left, kind, strict, seen);
            check(node.right, kind, strict, seen);
          }
          return;
        case "ConditionalExpression":
          check(node.consequent, kind, strict, seen);
          check(node.alternate, kind, strict, seen);
          return;
        case "LogicalExpression":
          check(node.left, kind, strict, seen);
          check(node.right, kind, strict, seen);
          return;
        case "TSAsExpression":
        case "TSSatisfiesExpression":
        case "TSNonNullExpression":
        case "ChainExpression":
          check(node.expression, kind, strict, seen);
          return;
        case "ObjectExpression":
          for (const property of node.properties) {
            if (property.type === "SpreadElement") {
              check(property.argument, kind, strict, seen);
              continue;
            }
            const key = property.key.type === "Identifier" ? property.key.name : property.key.value;
            if (!(KEYS[kind] ?? KEYS.entry).includes(key)) continue;
            // In a save's outcome, `success` is a text, a { title, description } or a function of the answer.
            check(property.value, kind === "outcome" && key === "success" ? "success" : "text", strict, seen);
          }
          return;
        case "ArrowFunctionExpression":
        case "FunctionExpression":
        case "FunctionDeclaration":
          for (const returned of returnsOf(node)) check(returned, kind, strict, seen);
          return;
        case "CallExpression":
          // A function of this file that builds the text (an imported one answers for itself:
          // its own file is checked where it writes the text).
          if (node.callee.type === "Identifier") checkIdentifier(node.callee, kind, false, seen, node);
          return;
        case "MemberExpression":
          checkRoot(node, kind, strict, seen);
          return;
        case "Identifier":
          checkIdentifier(node, kind, strict, seen, node);
          return;
        default:
      }
    }

    function checkRoot(member, kind, strict, seen) {
      let root = member;
      while (root.type === "MemberExpression") root = root.object;
      if (root.type === "Identifier") checkIdentifier(root, kind, strict, seen, member);
    }

    /** `use`: the expression the name stands in (reported when it is imported from outside the catalogue). */
    function checkIdentifier(identifier, kind, strict, seen, use) {
      const variable = variableOf(identifier);
      if (!variable) return;
      for (const def of variable.defs) {
        if (def.type === "ImportBinding") {
          if (strict && !CATALOGUE_SOURCE.test(def.parent.source.value)) report(use);
        } else if (def.type === "Variable" && def.node.init) {
          check(def.node.init, kind, strict, seen);
        } else if (def.type === "FunctionName") {
          check(def.node, kind, strict, seen);
        } else if (def.type === "Parameter" && use === identifier) {
          // A default written in the signature: `title = "..."`.
          const param = def.name.parent;
          if (param?.type === "AssignmentPattern" && param.left === def.name) check(param.right, kind, strict, seen);
          // A wrapper of this file, `const refuse = (field, message) => AppError.from(...)`: what its callers pass.
          const index = def.node.params.indexOf(param?.type === "AssignmentPattern" ? param : def.name);
          if (index >= 0) for (const call of callsOf(def.node)) check(call.arguments[index], kind, strict, seen);
        }
      }
    }

    /** The calls, in this file, of a function declared or assigned to a constant here. */
    function callsOf(fn) {
      const declaration = fn.type === "FunctionDeclaration" ? fn : fn.parent?.type === "VariableDeclarator" ? fn.parent : null;
      if (!declaration) return [];
      return sourceCode
        .getDeclaredVariables(declaration)
        .flatMap((variable) => variable.references)
        .map((reference) => reference.identifier)
        .filter((identifier) => identifier.parent.type === "CallExpression" && identifier.parent.callee === identifier)
        .map((identifier) => identifier.parent);
    }

    function checkArguments(node, table) {
      if (!table) return;
      for (const [index, kind] of Object.entries(table)) {
        const argument = node.arguments[Number(index)];
        if (argument && argument.type !== "SpreadElement") check(argument, kind, true);
      }
    }

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === "Identifier") checkArguments(node, CALLS[callee.name]);
        else if (callee.type === "MemberExpression" && callee.object.type === "Identifier" && callee.property.type === "Identifier")
          checkArguments(node, METHOD_CALLS[`${callee.object.name}.${callee.property.name}`]);
      },
      NewExpression(node) {
        if (node.callee.type === "Identifier") checkArguments(node, NEW_CALLS[node.callee.name]);
      },
      // <DeleteRecordButton success="..." error="..." />: a component that toasts an outcome
      // takes both (a lone `error` prop is a field's message, as in <FormField>).
      JSXOpeningElement(node) {
        const attributes = new Map(
          node.attributes.filter((a) => a.type === "JSXAttribute" && a.name.type === "JSXIdentifier" && a.value).map((a) => [a.name.name, a.value]),
        );
        if (!attributes.has("success")) return;
        for (const name of ["success", "error"]) {
          const value = attributes.get(name);
          if (value) check(value.type === "JSXExpressionContainer" ? value.expression : value, "text", true);
        }
      },
      // The error shape written out anywhere: { title: "...", message: "..." }.
      ObjectExpression(node) {
        const keys = new Set(
          node.properties.filter((p) => p.type === "Property" && !p.computed).map((p) => (p.key.type === "Identifier" ? p.key.name : p.key.value)),
        );
        if (keys.has("title") && keys.has("message")) check(node, "entry", false);
      },
    };
  },
};

/** The expressions a function returns (its body when it is an expression). */
function returnsOf(fn) {
  if (fn.body.type !== "BlockStatement") return [fn.body];
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== "string") return;
    if (node.type === "ReturnStatement") {
      if (node.argument) found.push(node.argument);
      return;
    }
    // A nested function's returns are its own.
    if (node !== fn.body && /Function/.test(node.type)) return;
    for (const key of Object.keys(node)) {
      if (key === "parent") continue;
      const value = node[key];
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value.type === "string") visit(value);
    }
  };
  visit(fn.body);
  return found;
}
