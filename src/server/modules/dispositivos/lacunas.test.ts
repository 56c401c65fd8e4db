import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarControlId, protocoloControlId } from "../../../../scripts/simulador/controlid";
import { criarIntelbras } from "../../../../scripts/simulador/intelbras";
import type { DispositivoSimulado, RegistroDeAcesso } from "../../../../scripts/simulador/simulado";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { pessoasDispositivo } from "../../db/schema";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, request, signIn } from "../../testing/harness";

// A gap in a device's event numbering (gate-operation-spec §2.3, docs/decisions/0269): over the
// network, the simulator's devices lose a report (`perderProximo`: the line is in their log, its
// call never goes out); the portal sees the jump in the next one, reads the skipped line from the
// device's own log when it can call the device, and records it as if delivered. What it cannot read
// is 'Eventos perdidos: N'.

// The sweeps on (each 300 ms): a gap a killed process left is taken by the next one.
const t = await createTestApp({ varreduraComandosMs: 300 });
const opcoes = { senha: "admin", portaMoveMs: 50, portaAbertaMs: 300, vidaMs: 0 };
const facial = criarControlId({ nome: "facial", modelo: "iDFace", serie: "0M0100/000888", ...opcoes });
const leitor = criarIntelbras({ nome: "leitor", modelo: "SS 3530 MF W", serie: "7F0A2B3C77", ...opcoes });
const simulados: DispositivoSimulado[] = [facial, leitor];

let admin: string;
let fixtures: Fixtures;
let base = "";
const ids = { condominio: "", unidade: "", rita: "" };

beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await Promise.all(simulados.map((d) => d.ligar()));
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
  ids.condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial das Lacunas" })).id;
  ids.unidade = (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "C", numero_unidade: "303" })).id;
  ids.rita = (await fixtures.criar(`/api/unidades/${ids.unidade}/moradores`, { nome_completo: "Rita Lacuna", tipo_morador: "proprietario" })).id;
});
afterAll(async () => {
  await Promise.all(simulados.map((d) => d.desligar()));
  await t.close();
});

/**
 * Registers the simulated device as the technician would and points it at its integration address.
 * `endereco`: where the portal calls it (default: the simulator itself); 'saida': the portal cannot.
 */
