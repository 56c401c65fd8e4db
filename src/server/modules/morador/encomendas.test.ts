import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lerQrDaRetirada, type MoradorEncomendas, type StatusEncomenda, type Transportadora } from "@shared/schemas/encomendas";
import { encomendas } from "../../db/schema";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, databaseSnapshot, request, residentWithAccount, signIn, userWithPermissions } from "../../testing/harness";
import { cofreDeCodigos } from "../encomendas/codigo";

// The Área do Morador's Encomendas (gate-operation-spec §3.2, §4), as the resident reads it: the
// parcels waiting for my unit with the pickup code the gate accepts and its QR, those handed out or
// sent back in the last 90 days, and nothing of another unit. Parcels are written as the gate's
// module writes them (the code hashed for the unit, encrypted for the parcel, under the chain's key).
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const t = await createTestApp();
afterAll(() => t.close());

const cofre = cofreDeCodigos(t.cadeia.chave);
const ids = { condominio: "", unidade: "", vizinha: "" };
let admin: string;
let lia: Awaited<ReturnType<typeof residentWithAccount>>;
let vizinho: Awaited<ReturnType<typeof residentWithAccount>>;
const DIA = 86_400_000;
const diasAtras = (dias: number) => new Date(Date.now() - dias * DIA);

interface Parcela {
  unidade?: string;
  destinatario?: string;
  transportadora?: Transportadora;
  status?: StatusEncomenda;
  recebidaHaDias: number;
  encerradaHaDias?: number;
}

/** A parcel as received at the gate (and, when told so, handed out or sent back): its id and code. */
async function receber(p: Parcela) {
  const id = crypto.randomUUID();
  const unidade = p.unidade ?? ids.unidade;
  const codigo = cofre.gerar();
  const status = p.status ?? "aguardando";
  const fim = p.encerradaHaDias === undefined ? null : diasAtras(p.encerradaHaDias);
  await t.database.db.insert(encomendas).values({
    id,
    condominio_id: ids.condominio,
    unidade_id: unidade,
    destinatario_nome: p.destinatario ?? "Lia Encomendas",
    transportadora: p.transportadora ?? "correios",
    tipo: "pacote",
    codigo_rastreio: "BR123456789BR",
    local_armazenamento: "Prateleira secreta B",
    status,
    recebida_em: diasAtras(p.recebidaHaDias),
    recebida_por_nome: "Porteiro Zé",
    codigo_retirada_hash: cofre.hash(unidade, codigo),
    codigo_retirada_cifrado: cofre.cifrar(id, codigo),
    ...(status === "retirada"
      ? { retirada_em: fim, retirada_por_nome: "Lia Encomendas", retirada_forma: "codigo" as const, entregue_por_nome: "Porteiro Zé" }
      : {}),
    ...(status === "devolvida" ? { devolvida_em: fim, devolvida_por_nome: "Porteiro Zé", motivo_devolucao: "Recusada pelo morador" } : {}),
  });
  return { id, codigo };
}

const listar = async (cookie = lia.cookie, unidadeId = ids.unidade) => {
  const response = await request(t, "GET", `/api/morador/unidades/${unidadeId}/encomendas`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, ...(response.json() as MoradorEncomendas) };
};

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  const fixtures = new Fixtures(t, admin);
  ids.condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Encomendas" })).id;
  const unidade = async (numero_unidade: string) => (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "E", numero_unidade })).id;
  ids.unidade = await unidade("101");
  ids.vizinha = await unidade("102");
  lia = await residentWithAccount(t, "lia.encomendas@teste.local", ids.unidade);
  vizinho = await residentWithAccount(t, "vizinho.encomendas@teste.local", ids.vizinha);
});

