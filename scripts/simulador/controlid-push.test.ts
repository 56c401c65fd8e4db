import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { criarControlId } from "./controlid";
import { criarIntelbras } from "./intelbras";
import { json, PortalFalso, respondendoNoPush, type PedidoAoPortal } from "./portal-falso";
import type { DispositivoSimulado } from "./simulado";

// Control iD push mode: a device behind NAT fetches the portal's commands (GET push?deviceId=),
// performs them as its own execute_actions.fcgi would, and posts how it went (POST
// result?deviceId=&uuid=); it reports everything else as in monitor mode. The portal side is
// src/server/dispositivos/drivers/controlid-eventos.ts.

let portal: PortalFalso;
const ligados: DispositivoSimulado[] = [];

beforeEach(async () => {
  portal = await PortalFalso.iniciar();
});

afterEach(async () => {
  await Promise.all(ligados.splice(0).map((d) => d.desligar()));
  await portal.fechar();
});

const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function dispositivo(extra: Partial<Parameters<typeof criarControlId>[0]> = {}, modo: "push" | null = "push") {
  const disp = criarControlId({
    nome: "portao",
    modelo: "iDAccess",
    serie: "0M0100/004217",
    portas: 2,
    portaMoveMs: 5,
    portaAbertaMs: 30,
    vidaMs: 0,
    pushMs: 20,
    ...extra,
  });
  ligados.push(disp);
  disp.pessoas.set("15", { id: "15", nome: "Ana Souza", cartoes: ["998877"], face: true });
  if (modo) disp.integracao = { url: portal.url("controlid"), modo };
  return disp;
}

/** A request as the portal's push answer writes it. */
const pedido = (acao: { action: string; parameters: string }, uuid: string = randomUUID()) => ({
  verb: "POST",
  endpoint: "execute_actions",
  body: { actions: [acao] },
  contentType: "application/json",
  uuid,
});

const resultados = () => portal.em("/result");
const corpoDoResultado = (p: PedidoAoPortal) => json(p);

describe("Control iD, modo push: polling", () => {
  it("asks GET push?deviceId=<device_id> every pushMs, and `{}` does nothing", async () => {
    const disp = dispositivo();
    await expect.poll(() => portal.em("/push").length).toBeGreaterThanOrEqual(3);
    const busca = portal.em("/push")[0]!;
    expect(busca.metodo).toBe("GET");
    expect(busca.caminho).toBe("/api/integracoes/controlid/tok-123/push");
    expect(Object.fromEntries(busca.consulta)).toEqual({ deviceId: "100004217" });
    expect(busca.corpo).toHaveLength(0);

    expect(resultados()).toHaveLength(0);
    expect(disp.aberturas).toHaveLength(0);
    expect(disp.registros).toHaveLength(0);
    expect(disp.enviosFalhos).toBe(0);
  });

  it("does not poll in the other modes, nor with pushMs 0", async () => {
    dispositivo({}, null).integracao = { url: portal.url("controlid"), modo: "monitor" };
    dispositivo({ serie: "0M0100/000002" }, null).integracao = { url: portal.url("controlid"), modo: "online" };
    dispositivo({ serie: "0M0100/000003", pushMs: 0 });
    await esperar(120);
    expect(portal.em("/push")).toHaveLength(0);
  });

  it("offline it does not poll; back on the network it polls again", async () => {
    const disp = dispositivo();
    await expect.poll(() => portal.em("/push").length).toBeGreaterThan(0);
    disp.desconectar();
    // A poll already on its way may still arrive.
    await esperar(40);
    const antes = portal.em("/push").length;
    const falhasAntes = disp.enviosFalhos;
    await esperar(150);
    expect(portal.em("/push")).toHaveLength(antes);
    // Skipped ticks are not failed calls: nothing was sent.
    expect(disp.enviosFalhos).toBe(falhasAntes);
    disp.offline = false;
    await expect.poll(() => portal.em("/push").length).toBeGreaterThan(antes);
  });

  it("a failed poll is counted and simply retried at the next tick", async () => {
    const disp = dispositivo();
    const uuid = randomUUID();
    let falhar = 2;
    portal.responder = (p) => {
      if (p.caminho.endsWith("/push") && falhar-- > 0) return { status: 503, json: { error: "indisponível" } };
      return respondendoNoPush([])(p);
    };
    await expect.poll(() => disp.enviosFalhos).toBe(2);
    expect(disp.ultimaFalhaDeEnvio).toBe("HTTP 503");
    portal.responder = respondendoNoPush([pedido({ action: "door", parameters: "door=1" }, uuid)]);
    await expect.poll(() => resultados().length).toBe(1);
    expect(resultados()[0]!.consulta.get("uuid")).toBe(uuid);
    expect(disp.aberturas).toHaveLength(1);
  });

  it("a slow device is slow to poll too: each poll goes out atrasoMs late, one at a time", async () => {
    const disp = dispositivo();
    disp.atrasoMs = 150;
    await esperar(100);
    expect(portal.em("/push")).toHaveLength(0);
    await expect.poll(() => portal.em("/push").length).toBeGreaterThan(0);
    // Ticks while a poll waits are skipped, not piled up: at most one poll per atrasoMs.
    await esperar(160);
    expect(portal.em("/push").length).toBeLessThanOrEqual(3);
  });
});