async function instalar(simulado: DispositivoSimulado, modo: "online" | "monitor", conexao: { endereco?: string } | "saida" = {}) {
  const created = await request(t, "POST", "/api/dispositivos", {
    cookie: admin,
    payload: {
      condominio_id: ids.condominio,
      nome: `${simulado.opcoes.nome} ${fixtures.seq()}`,
      fabricante: simulado.opcoes.fabricante,
      modelo: simulado.opcoes.modelo,
      ...(conexao === "saida"
        ? { conexao: "saida" }
        : { conexao: "direta", endereco: conexao.endereco ?? simulado.endereco, usuario: "admin", senha: "admin" }),
      portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
      sensor_porta: true,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id, nome, url_integracao } = created.json();
  simulado.integracao = { url: `${base}${new URL(url_integracao).pathname}`, modo };
  return { id: id as string, nome: nome as string, url: `${base}${new URL(url_integracao).pathname}` };
}

/** The synchronisation's part (§2.4): the device holds Rita under `numero`, with her face. */
async function ritaNoAparelho(simulado: DispositivoSimulado, dispositivoId: string, numero: string) {
  simulado.pessoas.set(numero, { id: numero, nome: "Rita Lacuna", cartoes: [], face: true });
  await t.database.db
    .insert(pessoasDispositivo)
    .values({ dispositivo_id: dispositivoId, id_no_dispositivo: numero, pessoa_chave: `morador:${ids.rita}`, estado: "sincronizado" });
}

const registrosDe = async (nome: string) =>
  (
    (await request(t, "GET", `/api/registros?condominio_id=${ids.condominio}&limit=100`, { cookie: admin })).json().rows as {
      nome_pessoa: string;
      resultado: string;
      metodo: string;
      operador_nome: string;
    }[]
  )
    .filter((r) => r.operador_nome === nome)
    .map((r) => [r.nome_pessoa, r.resultado, r.metodo])
    // In a fixed order: a line read from the log is recorded after the one that revealed its gap.
    .sort((a, b) => a.join().localeCompare(b.join()));

const alarmesDe = async (dispositivoId: string) =>
  (
    (await request(t, "GET", `/api/alarmes?condominio_id=${ids.condominio}`, { cookie: admin })).json().alarmes as {
      mensagem: string;
      dispositivo: { id: string } | null;
    }[]
  )
    .filter((a) => a.dispositivo?.id === dispositivoId)
    .map((a) => a.mensagem);

/** The gaps written down and not yet read or announced (docs/decisions/0269). */
const lacunasDe = async (dispositivoId: string) =>
  queryRows<{ de: number; ate: number }>(
    t.database.db,
    sql`select de::int, ate::int from portaria_web_lacunas_dispositivo where dispositivo_id = ${dispositivoId}`,
  );

/** Long enough for a gap's fetch, which runs after the device's answer, to have raised any alarm. */
const assentar = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * The Control iD scene in monitor mode: an unknown card (the first number the portal sees), Rita's
 * face whose report is lost (the device lets her in and logs it), another unknown card (the jump).
 */
async function perderRita(simulado: DispositivoSimulado) {
  await simulado.identificar({ tipo: "cartao", valor: "990001" });
  await simulado.aguardarEnvios();
  simulado.perderProximo = true;
  expect(await simulado.identificar({ tipo: "face", valor: "1001" })).toMatchObject({ concedido: true });
  await simulado.identificar({ tipo: "cartao", valor: "990002" });
  await simulado.aguardarEnvios();
}

describe("a gap in a direct Control iD's numbering (monitor mode)", () => {
  it("reads the lost identification from the device's access_logs and records it as the device decided: no 'Eventos perdidos'", async () => {
    const aparelho = await instalar(facial, "monitor");
    await ritaNoAparelho(facial, aparelho.id, "1001");
    await perderRita(facial);
    await expect
      .poll(() => registrosDe(aparelho.nome))
      .toEqual([
        ["Não identificado", "negado", "dispositivo"],
        ["Não identificado", "negado", "dispositivo"],
        ["Rita Lacuna", "liberado", "dispositivo"],
      ]);
    await assentar();
    expect(await alarmesDe(aparelho.id)).toEqual([]);
    expect(await lacunasDe(aparelho.id)).toEqual([]);
  });

  it("a gap whose reading a killed process never finished is read by the sweep of any instance", async () => {
    const aparelho = await instalar(facial, "monitor");
    await ritaNoAparelho(facial, aparelho.id, "1001");
    await facial.identificar({ tipo: "cartao", valor: "990010" });
    await facial.aguardarEnvios();
    facial.perderProximo = true;
    await facial.identificar({ tipo: "face", valor: "1001" });
    const perdida = facial.registros.at(-1)!.numero!;
    // What the statement that saw the gap leaves when its process dies before reading it: the
    // numbering moved past it, and the gap written down, due now.
    await t.database.db.execute(sql`update portaria_web_dispositivos set ultimo_numero_evento = ${perdida + 1} where id = ${aparelho.id}`);
    await t.database.db.execute(
      sql`insert into portaria_web_lacunas_dispositivo (dispositivo_id, de, ate, tentar_em) values (${aparelho.id}, ${perdida}, ${perdida}, now())`,
    );
    await expect.poll(() => registrosDe(aparelho.nome), { timeout: 5_000 }).toContainEqual(["Rita Lacuna", "liberado", "dispositivo"]);
    await expect.poll(() => lacunasDe(aparelho.id)).toEqual([]);
    expect(await alarmesDe(aparelho.id)).toEqual([]);
  });

  it("a line both read from the log and delivered late is recorded once", async () => {
    const aparelho = await instalar(facial, "monitor");
    await ritaNoAparelho(facial, aparelho.id, "1001");
    await facial.identificar({ tipo: "cartao", valor: "990003" });
    await facial.aguardarEnvios();
    facial.perderProximo = true;
    await facial.identificar({ tipo: "face", valor: "1001" });
    const perdida = facial.registros.at(-1) as RegistroDeAcesso;
    // The late delivery of the lost line (the same bytes the device would have sent): while the
    // portal reads it from the log (the read runs after the answer that revealed the gap), and once
    // more after it did.
    const entregar = async () => {
      const chamada = protocoloControlId.acesso!(facial, perdida);
      const resposta = await fetch(`${aparelho.url}/${chamada.caminho}`, {
        method: "POST",
        headers: { "content-type": chamada.tipoDoCorpo! },
        body: chamada.corpo,
      });
      expect(resposta.status).toBe(200);
    };
    await facial.identificar({ tipo: "cartao", valor: "990004" });
    await facial.aguardarEnvios();
    await entregar();
    await expect.poll(async () => (await registrosDe(aparelho.nome)).filter(([nome]) => nome === "Rita Lacuna")).toHaveLength(1);
    await entregar();
    await assentar();
    expect(await registrosDe(aparelho.nome)).toEqual([
      ["Não identificado", "negado", "dispositivo"],
      ["Não identificado", "negado", "dispositivo"],
      ["Rita Lacuna", "liberado", "dispositivo"],
    ]);
    expect(await alarmesDe(aparelho.id)).toEqual([]);
  });

  it("a line the device's log no longer holds is 'Eventos perdidos: 1'", async () => {
    const aparelho = await instalar(facial, "monitor");
    await facial.identificar({ tipo: "cartao", valor: "990005" });
    await facial.aguardarEnvios();
    facial.perderProximo = true;
    await facial.identificar({ tipo: "cartao", valor: "990006" });
    // The log rotated that line out (a full log drops its oldest).
    facial.registros.splice(facial.registros.length - 1, 1);
    await facial.identificar({ tipo: "cartao", valor: "990007" });
    await facial.aguardarEnvios();
    await expect.poll(() => alarmesDe(aparelho.id)).toEqual(["Eventos perdidos: 1"]);
    expect(await registrosDe(aparelho.nome)).toHaveLength(2);
  });

  it("a device the portal cannot reach: 'Eventos perdidos: 1', and the calls it makes still count", async () => {
    // Its reports reach the portal, but the registry's address answers nothing (a changed IP, a closed port).
    const aparelho = await instalar(facial, "monitor", { endereco: "http://127.0.0.1:9" });
    await ritaNoAparelho(facial, aparelho.id, "1001");
    await perderRita(facial);
    await expect.poll(() => alarmesDe(aparelho.id)).toEqual(["Eventos perdidos: 1"]);
    expect(await registrosDe(aparelho.nome)).toEqual([
      ["Não identificado", "negado", "dispositivo"],
      ["Não identificado", "negado", "dispositivo"],
    ]);
  });

  it("a device that connects out (the portal never calls it): 'Eventos perdidos: 1'", async () => {
    const aparelho = await instalar(facial, "monitor", "saida");
    await ritaNoAparelho(facial, aparelho.id, "1001");
    await perderRita(facial);
    await expect.poll(() => alarmesDe(aparelho.id)).toEqual(["Eventos perdidos: 1"]);
    expect(await registrosDe(aparelho.nome)).toHaveLength(2);
  });
});

describe("a gap in a direct Intelbras' RecNo (Modo Online)", () => {
  it("reads the lost question from AccessControlCardRec and records what the device did (it denied, with no answer)", async () => {
    const aparelho = await instalar(leitor, "online");
    await ritaNoAparelho(leitor, aparelho.id, "55");
    await leitor.identificar({ tipo: "cartao", valor: "ABC001" });
    await leitor.aguardarEnvios();
    leitor.perderProximo = true;
    // The question never reaches the portal: the device denies ('Sem comunicação com o servidor').
    expect(await leitor.identificar({ tipo: "face", valor: "55" })).toMatchObject({ concedido: false });
    await leitor.identificar({ tipo: "cartao", valor: "ABC002" });
    await leitor.aguardarEnvios();
    await expect
      .poll(() => registrosDe(aparelho.nome))
      .toEqual([
        ["Não identificado", "negado", "dispositivo"],
        ["Não identificado", "negado", "dispositivo"],
        ["Rita Lacuna", "negado", "dispositivo"],
      ]);
    await assentar();
    expect(await alarmesDe(aparelho.id)).toEqual([]);
  });
});
