import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { today } from "@shared/time";
import { criarControlId } from "../../../../scripts/simulador/controlid";
import { criarIntelbras } from "../../../../scripts/simulador/intelbras";
import type { DispositivoSimulado } from "../../../../scripts/simulador/simulado";
import { JPEG_DE_AMOSTRA } from "../biometria/routes";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, capturedLogs, createTestApp, request, signIn } from "../../testing/harness";

// Who the devices let in (gate-operation-spec §2.4), against the simulator's devices of both
// vendors: residents written with their cards and tags, and their face only when they consented;
// today's pre-authorised visitors with their QR code; a change reaching the device by itself within
// 10 s, removals that count only when the device's own list no longer holds the person, and the
// vendor's refusal shown per person.

const logs = capturedLogs();
/** How far the gate's clock is moved ahead (ms): a visitor's validity ends without waiting for it. */
let adiante = 0;
// The rounds asked for, without the sweep running beside them (each round's counts are asserted);
// the sweep has its own app below.
const t = await createTestApp({}, { logger: logs.logger, agora: () => Date.now() + adiante });
const SENHA = "Senha-Da-Sincronizacao-1";
const facial = criarControlId({ nome: "facial", modelo: "iDFace", serie: "0M0100/000888", senha: SENHA, vidaMs: 0 });
const leitor = criarIntelbras({ nome: "leitor", modelo: "SS 3530 MF W", serie: "7F0A2B3C77", senha: SENHA, vidaMs: 0 });
const simulados: DispositivoSimulado[] = [facial, leitor];

let admin: string;
let fixtures: Fixtures;
const ids = { condominio: "", unidade: "", rita: "", bruno: "", carla: "" };

