import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { Fixtures } from "../../testing/fixtures";
import {
  ADMIN,
  capturedLogs,
  createTestApp,
  databaseSnapshot,
  request,
  signIn,
  TEST_DEVICE_KEY,
  TEST_ORIGIN,
  userWithPermissions,
} from "../../testing/harness";
import { cofreDeSenhas } from "./senha";

// The devices' registry (gate-operation-spec §2.1) through its API, as a technician's screen uses
// it. Who may call each route, the condominium scope and hostile input are covered for every route
// by the matrix, the scope test and the fuzzer.

const logs = capturedLogs();
const t = await createTestApp({}, { logger: logs.logger });
afterAll(() => t.close());

let admin: string;
let fixtures: Fixtures;
beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => request(t, method, url, { cookie: admin, payload });

const SENHA = "Senha-Do-Portao-#2026";
const corpo = (condominio_id: string, extra: object = {}) => ({
  condominio_id,
  nome: "Portão social",
  fabricante: "controlid",
  modelo: "iDFace",
  conexao: "direta",
  endereco: "http://192.168.0.20",
  usuario: "admin",
  senha: SENHA,
  portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
  ...extra,
});

const novoCondominio = async () => (await fixtures.criar("/api/condominios", { nome: `Residencial Dispositivos ${fixtures.seq()}` })).id;
const senhaGuardada = async (id: string) =>
  (await queryRows<{ senha: string | null }>(t.database.db, sql`select senha from portaria_web_dispositivos where id = ${id}`))[0]!.senha;