describe("Encomendas of the Área do Morador", () => {
  it("shows my unit's waiting parcels oldest first, each with the code the gate accepts and its QR, then the ended ones newest first", async () => {
    const recente = await receber({ recebidaHaDias: 0, transportadora: "shopee" });
    const antiga = await receber({ recebidaHaDias: 5, transportadora: "mercado_livre" });
    const retirada = await receber({ status: "retirada", recebidaHaDias: 10, encerradaHaDias: 9 });
    const devolvida = await receber({ status: "devolvida", recebidaHaDias: 4, encerradaHaDias: 2 });
    await receber({ status: "retirada", recebidaHaDias: 100, encerradaHaDias: 95, destinatario: "Retirada Há Muito" });
    await receber({ unidade: ids.vizinha, recebidaHaDias: 1, destinatario: "Do Vizinho" });

    const lista = await listar();
    expect(lista.aguardando.map((p) => p.id)).toEqual([antiga.id, recente.id]);
    expect(lista.aguardando[0]).toEqual({
      id: antiga.id,
      destinatario_nome: "Lia Encomendas",
      transportadora: "mercado_livre",
      tipo: "pacote",
      codigo_rastreio: "BR123456789BR",
      status: "aguardando",
      recebida_em: expect.any(String),
      retirada_em: null,
      retirada_por_nome: null,
      devolvida_em: null,
      codigo: antiga.codigo,
      qr: `ENCOMENDA:${ids.unidade}:${antiga.codigo}`,
    });
    for (const p of lista.aguardando) {
      expect(p.codigo).toMatch(/^\d{6}$/);
      // What the console's camera reads from the QR is this unit and this code.
      expect(lerQrDaRetirada(p.qr!)).toEqual({ unidade_id: ids.unidade, codigo: p.codigo });
    }
    expect(Date.parse(lista.aguardando[0]!.recebida_em as string)).toBeLessThan(Date.parse(lista.aguardando[1]!.recebida_em as string));

    // Ended in the last 90 days, newest end first, without a code; older ones are gone.
    expect(lista.encerradas.map((p) => p.id)).toEqual([devolvida.id, retirada.id]);
    expect(lista.encerradas[1]).toMatchObject({
      status: "retirada",
      retirada_por_nome: "Lia Encomendas",
      codigo: null,
      qr: null,
      retirada_em: expect.any(String),
    });
    expect(lista.encerradas[0]).toMatchObject({ status: "devolvida", codigo: null, qr: null, devolvida_em: expect.any(String) });
    expect(lista.body).not.toContain("Retirada Há Muito");
    expect(lista.body).not.toContain(retirada.codigo);

    // Nothing of the neighbour's, and none of the gate's own notes (where it is kept, who received it).
    expect(lista.body).not.toContain("Do Vizinho");
    expect(lista.body).not.toContain("Prateleira secreta B");
    expect(lista.body).not.toContain("Porteiro Zé");
    expect(lista.body).not.toContain("Recusada pelo morador");
    const doVizinho = await listar(vizinho.cookie, ids.vizinha);
    expect(doVizinho.aguardando.map((p) => p.destinatario_nome)).toEqual(["Do Vizinho"]);
    expect(doVizinho.encerradas).toEqual([]);
  });

  it("answers an empty list for a unit with no parcels", async () => {
    const outra = await residentWithAccount(t, "sem.encomendas@teste.local");
    expect(await listar(outra.cookie, outra.unidadeId)).toMatchObject({ aguardando: [], encerradas: [] });
  });

  it("answers 404 for another unit or one that does not exist, and changes nothing", async () => {
    const before = await databaseSnapshot(t);
    for (const unidadeId of [ids.vizinha, crypto.randomUUID()]) {
      const response = await request(t, "GET", `/api/morador/unidades/${unidadeId}/encomendas`, { cookie: lia.cookie });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain("Do Vizinho");
    }
    const malformed = await request(t, "GET", "/api/morador/unidades/nao-e-um-id/encomendas", { cookie: lia.cookie });
    expect(malformed.statusCode).toBe(400);
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("is the resident's: a Portaria Web user and an anonymous request are refused", async () => {
    const porteiro = await userWithPermissions(t, "porteiro.encomendas@teste.local", ["gerenciar_encomendas"], [ids.condominio]);
    expect((await request(t, "GET", `/api/morador/unidades/${ids.unidade}/encomendas`, { cookie: porteiro.cookie })).statusCode).toBe(403);
    expect((await request(t, "GET", `/api/morador/unidades/${ids.unidade}/encomendas`)).statusCode).toBe(401);
  });

  it("ends at once when the resident is deactivated", async () => {
    const rui = await residentWithAccount(t, "rui.encomendas@teste.local", ids.unidade);
    expect((await listar(rui.cookie)).aguardando.length).toBeGreaterThan(0);
    const campos = { nome_completo: "Morador rui.encomendas@teste.local", tipo_morador: "proprietario", email: "rui.encomendas@teste.local" };
    const desativado = await request(t, "PUT", `/api/moradores/${rui.moradorId}`, { cookie: admin, payload: { ...campos, ativo: false } });
    expect(desativado.statusCode, desativado.body).toBe(200);
    const response = await request(t, "GET", `/api/morador/unidades/${ids.unidade}/encomendas`, { cookie: rui.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toMatch(/"codigo":"\d{6}"/);
  });
});
