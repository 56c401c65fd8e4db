import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestApp, databaseSnapshot, moradorDaAmostra, request, signIn, type TestApp, errorWithoutRequestId } from "../testing/harness";
import { apiRoutes, routeKey } from "../testing/route-matrix";

// Invalid input is answered in pt-BR, in the one error shape, by every route (issue 13: a long
// lead description answered 'Too big: expected string to have <=5000 characters', and
// `limit=abc` answered in English too).

const t: TestApp = await createTestApp();
let admin: string;
beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

/** The one error shape of a refused field: the message is the field's, the title the catalogue's. */
const refusal = (field: string, message: string) => ({
  error: { code: "VALIDATION_ERROR", title: "Dados inválidos", message, fields: { [field]: message } },
});

describe("POST /api/leads", () => {
  it("refuses a description over 5000 characters in Portuguese and stores nothing", async () => {
    const before = await databaseSnapshot(t);
    const response = await request(t, "POST", "/api/leads", { payload: { nome: "Maria Souza", email: "maria@exemplo.com.br", descricao: "a".repeat(5001) } });
    expect(response.statusCode).toBe(400);
    expect(errorWithoutRequestId(response)).toStrictEqual(refusal("descricao", "Use no máximo 5000 caracteres."));
    expect(await databaseSnapshot(t)).toStrictEqual(before);

    const atLimit = await request(t, "POST", "/api/leads", { payload: { nome: "Maria Souza", email: "maria@exemplo.com.br", descricao: "a".repeat(5000) } });
    expect(atLimit.statusCode).toBe(201);
  });

  it("refuses a description that is not text in Portuguese", async () => {
    const response = await request(t, "POST", "/api/leads", { payload: { nome: "Maria Souza", email: "maria@exemplo.com.br", descricao: 42 } });
    expect(errorWithoutRequestId(response)).toStrictEqual(refusal("descricao", "Descrição inválida."));
  });
});

describe("list paging parameters", () => {
  const lists = apiRoutes(t.routes).filter((r) => r.method === "GET" && r.query.includes("limit"));
  const LIMIT = "O limite deve ser um número inteiro de 1 a 200.";

  it("covers every paged list", () => {
    // Every route answering a page ({ rows, total, next }) takes the paging parameters checked below.
    const paged = apiRoutes(t.routes).filter((r) => {
      const ok = (r.schema.response as Record<string, { shape?: object }> | undefined)?.["200"]?.shape;
      return ok !== undefined && ["rows", "total", "next"].every((key) => key in ok);
    });
    expect(paged.map(routeKey).sort()).toEqual(lists.map(routeKey).sort());
    expect(lists.length).toBeGreaterThanOrEqual(9);
  });

  it.each(lists.map((r) => [routeKey(r), r.url, r.query.includes("offset"), r.config.access === "morador"] as const))(
    "%s answers a bad limit or offset in Portuguese",
    async (_key, rota, paysOffset, doMorador) => {
      // A resident's list is called by a resident, on their own unit.
      const morador = doMorador ? await moradorDaAmostra(t) : undefined;
      const cookie = morador?.cookie ?? admin;
      const url = morador ? rota.replace(":unidadeId", morador.unidadeId) : rota;
      for (const limit of ["abc", "1.5", "0", "201", "-3", "1e400", ""]) {
        const response = await request(t, "GET", `${url}?limit=${encodeURIComponent(limit)}`, { cookie });
        expect(response.statusCode, `limit=${limit}`).toBe(400);
        expect(errorWithoutRequestId(response), `limit=${limit}`).toStrictEqual(refusal("limit", LIMIT));
      }
      const max = url === "/api/usuarios" ? "1.000.000" : "10.000.000";
      // Lists born with keyset paging (bloqueios, registros) take no offset at all.
      for (const offset of paysOffset ? ["abc", "-1", "0.5"] : []) {
        const response = await request(t, "GET", `${url}?offset=${offset}`, { cookie });
        expect(errorWithoutRequestId(response), `offset=${offset}`).toStrictEqual(
          refusal("offset", `O deslocamento (offset) deve ser um número inteiro de 0 a ${max}.`),
        );
      }
      expect((await request(t, "GET", `${url}?limit=200${paysOffset ? "&offset=0" : ""}`, { cookie })).statusCode).toBe(200);
    },
  );
});

describe("other fields a user can get wrong", () => {
  it.each([
    ["POST", "/api/condominios", { nome: "Residencial", sindico_contato: `${"a".repeat(250)}@b.com` }, "sindico_contato", "Use no máximo 254 caracteres."],
    ["POST", "/api/condominios", { nome: "Residencial", ativo: "sim" }, "ativo", "Valor inválido."],
    ["POST", "/api/grupos", { nome_grupo: "Grupo", permissao_ids: "todas" }, "permissao_ids", "Permissões inválidas."],
    ["POST", "/api/grupos", { nome_grupo: "Grupo", permissao_ids: ["x"] }, "permissao_ids.0", "Identificador inválido."],
    ["POST", "/api/usuarios", { nome_completo: "Ana", email: "ana@teste.local", senha: "Sentinela#2026", grupo_ids: 1 }, "grupo_ids", "Grupos inválidos."],
    [
      "POST",
      "/api/me/senha",
      { senhaAtual: "x".repeat(129), novaSenha: "Sentinela#2026", confirmacao: "Sentinela#2026" },
      "senhaAtual",
      "A senha atual deve ter no máximo 128 caracteres.",
    ],
  ] as const)("%s %s with %j: %s", async (method, url, payload, field, message) => {
    const response = await request(t, method, url, { cookie: admin, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toMatchObject({ [field]: message });
    expect(response.json().error.title).toBe("Dados inválidos");
  });

  it("answers a filter it does not know in Portuguese", async () => {
    const response = await request(t, "GET", "/api/usuarios?status=apagado", { cookie: admin });
    expect(errorWithoutRequestId(response)).toStrictEqual(refusal("status", "Status inválido."));
  });
});