describe("Control iD, modo push: performing the portal's requests", () => {
  it("a door request pulses that door once, the door moves and is reported, and result carries the uuid with { response: {} }", async () => {
    const disp = dispositivo();
    const uuid = randomUUID();
    portal.responder = respondendoNoPush([pedido({ action: "door", parameters: "door=2" }, uuid)]);
    await expect.poll(() => resultados().length).toBe(1);

    expect(disp.aberturas.map((a) => a.porta)).toEqual([2]);
    const resultado = resultados()[0]!;
    expect(resultado.metodo).toBe("POST");
    expect(resultado.caminho).toBe("/api/integracoes/controlid/tok-123/result");
    expect(Object.fromEntries(resultado.consulta)).toEqual({ deviceId: "100004217", uuid });
    expect(resultado.tipo).toBe("application/json");
    expect(corpoDoResultado(resultado)).toEqual({ response: {} });

    // As a direct execute_actions.fcgi: a remote opening in the log, the door opens and closes,
    // and the door notifications go out as in the other modes.
    await expect.poll(() => portal.em("/api/notifications/door").length).toBe(2);
    expect(portal.em("/api/notifications/door").map((p) => json<{ door: { id: number; open: boolean } }>(p).door)).toEqual([
      { id: 2, open: true },
      { id: 2, open: false },
    ]);
    expect(disp.registros.map((r) => r.tipo)).toEqual(["abertura_remota", "porta_aberta", "porta_fechada"]);
    // Later polls get `{}`: nothing more happens.
    const buscas = portal.em("/push").length;
    await expect.poll(() => portal.em("/push").length).toBeGreaterThan(buscas + 1);
    expect(disp.aberturas).toHaveLength(1);
    expect(resultados()).toHaveLength(1);
  });

  it("the SecBox of an iDFace and the turnstile of an iDBlock, as the portal writes their actions", async () => {
    const idface = dispositivo({ modelo: "iDFace", portas: 1 });
    const idblock = dispositivo({ modelo: "iDBlock", serie: "0M0300/000103", sensorPorta: false });
    portal.responder = (p) =>
      respondendoNoPush(
        p.consulta.get("deviceId") === "100004217"
          ? [pedido({ action: "sec_box", parameters: "id=65793,reason=3" })]
          : [pedido({ action: "catra", parameters: "allow=anticlockwise" })],
      )(p);
    await expect.poll(() => idface.aberturas.length + idblock.aberturas.length).toBeGreaterThanOrEqual(2);
    // Each device is handed its request at every poll here, each time a new uuid: one pulse each.
    expect(idface.aberturas[0]!.porta).toBe(1);
    expect(idblock.aberturas[0]!.porta).toBe(2);
    expect(resultados().map(corpoDoResultado)).toContainEqual({ response: {} });
  });

  it("an invalid action is not performed and result carries the device's error", async () => {
    const disp = dispositivo();
    const [porta9, desconhecida, outroEndpoint] = [randomUUID(), randomUUID(), randomUUID()];
    portal.responder = respondendoNoPush([
      pedido({ action: "door", parameters: "door=9" }, porta9),
      pedido({ action: "sec_box", parameters: "id=1" }, desconhecida),
      { verb: "POST", endpoint: "remove_users", body: { user_ids: [15] }, contentType: "application/json", uuid: outroEndpoint },
    ]);
    await expect.poll(() => resultados().length).toBe(3);
    expect(resultados().map((p) => [p.consulta.get("uuid"), corpoDoResultado(p)])).toEqual([
      [porta9, { error: "Invalid action parameters: door door=9" }],
      [desconhecida, { error: "Invalid action parameters: sec_box id=1" }],
      [outroEndpoint, { error: "Unsupported request: POST remove_users" }],
    ]);
    expect(disp.aberturas).toHaveLength(0);
    expect(disp.registros).toHaveLength(0);
  });

  it("never performs a uuid twice: the same request handed out again is only reported again", async () => {
    const disp = dispositivo();
    const uuid = randomUUID();
    const mesmo = pedido({ action: "door", parameters: "door=1" }, uuid);
    portal.responder = respondendoNoPush([mesmo, mesmo]);
    await expect.poll(() => resultados().length).toBe(2);
    expect(disp.aberturas).toHaveLength(1);
    expect(resultados().map((p) => [p.consulta.get("uuid"), corpoDoResultado(p)])).toEqual([
      [uuid, { response: {} }],
      [uuid, { response: {} }],
    ]);
    expect(disp.registros.filter((r) => r.tipo === "abertura_remota")).toHaveLength(1);
  });

  it("an answer without a uuid, or one the device cannot read, is nothing to do", async () => {
    const disp = dispositivo();
    portal.responder = respondendoNoPush([{ verb: "POST", endpoint: "execute_actions", body: { actions: [{ action: "door", parameters: "door=1" }] } }, []]);
    await expect.poll(() => portal.em("/push").length).toBeGreaterThanOrEqual(4);
    expect(disp.aberturas).toHaveLength(0);
    expect(resultados()).toHaveLength(0);
  });
});