describe("Dispositivos: the registry", () => {
  it("registers a device, trimmed, with its integration address, and never gives its password back", async () => {
    const condominio = await novoCondominio();
    const created = await call("POST", "/api/dispositivos", corpo(condominio, { nome: "  Portão social  ", endereco: " http://192.168.0.20/ " }));
    expect(created.statusCode, created.body).toBe(201);
    const device = created.json();
    expect(device).toMatchObject({
      nome: "Portão social",
      condominio: { id: condominio },
      fabricante: "controlid",
      conexao: "direta",
      endereco: "http://192.168.0.20",
      usuario: "admin",
      senha_definida: true,
      portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
      sensor_porta: false,
      ativo: true,
      estado: "offline",
      ultimo_contato_em: null,
    });
    expect(device).not.toHaveProperty("senha");
    expect(device.url_integracao).toMatch(new RegExp(`^${TEST_ORIGIN}/api/integracoes/controlid/[A-Za-z0-9_-]{32,}$`));

    // At rest: ciphertext that opens with the key, for this device only.
    const stored = await senhaGuardada(device.id);
    expect(stored).not.toContain(SENHA);
    const cofre = cofreDeSenhas(Buffer.from(TEST_DEVICE_KEY, "utf8"));
    expect(cofre.decifrar(device.id, stored!)).toBe(SENHA);
    expect(cofre.decifrar(await novoCondominio(), stored!)).toBeNull();

    for (const url of [`/api/dispositivos/${device.id}`, `/api/dispositivos?condominio_id=${condominio}`]) {
      const answer = await call("GET", url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(SENHA);
      expect(answer.body).not.toContain(stored!);
    }
    expect(logs.logged()).not.toContain(SENHA);
  });

  it("keeps the stored password on an edit that leaves it blank, and replaces it when one is typed", async () => {
    const device = (await call("POST", "/api/dispositivos", corpo(await novoCondominio()))).json();
    const before = await senhaGuardada(device.id);

    const kept = await call(
      "PUT",
      `/api/dispositivos/${device.id}`,
      corpo(device.condominio.id, { nome: "Portão de pedestres", senha: "", sensor_porta: true }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ nome: "Portão de pedestres", sensor_porta: true, senha_definida: true });
    expect(await senhaGuardada(device.id)).toBe(before);

    const changed = await call("PUT", `/api/dispositivos/${device.id}`, corpo(device.condominio.id, { senha: "Outra-senha-9" }));
    expect(changed.statusCode).toBe(200);
    const after = await senhaGuardada(device.id);
    expect(after).not.toBe(before);
    expect(cofreDeSenhas(Buffer.from(TEST_DEVICE_KEY, "utf8")).decifrar(device.id, after!)).toBe("Outra-senha-9");
    expect(logs.logged()).not.toContain("Outra-senha-9");
  });

  it("a device that calls out needs no address nor password", async () => {
    const created = await call(
      "POST",
      "/api/dispositivos",
      corpo(await novoCondominio(), { conexao: "saida", endereco: "", usuario: "", senha: "", fabricante: "intelbras", modelo: "SS 3530" }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ conexao: "saida", endereco: null, usuario: null, senha_definida: false });
    expect(created.json().url_integracao).toContain("/api/integracoes/intelbras/");
  });

  it("a device's token, its credential, is in no log line: the log keeps its first 4 characters", async () => {
    const created = await call("POST", "/api/dispositivos", corpo(await novoCondominio(), { conexao: "saida", endereco: "", usuario: "", senha: "" }));
    expect(created.statusCode, created.body).toBe(201);
    const caminho = new URL(created.json().url_integracao).pathname;
    const token = caminho.split("/").at(-1)!;
    const vida = await t.app.inject({ method: "POST", url: `${caminho}/device_is_alive.fcgi`, headers: { "content-type": "application/json" }, payload: {} });
    expect(vida.statusCode).toBe(200);
    expect(logs.logged()).not.toContain(token);
    expect(logs.logged()).toContain(`/api/integracoes/controlid/${token.slice(0, 4)}…/device_is_alive.fcgi`);
  });

  it("refuses what a device cannot be, naming the field, in Portuguese, and writes nothing", async () => {
    const condominio = await novoCondominio();
    const before = await databaseSnapshot(t);
    const cases: [object, Record<string, string>][] = [
      [{ nome: "   " }, { nome: "Informe o nome do dispositivo." }],
      [{ endereco: "" }, { endereco: "Informe o endereço: na conexão direta o portal chama o dispositivo." }],
      [{ endereco: "192.168.0.20" }, { endereco: "Informe o endereço do dispositivo como http://192.168.0.10 ou https://host:porta." }],
      [{ endereco: "ftp://192.168.0.20" }, { endereco: "Informe o endereço do dispositivo como http://192.168.0.10 ou https://host:porta." }],
      [{ fabricante: "hikvision" }, { fabricante: "Selecione o fabricante." }],
      [{ portas: [] }, { portas: "Informe ao menos uma porta." }],
      [
        {
          portas: [
            { numero: 1, nome: "A", sentido: "entrada" },
            { numero: 1, nome: "B", sentido: "saida" },
          ],
        },
        { "portas.1.numero": "Cada porta tem um número diferente." },
      ],
      [{ portas: [{ numero: 9, nome: "A", sentido: "entrada" }] }, { "portas.0.numero": "O número da porta vai de 1 a 8." }],
    ];
    for (const [change, fields] of cases) {
      const refused = await call("POST", "/api/dispositivos", corpo(condominio, change));
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().error.fields).toEqual(fields);
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("one name per condominium, whatever its case; the same name in another condominium is fine", async () => {
    const [a, b] = [await novoCondominio(), await novoCondominio()];
    expect((await call("POST", "/api/dispositivos", corpo(a, { nome: "Garagem" }))).statusCode).toBe(201);
    const duplicate = await call("POST", "/api/dispositivos", corpo(a, { nome: "GARAGEM" }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({
      message: "Já existe um dispositivo com este nome neste condomínio.",
      fields: { nome: "Já existe um dispositivo com este nome neste condomínio." },
    });
    expect((await call("POST", "/api/dispositivos", corpo(b, { nome: "Garagem" }))).statusCode).toBe(201);
  });

  it("refuses an inactive condominium", async () => {
    const condominio = await novoCondominio();
    expect((await call("PUT", `/api/condominios/${condominio}`, { nome: `Residencial Inativo ${fixtures.seq()}`, ativo: false })).statusCode).toBe(200);
    const refused = await call("POST", "/api/dispositivos", corpo(condominio));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ condominio_id: "Escolha um condomínio ativo." });
  });

  it("'Gerar novo endereço' replaces the integration address", async () => {
    const device = (await call("POST", "/api/dispositivos", corpo(await novoCondominio()))).json();
    const renewed = await call("POST", `/api/dispositivos/${device.id}/novo-endereco`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().url_integracao).not.toBe(device.url_integracao);
    expect(renewed.json().url_integracao).toMatch(/\/api\/integracoes\/controlid\/[A-Za-z0-9_-]{32,}$/);
    expect((await call("GET", `/api/dispositivos/${device.id}`)).json().url_integracao).toBe(renewed.json().url_integracao);
  });

  it("pages by name, the next page after the cursor, and searches name and model", async () => {
    const condominio = await novoCondominio();
    for (const [nome, modelo] of [
      ["Catraca", "iDBlock"],
      ["Academia", "iDFlex"],
      ["Brinquedoteca", "SS 5530"],
    ])
      expect((await call("POST", "/api/dispositivos", corpo(condominio, { nome, modelo }))).statusCode).toBe(201);
    const first = (await call("GET", `/api/dispositivos?condominio_id=${condominio}&limit=2`)).json();
    expect(first.rows.map((r: { nome: string }) => r.nome)).toEqual(["Academia", "Brinquedoteca"]);
    expect(first.total).toBe(3);
    const second = (await call("GET", `/api/dispositivos?condominio_id=${condominio}&limit=2&after=${first.next}`)).json();
    expect(second.rows.map((r: { nome: string }) => r.nome)).toEqual(["Catraca"]);
    expect(second.next).toBeNull();
    const byModel = (await call("GET", `/api/dispositivos?condominio_id=${condominio}&q=idblock`)).json();
    expect(byModel.rows.map((r: { nome: string }) => r.nome)).toEqual(["Catraca"]);
  });

  it("a user of another condominium neither sees nor changes a device", async () => {
    const [mine, theirs] = [await novoCondominio(), await novoCondominio()];
    const device = (await call("POST", "/api/dispositivos", corpo(theirs))).json();
    const { cookie: tecnico } = await userWithPermissions(t, `tecnico.${fixtures.seq()}@teste.local`, ["gerenciar_dispositivos"], [mine]);
    const as = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => request(t, method, url, { cookie: tecnico, payload });
    expect((await as("GET", "/api/dispositivos")).json().rows.map((r: { id: string }) => r.id)).not.toContain(device.id);
    const before = await databaseSnapshot(t);
    expect((await as("GET", `/api/dispositivos/${device.id}`)).statusCode).toBe(404);
    expect((await as("PUT", `/api/dispositivos/${device.id}`, corpo(mine))).statusCode).toBe(404);
    expect((await as("POST", `/api/dispositivos/${device.id}/novo-endereco`)).statusCode).toBe(404);
    expect((await as("DELETE", `/api/dispositivos/${device.id}`)).statusCode).toBe(404);
    expect((await as("POST", "/api/dispositivos", corpo(theirs, { nome: "Intruso" }))).statusCode).toBe(400);
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("deletes a device; it is then as unknown as one that never existed", async () => {
    const created = (await call("POST", "/api/dispositivos", corpo(await novoCondominio()))).json();
    expect((await call("DELETE", `/api/dispositivos/${created.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/dispositivos/${created.id}`)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/dispositivos/${created.id}`)).statusCode).toBe(404);
  });
});
