// ESLint rule of the client (eslint.config.js): every call to the portal's API goes through the
// client typed from the server's OpenAPI document (src/client/lib/api.ts). A route is written only
// as the path argument of that client, where the compiler checks it against the document; an
// "/api/..." URL anywhere else, a URL put together from pieces, or a bare fetch() restates the
// contract by hand.

/** The calls whose path argument names a route of the document: [callee, index of the path]. */
const TYPED_CALLS = [
  [(callee) => callee.type === "MemberExpression" && callee.object.type === "Identifier" && callee.object.name === "api", 0],
  [(callee) => callee.type === "Identifier" && callee.name === "downloadApi", 0],
  [(callee) => callee.type === "Identifier" && callee.name === "eventSourceApi", 0],
  [(callee) => callee.type === "Identifier" && callee.name === "pagedQueryOptions", 1],
];

const isApiText = (text) => text === "/api" || text.startsWith("/api/");

function isTypedPath(node) {
  const parent = node.parent;
  // A route named in a type (Answer<"get", "/api/x">) is checked by the compiler too.
  if (parent?.type === "TSLiteralType") return true;
  if (parent?.type !== "CallExpression") return false;
  return TYPED_CALLS.some(([matches, index]) => matches(parent.callee) && parent.arguments[index] === node);
}

const isFetch = (callee) =>
  (callee.type === "Identifier" && callee.name === "fetch") ||
  (callee.type === "MemberExpression" &&
    callee.object.type === "Identifier" &&
    ["globalThis", "window", "self"].includes(callee.object.name) &&
    callee.property.type === "Identifier" &&
    callee.property.name === "fetch");

/** @type {import("eslint").Rule.RuleModule} */
export const typedApiCalls = {
  meta: {
    type: "problem",
    docs: { description: "API calls only through the client generated from the OpenAPI document" },
    schema: [],
    messages: {
      url: 'Chame a API pelo cliente tipado (~/lib/api): api.GET("/api/...", { params }), não por uma URL escrita à mão.',
      fetch: "Chame a API pelo cliente tipado (~/lib/api), não por fetch().",
    },
  },
  create(context) {
    return {
      Literal(node) {
        if (typeof node.value === "string" && isApiText(node.value) && !isTypedPath(node)) context.report({ node, messageId: "url" });
      },
      TemplateLiteral(node) {
        if (isApiText(node.quasis[0]?.value.cooked ?? "")) context.report({ node, messageId: "url" });
      },
      CallExpression(node) {
        if (isFetch(node.callee)) context.report({ node, messageId: "fetch" });
      },
    };
  },
};