describe("Control iD, modo push: reports as monitor mode", () => {
  it("decides identifications itself and reports them to api/notifications/dao, and beats device_is_alive.fcgi", async () => {
    const disp = dispositivo({ vidaMs: 20 });
    expect(await disp.identificar({ tipo: "face", valor: "15" })).toEqual({ concedido: true, mensagem: "Acesso liberado" });
    expect(disp.aberturas.map((a) => a.porta)).toEqual([1]);
    await expect.poll(() => portal.em("/api/notifications/door").length).toBe(2);
    expect(portal.em("/new_user_identified.fcgi")).toHaveLength(0);
    const [dao] = portal.em("/api/notifications/dao").map((p) => json<{ object_changes: { object: string; values: Record<string, unknown> }[] }>(p));
    expect(dao!.object_changes[0]).toMatchObject({ object: "access_logs", values: { id: 1, event: 7, user_id: 15, portal_id: 1 } });
    await expect.poll(() => portal.em("/device_is_alive.fcgi").length).toBeGreaterThan(0);
  });

  it("set_configuration.fcgi with push_server.push_remote_address turns push mode on; an empty address turns it off", async () => {
    const disp = dispositivo({}, null);
    const endereco = await disp.ligar();
    const chamar = async (caminho: string, corpo: unknown) =>
      fetch(`${endereco}/${caminho}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(corpo) });
    const { session } = (await (await chamar("login.fcgi", { login: "admin", password: "admin" })).json()) as { session: string };

    expect((await chamar(`set_configuration.fcgi?session=${session}`, { push_server: { push_remote_address: portal.url("controlid") } })).status).toBe(200);
    expect(disp.integracao).toEqual({ url: portal.url("controlid"), modo: "push" });
    await expect.poll(() => portal.em("/push").length).toBeGreaterThan(0);

    // Push already reports as monitor does: a body setting both is push.
    await chamar(`set_configuration.fcgi?session=${session}`, {
      monitor: { request_url: portal.url("controlid", "outro") },
      push_server: { push_remote_address: portal.url("controlid", "outro") },
    });
    expect(disp.integracao).toEqual({ url: portal.url("controlid", "outro"), modo: "push" });

    await chamar(`set_configuration.fcgi?session=${session}`, { push_server: { push_remote_address: "" } });
    expect(disp.integracao).toBeNull();
    await esperar(40);
    const buscas = portal.em("/push").length;
    await esperar(100);
    expect(portal.em("/push")).toHaveLength(buscas);
  });

  it("Intelbras has no push mode", () => {
    const garagem = criarIntelbras({ nome: "garagem", modelo: "SS 3530 MF W", serie: "7F0A2B3C4D", vidaMs: 0 });
    ligados.push(garagem);
    expect(() => (garagem.integracao = { url: portal.url("intelbras"), modo: "push" })).toThrow(/push/);
    expect(garagem.modos).toEqual(["online"]);
  });
});