beforeAll(async () => {
  await Promise.all(simulados.map((d) => d.ligar()));
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
  ids.condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Sincronia" })).id;
  ids.unidade = (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "S", numero_unidade: "11" })).id;
  const morador = async (nome_completo: string, extra: object = {}) =>
    (await fixtures.criar(`/api/unidades/${ids.unidade}/moradores`, { nome_completo, tipo_morador: "proprietario", ...extra })).id;
  ids.rita = await morador("Rita Sincronia");
  ids.bruno = await morador("Bruno Sincronia", { cpf: "390.533.447-05" });
  ids.carla = await morador("Carla Sincronia");
  // Rita consented and has a photo; Bruno has a photo but no consent.
  for (const id of [ids.rita, ids.bruno]) expect((await call("POST", `/api/moradores/${id}/biometria/foto`, { foto: JPEG_DE_AMOSTRA })).statusCode).toBe(201);
  expect((await call("PUT", `/api/moradores/${ids.rita}/biometria/consentimento`, { consentimento: true })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await Promise.all(simulados.map((d) => d.desligar()));
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => request(t, method, url, { cookie: admin, payload });

async function cadastrar(simulado: DispositivoSimulado) {
  const created = await call("POST", "/api/dispositivos", {
    condominio_id: ids.condominio,
    nome: `${simulado.opcoes.nome} ${fixtures.seq()}`,
    fabricante: simulado.opcoes.fabricante,
    modelo: simulado.opcoes.modelo,
    conexao: "direta",
    endereco: simulado.endereco,
    usuario: "admin",
    senha: SENHA,
    portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

const sincronizar = async (id: string) => {
  const r = await call("POST", `/api/dispositivos/${id}/sincronizar`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const estado = async (id: string) => (await call("GET", `/api/dispositivos/${id}/sincronizacao`)).json();
/** Who the device holds, by name, with whether it holds their face. */
const noAparelho = (d: DispositivoSimulado) => Object.fromEntries([...d.pessoas.values()].map((p) => [p.nome, p.face]));
/** What the device holds of one person, by name. */
const pessoaNoAparelho = (d: DispositivoSimulado, nome: string) => [...d.pessoas.values()].find((p) => p.nome === nome);

describe.each([
  ["Control iD", facial],
  ["Intelbras", leitor],
] as const)("synchronising a %s", (_nome, simulado) => {
  let dispositivo = "";

  it("writes the active residents, the face only of who consented, and shows each 'sincronizado'", async () => {
    dispositivo = await cadastrar(simulado);
    const resumo = await sincronizar(dispositivo);
    expect(resumo).toMatchObject({ sincronizadas: 3, removidas: 0, falhas: 0, erro: null });
    expect(noAparelho(simulado)).toEqual({ "Rita Sincronia": true, "Bruno Sincronia": false, "Carla Sincronia": false });
    const lista = await estado(dispositivo);
    expect(lista.sincronizado_em).toEqual(expect.any(String));
    expect(lista.pessoas.map((p: { nome: string; estado: string }) => [p.nome, p.estado])).toEqual([
      ["Bruno Sincronia", "sincronizado"],
      ["Carla Sincronia", "sincronizado"],
      ["Rita Sincronia", "sincronizado"],
    ]);
    // Nothing changed: a second round writes nobody.
    expect(await sincronizar(dispositivo)).toMatchObject({ sincronizadas: 0, removidas: 0, falhas: 0 });
  });

  it("takes the face away when the consent is withdrawn, and gives it back with the consent", async () => {
    await call("PUT", `/api/moradores/${ids.rita}/biometria/consentimento`, { consentimento: false });
    await sincronizar(dispositivo);
    expect(noAparelho(simulado)["Rita Sincronia"]).toBe(false);
    await call("PUT", `/api/moradores/${ids.rita}/biometria/consentimento`, { consentimento: true });
    await sincronizar(dispositivo);
    expect(noAparelho(simulado)["Rita Sincronia"]).toBe(true);
  });

  it("writes a resident's cards and tags in the vendor's form, and takes a removed one off", async () => {
    const cartao = await call("POST", `/api/moradores/${ids.carla}/cartoes`, { tipo: "cartao", numero: "0012345" });
    expect(cartao.statusCode, cartao.body).toBe(201);
    const tag = await call("POST", `/api/moradores/${ids.carla}/cartoes`, { tipo: "tag", numero: "4000000001" });
    expect(await sincronizar(dispositivo)).toMatchObject({ sincronizadas: 1, falhas: 0 });
    // Control iD keeps the number itself; Intelbras keeps it in hexadecimal (decision 0267).
    const lidos = simulado.opcoes.fabricante === "controlid" ? ["12345", "4000000001"] : ["3039", "EE6B2801"];
    expect(pessoaNoAparelho(simulado, "Carla Sincronia")?.cartoes).toEqual(lidos);
    // The reader lets her in by the card, by itself.
    expect(await simulado.identificar({ tipo: "cartao", valor: lidos[0]! })).toMatchObject({ concedido: true });

    expect((await call("DELETE", `/api/moradores/${ids.carla}/cartoes/${cartao.json().id}`)).statusCode).toBe(204);
    expect(await sincronizar(dispositivo)).toMatchObject({ sincronizadas: 1, falhas: 0 });
    expect(pessoaNoAparelho(simulado, "Carla Sincronia")?.cartoes).toEqual([lidos[1]]);
    expect(await simulado.identificar({ tipo: "cartao", valor: lidos[0]! })).toMatchObject({ concedido: false });
    expect((await call("DELETE", `/api/moradores/${ids.carla}/cartoes/${tag.json().id}`)).statusCode).toBe(204);
    await sincronizar(dispositivo);
    expect(pessoaNoAparelho(simulado, "Carla Sincronia")?.cartoes).toEqual([]);
  });

  it("counts a removal only when the device's own list no longer holds the person", async () => {
    // Bruno is blocked: he must leave the device. The device says yes but keeps him.
    const bloqueio = await call("POST", "/api/bloqueios", {
      tipo: "pessoa",
      nome: "Bruno Sincronia",
      documento_numero: "390.533.447-05",
      motivo: "Teste",
      condominio_id: ids.condominio,
    });
    expect(bloqueio.statusCode, bloqueio.body).toBe(201);
    simulado.naoRemover = true;
    try {
      const resumo = await sincronizar(dispositivo);
      expect(resumo).toMatchObject({ removidas: 0, falhas: 1 });
      expect(noAparelho(simulado)).toHaveProperty("Bruno Sincronia");
      const bruno = (await estado(dispositivo)).pessoas.find((p: { nome: string }) => p.nome === "Bruno Sincronia");
      expect(bruno).toMatchObject({ estado: "falhou", remover: true, motivo: "O dispositivo respondeu, mas a pessoa continua na lista dele." });
    } finally {
      simulado.naoRemover = false;
    }
    expect(await sincronizar(dispositivo)).toMatchObject({ removidas: 1, falhas: 0 });
    expect(noAparelho(simulado)).not.toHaveProperty("Bruno Sincronia");
    expect((await estado(dispositivo)).pessoas.map((p: { nome: string }) => p.nome)).not.toContain("Bruno Sincronia");
    await call("DELETE", `/api/bloqueios/${bloqueio.json().rows[0].id}`);
  });

  it("shows the vendor's refusal of a photo on that person only", async () => {
    simulado.recusarFoto = true;
    try {
      // A new photo for Rita: the face is rewritten, and refused.
      await call("POST", `/api/moradores/${ids.rita}/biometria/foto`, { foto: JPEG_DE_AMOSTRA });
      const resumo = await sincronizar(dispositivo);
      expect(resumo.falhas).toBe(1);
      const rita = (await estado(dispositivo)).pessoas.find((p: { nome: string }) => p.nome === "Rita Sincronia");
      expect(rita.estado).toBe("falhou");
      expect(rita.motivo).toMatch(/rosto/);
    } finally {
      simulado.recusarFoto = false;
    }
    await sincronizar(dispositivo);
    expect((await estado(dispositivo)).pessoas.every((p: { estado: string }) => p.estado === "sincronizado")).toBe(true);
  });
});

describe("providers", () => {
  it("go to the devices inside their authorised period only", async () => {
    const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const ontem = new Date(Date.now() - 27 * 3_600_000).toISOString().slice(0, 10);
    const prestador = (nome: string, fim: string) =>
      fixtures.criar("/api/prestadores", {
        nome_empresa_profissional: nome,
        tipo_servico: "Jardinagem",
        condominio_id: ids.condominio,
        data_inicio_autorizacao: ontem,
        data_fim_autorizacao: fim,
      });
    await prestador("Jardins do Vale", hoje);
    await prestador("Piscinas Vencidas", ontem);
    const dispositivo = await cadastrar(facial);
    await sincronizar(dispositivo);
    expect(noAparelho(facial)).toHaveProperty("Jardins do Vale", false);
    expect(noAparelho(facial)).not.toHaveProperty("Piscinas Vencidas");
  });
});

describe("today's pre-authorised visitors", () => {
  /** A visitor authorised by Rita for today (a single visit), and the QR payload of their invitation. */
  async function autorizar(nome_visitante: string, extra: object = {}) {
    const criada = await call("POST", "/api/visitantes", {
      condominio_id: ids.condominio,
      unidade_id: ids.unidade,
      morador_id: ids.rita,
      nome_visitante,
      tipo: "unica",
      valido_de: today(),
      ...extra,
    });
    expect(criada.statusCode, criada.body).toBe(201);
    const id = criada.json().id as string;
    const qr = (await call("GET", `/api/visitantes/${id}/qrcode`)).json().payload as string;
    return { id, qr };
  }
  const visitantesNoAparelho = async (dispositivo: string) =>
    (await estado(dispositivo)).pessoas.map((p: { nome: string }) => p.nome).filter((nome: string) => nome.startsWith("Visitante"));

  it("go to a Control iD with their invitation's QR, which it then lets in; a cancelled one leaves, the device's list read back", async () => {
    const vera = await autorizar("Visitante Vera");
    const dispositivo = await cadastrar(facial);
    expect(await sincronizar(dispositivo)).toMatchObject({ falhas: 0, erro: null });
    expect(pessoaNoAparelho(facial, "Visitante Vera")).toMatchObject({ cartoes: [], face: false, qrcodes: [vera.qr] });
    expect(await facial.identificar({ tipo: "qrcode", valor: vera.qr })).toMatchObject({ concedido: true });
    expect(await visitantesNoAparelho(dispositivo)).toEqual(["Visitante Vera"]);

    expect((await call("POST", `/api/visitantes/${vera.id}/cancelar`)).statusCode).toBe(200);
    facial.naoRemover = true;
    try {
      // The device says it removed her and keeps her: not counted.
      expect(await sincronizar(dispositivo)).toMatchObject({ removidas: 0, falhas: 1 });
      expect(pessoaNoAparelho(facial, "Visitante Vera")).toBeDefined();
    } finally {
      facial.naoRemover = false;
    }
    expect(await sincronizar(dispositivo)).toMatchObject({ removidas: 1, falhas: 0 });
    expect(pessoaNoAparelho(facial, "Visitante Vera")).toBeUndefined();
    expect(await facial.identificar({ tipo: "qrcode", valor: vera.qr })).toMatchObject({ concedido: false });
    expect(await visitantesNoAparelho(dispositivo)).toEqual([]);
  });

  it("leave at the end of their validity", async () => {
    const dario = await autorizar("Visitante Dario");
    const dispositivo = await cadastrar(facial);
    await sincronizar(dispositivo);
    expect(pessoaNoAparelho(facial, "Visitante Dario")?.qrcodes).toEqual([dario.qr]);
    // Two days on (the providers' period of today ends as well).
    adiante = 2 * 24 * 3_600_000;
    try {
      expect(await sincronizar(dispositivo)).toMatchObject({ falhas: 0 });
    } finally {
      adiante = 0;
      // Cancelled from here on, so that it does not come back to the other tests' devices.
      expect((await call("POST", `/api/visitantes/${dario.id}/cancelar`)).statusCode).toBe(200);
    }
    expect(pessoaNoAparelho(facial, "Visitante Dario")).toBeUndefined();
    expect(await visitantesNoAparelho(dispositivo)).toEqual([]);
  });

  it("a blocked visitor never goes", async () => {
    const hugo = await autorizar("Visitante Hugo Barrado", { documento_tipo: "cpf", documento_numero: "714.602.380-01" });
    const bloqueio = await call("POST", "/api/bloqueios", {
      tipo: "pessoa",
      nome: "Hugo Barrado",
      documento_numero: "714.602.380-01",
      motivo: "Furto na garagem",
      condominio_id: ids.condominio,
    });
    expect(bloqueio.statusCode, bloqueio.body).toBe(201);
    const dispositivo = await cadastrar(facial);
    expect(await sincronizar(dispositivo)).toMatchObject({ falhas: 0 });
    expect(pessoaNoAparelho(facial, "Visitante Hugo Barrado")).toBeUndefined();
    expect(await visitantesNoAparelho(dispositivo)).toEqual([]);
    expect(await facial.identificar({ tipo: "qrcode", valor: hugo.qr })).toMatchObject({ concedido: false });
    await call("POST", `/api/visitantes/${hugo.id}/cancelar`);
  });

  it("an Intelbras keeps no QR codes: it gets no visitor, and asks the portal about a QR instead", async () => {
    const iris = await autorizar("Visitante Iris");
    const dispositivo = await cadastrar(leitor);
    expect(await sincronizar(dispositivo)).toMatchObject({ falhas: 0, erro: null });
    expect(pessoaNoAparelho(leitor, "Visitante Iris")).toBeUndefined();
    expect(await visitantesNoAparelho(dispositivo)).toEqual([]);
    // Nothing changed for it: the next round writes nobody (its mark is the condominium's).
    expect(await sincronizar(dispositivo)).toMatchObject({ sincronizadas: 0, removidas: 0, falhas: 0 });
    await call("POST", `/api/visitantes/${iris.id}/cancelar`);
  });
});

describe("the sweep", () => {
  it("brings a change to the device by itself within 10 s: a new resident in, a deleted one out", async () => {
    // The sweep on, faster than production's 10 s: 'on change within 10 s' is measured against it.
    const v = await createTestApp({ varreduraSincronizacaoMs: 500 });
    const aparelho = criarControlId({ nome: "varrido", modelo: "iDFace", serie: "0M0100/000999", senha: SENHA, vidaMs: 0 });
    await aparelho.ligar();
    try {
      const cookie = await signIn(v, ADMIN.email, ADMIN.password);
      const f = new Fixtures(v, cookie);
      const unidade = (await f.unidade()).id;
      const criado = await request(v, "POST", "/api/dispositivos", {
        cookie,
        payload: {
          condominio_id: (await f.condominio()).id,
          nome: "Leitor varrido",
          fabricante: "controlid",
          modelo: "iDFace",
          conexao: "direta",
          endereco: aparelho.endereco,
          usuario: "admin",
          senha: SENHA,
          portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
        },
      });
      expect(criado.statusCode, criado.body).toBe(201);
      // The first round by hand: the device is known online from then on.
      expect((await request(v, "POST", `/api/dispositivos/${criado.json().id}/sincronizar`, { cookie })).statusCode).toBe(200);
      const novo = (await f.criar(`/api/unidades/${unidade}/moradores`, { nome_completo: "Davi Recém-Chegado", tipo_morador: "inquilino" })).id;
      await expect.poll(() => noAparelho(aparelho), { timeout: 10_000 }).toHaveProperty("Davi Recém-Chegado");
      // A card given to him, and taken away, reaches the device the same way.
      const cartao = await request(v, "POST", `/api/moradores/${novo}/cartoes`, { cookie, payload: { tipo: "tag", numero: "5550001" } });
      expect(cartao.statusCode, cartao.body).toBe(201);
      await expect.poll(() => pessoaNoAparelho(aparelho, "Davi Recém-Chegado")?.cartoes, { timeout: 10_000 }).toEqual(["5550001"]);
      expect((await request(v, "DELETE", `/api/moradores/${novo}/cartoes/${cartao.json().id}`, { cookie })).statusCode).toBe(204);
      await expect.poll(() => pessoaNoAparelho(aparelho, "Davi Recém-Chegado")?.cartoes, { timeout: 10_000 }).toEqual([]);
      expect((await request(v, "DELETE", `/api/moradores/${novo}`, { cookie })).statusCode).toBe(204);
      await expect.poll(() => noAparelho(aparelho), { timeout: 10_000 }).not.toHaveProperty("Davi Recém-Chegado");
    } finally {
      await v.close();
      await aparelho.desligar();
    }
  });

  it("leaves everyone 'pendente' on a device that does not answer, and never logs a password or a photo", async () => {
    const dispositivo = await cadastrar(leitor);
    leitor.desconectar();
    try {
      const resumo = await sincronizar(dispositivo);
      expect(resumo.erro).toEqual(expect.any(String));
      expect(resumo.pendentes).toBeGreaterThan(0);
      expect((await estado(dispositivo)).pessoas.every((p: { estado: string }) => p.estado === "pendente")).toBe(true);
    } finally {
      leitor.offline = false;
    }
    const texto = logs.logged();
    expect(texto).not.toContain(SENHA);
    expect(texto).not.toContain(JPEG_DE_AMOSTRA.slice(30, 80));
  });
});
