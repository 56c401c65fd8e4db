import { fileURLToPath } from "node:url";
import { ESLint, RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import rule from "./catalogue-texts.js";

// The rule's cases, then the repository's own ESLint config on new files with an inline text: the
// check must fail on a literal that a future module writes where a toast or an error shows it.

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});
const filename = "fixture.tsx";
const IMPORTS = 'import { ERROR_TITLE, MSG, MSG_WITH, SUCCESS_TITLE } from "@shared/messages";\n';
const inline = (code: string, errors: number) => ({ code: IMPORTS + code, filename, errors: Array.from({ length: errors }, () => ({ messageId: "inline" })) });

tester.run("catalogue-texts", rule, {
  valid: [
    { code: IMPORTS + "toast({ title: MSG.unidadeGone.title, description: MSG.unidadeGone.message, variant: 'destructive' });", filename },
    { code: IMPORTS + "toastError(ERROR_TITLE.carregarGrupo, query.error);", filename },
    { code: IMPORTS + "saveCallbacks({ success: (r) => toastContent(MSG_WITH.conviteEnviado(r.email)), error: ERROR_TITLE.enviarConvite });", filename },
    { code: IMPORTS + "const error = ERROR_TITLE.salvarPrestador; saveCallbacks({ success: SUCCESS_TITLE.prestadorAtualizado, error });", filename },
    { code: IMPORTS + "<DeleteRecordButton success={SUCCESS_TITLE.grupoExcluido} error={ERROR_TITLE.excluirGrupo} />;", filename },
    // A wrapper passes its caller's text on; the caller is checked where it calls.
    { code: "export function useQueryErrorToast(error, title) { toastError(title, error); }", filename },
    // A field's message under a form field, and content that is not a toast or an error.
    { code: '<FormField id="x" label="Nome" error="As senhas não conferem." />;', filename },
    { code: 'const cards = [{ title: "Proteção Total", text: "Soluções completas." }];', filename },
    // Server: catalogue entries, by name or through a constant; rules that return one.
    { code: IMPORTS + "const NOT_FOUND = MSG.prestadorNotFound; throw notFound(NOT_FOUND);", filename },
    { code: IMPORTS + 'throw AppError.from(409, "JA_DENTRO", MSG_WITH.jaDentro(desde));', filename },
    { code: IMPORTS + 'throw new AppError(400, "WEAK", MSG.passwordWeak.title, verdict.message);', filename },
    { code: 'import { grantRefusal } from "@shared/authz-rules";\nrefuseIf(grantRefusal(actor, added));', filename },
    {
      code:
        IMPORTS +
        'import { CODIGO_INVALIDO } from "../../../shared/schemas/visitantes";\n' +
        'const invalid = (field, message) => AppError.from(400, "VALIDATION_ERROR", { title: MSG.invalidInput.title, message }, { [field]: message });\n' +
        'throw invalid("codigo", CODIGO_INVALIDO);',
      filename,
    },
  ],
  invalid: [
    inline('toast({ title: "Erro ao exportar", variant: "destructive" });', 1),
    inline("toast({ title: MSG.x.title, description: `Convite enviado para ${email}.` });", 1),
    inline('toastError("Erro ao carregar dados do grupo", query.error);', 1),
    inline('toastError(ERROR_TITLE.x, error, "Não foi possível concluir a operação.");', 1),
    inline('toastApiError("Erro ao salvar", error);', 1),
    inline('useQueryErrorToast(query.error, "Erro ao buscar sessões");', 1),
    inline('saveCallbacks({ success: "Grupo criado", error: "Erro ao criar grupo" });', 2),
    inline(
      "saveCallbacks({ success: (d) => ({ title: 'Bloqueio criado', description: d.n > 1 ? `Um em cada ${d.n}.` : undefined }), error: ERROR_TITLE.x });",
      2,
    ),
    inline('const error = "Erro ao salvar prestador"; saveCallbacks({ success: SUCCESS_TITLE.x, error });', 1),
    inline('useConfirmedAction(mutation, { allowed, variables, success: "Status atualizado", error: ERROR_TITLE.alterarStatus });', 1),
    inline('<DeleteRecordButton success="Prestador excluído" error={ERROR_TITLE.excluirPrestador} />;', 1),
    inline('function titulo(x) { return `Erro ao buscar ${x}`; } toastError(titulo("grupos"), error);', 1),
    inline('function useLista(title = "Erro ao buscar") { useQueryErrorToast(error, title); }', 1),
    // Server
    inline('throw new AppError(409, "CONFLICT", "Ação não permitida", message);', 1),
    inline('const NOT_FOUND = { title: "Prestador não encontrado", message: "Prestador não encontrado." }; throw notFound(NOT_FOUND);', 2),
    inline('throw AppError.from(400, "VALIDATION_ERROR", { title: MSG.invalidInput.title, message: "Escolha a unidade." });', 1),
    inline(
      'const invalid = (field, message) => AppError.from(400, "VALIDATION_ERROR", { title: MSG.invalidInput.title, message }, { [field]: message });\n' +
        'throw invalid("condominio_id", "Escolha um condomínio ativo.");',
      1,
    ),
    inline('import { SEM_EMAIL } from "./textos";\nthrow ruleRefusal(SEM_EMAIL);', 1),
    inline('await linkedRecordsMessage(() => repo.remove(id), "Não é possível excluir o condomínio.");', 1),
    inline('await withUniqueMessage(() => repo.create(body), { title: "Registro duplicado", message: "Já existe." });', 2),
    inline('refuseIf(cond ? { title: "Ação não permitida", message: MSG.x.message } : null);', 1),
  ],
});

