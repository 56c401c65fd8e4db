import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, request, residentWithAccount, signIn, userWithPermissions } from "../../testing/harness";
import { lerEventos } from "../../testing/sse";

// The resident's open app hears a request to their unit at once, and its end, and never another
// unit's (gate-operation-spec §3.3).

const t = await createTestApp({ tempoRealMaxMs: 20_000 });
afterAll(() => t.close());

const ids = { condominio: "", unidade: "", vizinha: "" };
let porteiro: Awaited<ReturnType<typeof userWithPermissions>>;
let rita: Awaited<ReturnType<typeof residentWithAccount>>;
let vizinho: Awaited<ReturnType<typeof residentWithAccount>>;

beforeAll(async () => {
  const fixtures = new Fixtures(t, await signIn(t, ADMIN.email, ADMIN.password));
  ids.condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Ao Vivo" })).id;
  ids.unidade = (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "C", numero_unidade: "31" })).id;
  ids.vizinha = (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "C", numero_unidade: "32" })).id;
  porteiro = await userWithPermissions(t, "porteiro.aovivo@teste.local", ["registrar_acesso_visitante"], [ids.condominio]);
  rita = await residentWithAccount(t, "rita.aovivo@teste.local", ids.unidade);
  vizinho = await residentWithAccount(t, "vizinho.aovivo@teste.local", ids.vizinha);
});

const pedir = (unidade_id: string, nome_visitante: string) =>
  request(t, "POST", "/api/controle-acesso/solicitacoes", {
    cookie: porteiro.cookie,
    payload: { condominio_id: ids.condominio, unidade_id, tipo_pessoa: "visitante", nome_visitante },
  });

describe("the resident's stream", () => {
  it("brings a request to my unit and its end at once, never the neighbour's", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const fechar = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/morador/tempo-real`, { headers: { cookie: rita.cookie }, signal: fechar.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const eventos: { evento: string; dados: { id?: string; estado?: string; nome_visitante?: string } }[] = [];
    void lerEventos(stream.body!, (evento, dados) => eventos.push({ evento, dados: dados as (typeof eventos)[number]["dados"] })).catch(() => undefined);
    await expect.poll(() => eventos.some((e) => e.evento === "pronto")).toBe(true);

    const alheio = (await pedir(ids.vizinha, "Visita do Vizinho")).json();
    const meu = (await pedir(ids.unidade, "Visita da Rita")).json();
    await expect.poll(() => eventos.filter((e) => e.evento === "solicitacao").map((e) => e.dados.nome_visitante)).toEqual(["Visita da Rita"]);

    // The porteiro gives up: the app hears that it ended.
    await request(t, "POST", `/api/controle-acesso/solicitacoes/${meu.id}/cancelar`, { cookie: porteiro.cookie });
    await expect
      .poll(() => eventos.filter((e) => e.evento === "solicitacao" && e.dados.id === meu.id).map((e) => e.dados.estado))
      .toEqual(["aguardando", "cancelada"]);
    expect(eventos.some((e) => e.dados.id === alheio.id)).toBe(false);
    fechar.abort();
  });

  it("is the residents' only: a staff session gets 403", async () => {
    expect((await request(t, "GET", "/api/morador/tempo-real", { cookie: porteiro.cookie })).statusCode).toBe(403);
    expect((await request(t, "GET", "/api/morador/tempo-real", { cookie: vizinho.cookie })).statusCode).toBe(200);
  });
});