describe("the repository's ESLint config", () => {
  const eslint = new ESLint({
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    ruleFilter: ({ ruleId }) => ruleId === "local/catalogue-texts",
  });
  const lint = async (code: string, filePath: string) => (await eslint.lintText(code, { filePath }))[0]!.messages;

  const CLIENT_FIXTURE = [
    'import { saveCallbacks } from "~/lib/save-callbacks";',
    'import { toast } from "~/lib/toast";',
    "export function salvar(mutate: (options: unknown) => void) {",
    '  mutate(saveCallbacks({ success: "Encomenda registrada!", error: "Erro ao registrar encomenda" }));',
    '  toast({ title: "Encomenda não encontrada", variant: "destructive" });',
    "}",
  ].join("\n");
  const SERVER_FIXTURE = [
    'import { AppError, notFound } from "../../errors";',
    'const NOT_FOUND = { title: "Encomenda não encontrada", message: "Encomenda não encontrada." };',
    "export function recusar(found: boolean) {",
    "  if (!found) throw notFound(NOT_FOUND);",
    '  throw new AppError(409, "CONFLICT", "Ação não permitida", "Esta encomenda já foi entregue.");',
    "}",
  ].join("\n");

  it("fails a new client module's inline toast texts", async () => {
    const messages = await lint(CLIENT_FIXTURE, "src/client/features/encomendas/encomenda-form.tsx");
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([
      ["local/catalogue-texts", 4],
      ["local/catalogue-texts", 4],
      ["local/catalogue-texts", 5],
    ]);
  }, 30_000);

  it("fails a new server module's inline error texts", async () => {
    const messages = await lint(SERVER_FIXTURE, "src/server/modules/encomendas/routes.ts");
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([
      ["local/catalogue-texts", 2],
      ["local/catalogue-texts", 2],
      ["local/catalogue-texts", 5],
      ["local/catalogue-texts", 5],
    ]);
  }, 30_000);

  it("leaves the catalogue and the tests that assert its texts alone", async () => {
    expect(await lint(SERVER_FIXTURE, "src/server/modules/encomendas/routes.test.ts")).toEqual([]);
    expect(await lint('export const MSG = { x: { title: "Erro", message: "Falhou." } };', "src/shared/messages.ts")).toEqual([]);
  }, 30_000);
});
