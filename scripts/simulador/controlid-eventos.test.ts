import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { criarControlId } from "./controlid";
import { formulario, json, PortalFalso, type PedidoAoPortal } from "./portal-falso";
import { SEM_COMUNICACAO, type DispositivoSimulado } from "./simulado";

// What a Control iD device sends the portal (docs/decisions/0265-eventos-dos-dispositivos.md,
// gate-operation-spec §2.3): a fake portal records the calls, and the test reads what the device did
// with the answers (relay pulses, the screen's message).

let portal: PortalFalso;
const ligados: DispositivoSimulado[] = [];

beforeEach(async () => {
  portal = await PortalFalso.iniciar();
});

afterEach(async () => {
  await Promise.all(ligados.splice(0).map((d) => d.desligar()));
  await portal.fechar();
});

function dispositivo(modo: "online" | "monitor" | null, extra: Partial<Parameters<typeof criarControlId>[0]> = {}) {
  const disp = criarControlId({
    nome: "portao",
    modelo: "iDAccess",
    serie: "0M0100/004217",
    portas: 2,
    portaMoveMs: 5,
    portaAbertaMs: 30,
    vidaMs: 0,
    ...extra,
  });
  ligados.push(disp);
  disp.pessoas.set("15", { id: "15", nome: "Ana Souza", cartoes: ["998877"], face: true });
  disp.pessoas.set("16", { id: "16", nome: "Bruno Lima", cartoes: ["112233"], face: false, bloqueada: true });
  if (modo) disp.integracao = { url: portal.url("controlid"), modo };
  return disp;
}

const valoresDao = (p: PedidoAoPortal) => json<{ object_changes: { object: string; type: string; values: Record<string, unknown> }[]; device_id: number }>(p);

/** The portal grants: event 7 with a door action, as 0265 answers. */
const conceder =
  (porta: number, mensagem = "Bem-vinda, Ana.") =>
  (pedido: PedidoAoPortal) =>
    pedido.caminho.endsWith("/new_user_identified.fcgi")
      ? {
          json: {
            result: {
              event: 7,
              user_id: 15,
              user_name: "Ana Souza",
              user_image: false,
              portal_id: porta,
              actions: [{ action: "door", parameters: `door=${porta}` }],
              message: mensagem,
            },
          },
        }
      : { json: {} };

describe("Control iD, modo online: the portal decides", () => {
  it("asks new_user_identified.fcgi with the form fields, and a grant pulses the door the portal names and shows its message", async () => {
    const disp = dispositivo("online");
    portal.responder = conceder(2);
    const decisao = await disp.identificar({ tipo: "face", valor: "15" }, 2);

    expect(decisao).toEqual({ concedido: true, mensagem: "Bem-vinda, Ana." });
    expect(disp.ultimaMensagem).toBe("Bem-vinda, Ana.");
    expect(disp.aberturas.map((a) => a.porta)).toEqual([2]);
    const [pergunta] = portal.em("/new_user_identified.fcgi");
    expect(pergunta!.caminho).toBe("/api/integracoes/controlid/tok-123/new_user_identified.fcgi");
    expect(pergunta!.metodo).toBe("POST");
    expect(pergunta!.tipo).toBe("application/x-www-form-urlencoded");
    const campos = formulario(pergunta!);
    expect(campos).toMatchObject({
      device_id: "100004217",
      identifier_id: "1",
      user_id: "15",
      card_value: "",
      qrcode_value: "",
      pin_value: "",
      portal_id: "2",
    });
    expect(Number(campos.time)).toBeGreaterThan(1_700_000_000);
    expect(campos.uuid).toMatch(/^[0-9a-f-]{36}$/);
    // The access is a line of the device's log, with the portal's decision.
    expect(disp.registros[0]).toMatchObject({ tipo: "acesso", porta: 2, pessoaId: "15", concedido: true, numero: 1 });
  });

  it("a denial shows the portal's message and pulses nothing", async () => {
    const disp = dispositivo("online");
    const decisao = await disp.identificar({ tipo: "qrcode", valor: "QR-ABC-123" });
    expect(decisao).toEqual({ concedido: false, mensagem: "Não identificado." });
    expect(disp.ultimaMensagem).toBe("Não identificado.");
    expect(disp.aberturas).toHaveLength(0);
    expect(formulario(portal.em("/new_user_identified.fcgi")[0]!)).toMatchObject({
      identifier_id: "3",
      user_id: "0",
      qrcode_value: "QR-ABC-123",
      card_value: "",
      portal_id: "1",
    });
  });

  it("sends a card with its holder's user id, a PIN in pin_value, and an unknown face as user 0", async () => {
    const disp = dispositivo("online");
    await disp.identificar({ tipo: "cartao", valor: "998877" });
    await disp.identificar({ tipo: "pin", valor: "4321" });
    await disp.identificar({ tipo: "face", valor: "999" });
    const [cartao, pin, face] = portal.em("/new_user_identified.fcgi").map(formulario);
    expect(cartao).toMatchObject({ identifier_id: "2", user_id: "15", card_value: "998877" });
    expect(pin).toMatchObject({ identifier_id: "4", user_id: "0", pin_value: "4321", card_value: "" });
    expect(face).toMatchObject({ identifier_id: "1", user_id: "0" });
    expect(new Set([cartao!.uuid, pin!.uuid, face!.uuid]).size).toBe(3);
  });

  it("denies with 'Sem comunicação com o servidor' when the portal errs, is down or does not answer in time", async () => {
    const disp = dispositivo("online", { prazoDoPortalMs: 1000 });
    portal.responder = () => ({ status: 500, json: { error: "boom" } });
    expect(await disp.identificar({ tipo: "face", valor: "15" })).toEqual({ concedido: false, mensagem: SEM_COMUNICACAO });

    portal.responder = () => "pendurar";
    expect(await disp.identificar({ tipo: "face", valor: "15" })).toEqual({ concedido: false, mensagem: SEM_COMUNICACAO });

    portal.responder = () => ({ json: { nada: true } });
    expect(await disp.identificar({ tipo: "face", valor: "15" })).toEqual({ concedido: false, mensagem: SEM_COMUNICACAO });

    disp.integracao = { url: "http://127.0.0.1:9/api/integracoes/controlid/x", modo: "online" };
    expect(await disp.identificar({ tipo: "face", valor: "15" })).toEqual({ concedido: false, mensagem: SEM_COMUNICACAO });

    expect(disp.ultimaMensagem).toBe(SEM_COMUNICACAO);
    expect(disp.aberturas).toHaveLength(0);
    // The unreadable answer got through (2xx); the other three failed.
    expect(disp.enviosFalhos).toBe(3);
    expect(disp.registros.map((r) => r.concedido)).toEqual([false, false, false, false]);
  });

  it("a slow device sends late, and the portal's time limit starts when it sends", async () => {
    const disp = dispositivo("online", { prazoDoPortalMs: 1000 });
    disp.atrasoMs = 1200;
    portal.responder = conceder(1);
    expect(await disp.identificar({ tipo: "face", valor: "15" })).toEqual({ concedido: true, mensagem: "Bem-vinda, Ana." });
  });

  it("reports its doors to api/notifications/door in online mode too", async () => {
    const disp = dispositivo("online");
    portal.responder = conceder(1);
    await disp.identificar({ tipo: "face", valor: "15" });
    await expect.poll(() => portal.em("/api/notifications/door").length).toBe(2);
    const [aberta, fechada] = portal.em("/api/notifications/door").map((p) => json(p));
    expect(aberta).toMatchObject({ door: { id: 1, open: true }, device_id: 100004217 });
    expect(fechada).toMatchObject({ door: { id: 1, open: false }, device_id: 100004217 });
    expect(typeof aberta!.time).toBe("number");
    expect(portal.em("/api/notifications/dao")).toHaveLength(0);
  });
});

describe("Control iD, modo monitor: the device decides and reports", () => {
  it("a face it holds is granted: pulse, then dao access_logs event 7 numbered as its log, then the door", async () => {
    const disp = dispositivo("monitor");
    const decisao = await disp.identificar({ tipo: "face", valor: "15" }, 2);
    expect(decisao).toEqual({ concedido: true, mensagem: "Acesso liberado" });
    expect(disp.aberturas.map((a) => a.porta)).toEqual([2]);
    await expect.poll(() => portal.em("/api/notifications/door").length).toBe(2);

    expect(portal.em("/new_user_identified.fcgi")).toHaveLength(0);
    expect(portal.pedidos.map((p) => p.caminho.replace(/^.*tok-123\//, ""))).toEqual([
      "api/notifications/dao",
      "api/notifications/door",
      "api/notifications/door",
    ]);
    const dao = valoresDao(portal.em("/api/notifications/dao")[0]!);
    expect(dao.device_id).toBe(100004217);
    expect(dao.object_changes).toEqual([
      {
        object: "access_logs",
        type: "inserted",
        values: {
          id: 1,
          time: expect.any(Number),
          event: 7,
          device_id: 100004217,
          user_id: 15,
          portal_id: 2,
          card_value: 0,
          qrcode_value: "",
          identifier_id: 1,
        },
      },
    ]);
  });

  it("denies someone its rules refuse (6) and someone it does not know (3), pulsing nothing", async () => {
    const disp = dispositivo("monitor");
    expect(await disp.identificar({ tipo: "cartao", valor: "112233" })).toEqual({ concedido: false, mensagem: "Acesso negado" });
    expect(await disp.identificar({ tipo: "cartao", valor: "000001" })).toEqual({ concedido: false, mensagem: "Não identificado" });
    // Ana has a face, but a card she does not hold is nobody's.
    expect(await disp.identificar({ tipo: "face", valor: "16" })).toEqual({ concedido: false, mensagem: "Não identificado" });
    await disp.aguardarEnvios();
    const valores = portal.em("/api/notifications/dao").map((p) => valoresDao(p).object_changes[0]!.values);
    expect(valores).toMatchObject([
      { id: 1, event: 6, user_id: 16, card_value: 112233, identifier_id: 2 },
      { id: 2, event: 3, user_id: 0, card_value: 1, identifier_id: 2 },
      { id: 3, event: 3, user_id: 0, card_value: 0, identifier_id: 1 },
    ]);
    expect(disp.aberturas).toHaveLength(0);
    expect(disp.ultimaMensagem).toBe("Não identificado");
  });

  it("a forced door: its opening, then alarm_logs cause 1", async () => {
    const disp = dispositivo("monitor");
    expect(disp.forcarPorta(2)).toBe(true);
    await disp.aguardarEnvios();
    expect(disp.aberturas).toHaveLength(0);
    expect(json(portal.em("/api/notifications/door")[0]!)).toMatchObject({ door: { id: 2, open: true } });
    const alarme = valoresDao(portal.em("/api/notifications/dao")[0]!);
    expect(alarme.object_changes).toEqual([{ object: "alarm_logs", type: "inserted", values: { id: 1, time: expect.any(Number), cause: 1, door_id: 2 } }]);
    // An open door cannot be forced open again.
    expect(disp.forcarPorta(2)).toBe(false);
  });

  it("a door held open past portaAbertaAlarmeMs: alarm_logs cause 2; closing it is reported", async () => {
    const disp = dispositivo("monitor", { portaAbertaAlarmeMs: 50 });
    expect(disp.manterAberta(1)).toBe(true);
    await expect.poll(() => portal.em("/api/notifications/dao").length).toBe(1);
    expect(valoresDao(portal.em("/api/notifications/dao")[0]!).object_changes[0]).toMatchObject({
      object: "alarm_logs",
      values: { id: 1, cause: 2, door_id: 1 },
    });
    expect(disp.fecharPorta(1)).toBe(true);
    await disp.aguardarEnvios();
    expect(portal.em("/api/notifications/door").map((p) => json<{ door: { open: boolean } }>(p).door.open)).toEqual([true, false]);
    expect(disp.portas.get(1)).toBe("fechada");
  });

  it("a door held open after a pulse does not close by itself: the alarm comes instead", async () => {
    // Without the hold the pulse closes the door at 25 ms and no alarm ever comes.
    const disp = dispositivo("monitor", { portaAbertaMs: 20, portaAbertaAlarmeMs: 200 });
    await disp.identificar({ tipo: "face", valor: "15" });
    disp.manterAberta(1);
    await expect.poll(() => portal.em("/api/notifications/dao").length).toBe(2);
    expect(disp.registros.map((r) => r.tipo)).toEqual(["acesso", "porta_aberta", "porta_mantida_aberta"]);
    expect(disp.portas.get(1)).toBe("aberta");
  });
});

describe("Control iD: heartbeat, faults and configuration", () => {
  it("beats device_is_alive.fcgi with its log's size", async () => {
    const disp = dispositivo(null, { vidaMs: 20 });
    await disp.identificar({ tipo: "cartao", valor: "000001" });
    disp.integracao = { url: portal.url("controlid"), modo: "monitor" };
    await expect.poll(() => portal.em("/device_is_alive.fcgi").length).toBeGreaterThan(0);
    const vida = portal.em("/device_is_alive.fcgi")[0]!;
    expect(vida.metodo).toBe("POST");
    expect(vida.caminho).toBe("/api/integracoes/controlid/tok-123/device_is_alive.fcgi");
    expect(json(vida)).toEqual({ access_logs: 1 });
  });

  it("delivers a duplicated event twice with the same numbers, and only that one", async () => {
    const disp = dispositivo("monitor");
    disp.duplicarProximo = true;
    await disp.identificar({ tipo: "cartao", valor: "000001" });
    await disp.identificar({ tipo: "cartao", valor: "000002" });
    await disp.aguardarEnvios();
    const daos = portal.em("/api/notifications/dao");
    expect(daos.map((p) => valoresDao(p).object_changes[0]!.values.id)).toEqual([1, 1, 2]);
    expect(daos[0]!.corpo.equals(daos[1]!.corpo)).toBe(true);
    expect(disp.duplicarProximo).toBe(false);
  });

  it("duplicates an online question with the same uuid and acts once", async () => {
    const disp = dispositivo("online");
    portal.responder = conceder(1);
    disp.duplicarProximo = true;
    await disp.identificar({ tipo: "face", valor: "15" });
    const perguntas = portal.em("/new_user_identified.fcgi").map(formulario);
    expect(perguntas).toHaveLength(2);
    expect(perguntas[0]).toEqual(perguntas[1]);
    expect(disp.aberturas).toHaveLength(1);
  });

  it("loses an event: its number is used and never sent, so the portal sees a gap", async () => {
    const disp = dispositivo("monitor");
    await disp.identificar({ tipo: "cartao", valor: "000001" });
    disp.perderProximo = true;
    await disp.identificar({ tipo: "cartao", valor: "000002" });
    await disp.identificar({ tipo: "cartao", valor: "000003" });
    await disp.aguardarEnvios();
    expect(portal.em("/api/notifications/dao").map((p) => valoresDao(p).object_changes[0]!.values.id)).toEqual([1, 3]);
    expect(disp.registros.map((r) => r.numero)).toEqual([1, 2, 3]);
  });

  it("numbers identifications only: door movements and remote openings between them leave no gap, and load_objects gives the same ids", async () => {
    const disp = dispositivo("monitor");
    await disp.identificar({ tipo: "face", valor: "15" });
    await expect.poll(() => portal.em("/api/notifications/door").length).toBe(2);
    disp.acionar(2);
    await expect.poll(() => portal.em("/api/notifications/door").length).toBe(4);
    await disp.identificar({ tipo: "cartao", valor: "000001" });
    disp.forcarPorta(1);
    await disp.aguardarEnvios();
    const mudancas = portal.em("/api/notifications/dao").map((p) => valoresDao(p).object_changes[0]!);
    expect(mudancas.map((m) => [m.object, m.values.id])).toEqual([
      ["access_logs", 1],
      ["access_logs", 2],
      ["alarm_logs", 1],
    ]);

    const endereco = await disp.ligar();
    const chamar = async (caminho: string, corpo: unknown) =>
      (await fetch(`${endereco}/${caminho}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(corpo) })).json();
    const { session } = (await chamar("login.fcgi", { login: "admin", password: "admin" })) as { session: string };
    const { access_logs } = (await chamar(`load_objects.fcgi?session=${session}`, { object: "access_logs", where: { access_logs: { id: { ">": 0 } } } })) as {
      access_logs: { id: number; event: number }[];
    };
    expect(access_logs.map((l) => [l.id, l.event])).toEqual([
      [1, 7],
      [2, 3],
    ]);
  });

  it("'Carregar Objetos' on access_logs with the documented where list: the lines between two ids, a lost one too, with the notification's fields (docs/decisions/0269)", async () => {
    const disp = dispositivo("monitor");
    await disp.identificar({ tipo: "face", valor: "15" });
    disp.perderProximo = true;
    await disp.identificar({ tipo: "cartao", valor: "112233" });
    await disp.identificar({ tipo: "qrcode", valor: "QR-1" });
    await disp.aguardarEnvios();
    expect(portal.em("/api/notifications/dao").map((p) => valoresDao(p).object_changes[0]!.values.id)).toEqual([1, 3]);

    const endereco = await disp.ligar();
    const chamar = async (caminho: string, corpo: unknown) =>
      (await fetch(`${endereco}/${caminho}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(corpo) })).json();
    const { session } = (await chamar("login.fcgi", { login: "admin", password: "admin" })) as { session: string };
    const where = [
      { object: "access_logs", field: "id", operator: ">=", value: 2, connector: ") AND (" },
      { object: "access_logs", field: "id", operator: "<=", value: 3 },
    ];
    const { access_logs } = (await chamar(`load_objects.fcgi?session=${session}`, { object: "access_logs", where, order: ["id"], limit: 1 })) as {
      access_logs: Record<string, unknown>[];
    };
    expect(access_logs).toEqual([
      { id: 2, time: expect.any(Number), event: 6, device_id: 100004217, user_id: 16, portal_id: 1, card_value: 112233, qrcode_value: "", identifier_id: 2 },
    ]);
    const todas = (await chamar(`load_objects.fcgi?session=${session}`, { object: "access_logs", where })) as { access_logs: Record<string, unknown>[] };
    expect(todas.access_logs.map((l) => [l.id, l.event, l.qrcode_value])).toEqual([
      [2, 6, ""],
      [3, 3, "QR-1"],
    ]);
  });

  it("a lost online question is no answer: the device denies without the portal", async () => {
    const disp = dispositivo("online");
    portal.responder = conceder(1);
    disp.perderProximo = true;
    expect(await disp.identificar({ tipo: "face", valor: "15" })).toEqual({ concedido: false, mensagem: SEM_COMUNICACAO });
    expect(portal.pedidos).toHaveLength(0);
  });

  it("offline, nothing is sent and the failure is counted; back online it reports again", async () => {
    const disp = dispositivo("monitor");
    disp.desconectar();
    await disp.identificar({ tipo: "cartao", valor: "000001" });
    disp.forcarPorta(2);
    await disp.aguardarEnvios();
    expect(portal.pedidos).toHaveLength(0);
    // The access, the door's opening, the alarm.
    expect(disp.enviosFalhos).toBe(3);
    disp.offline = false;
    disp.fecharPorta(2);
    await expect.poll(() => portal.em("/api/notifications/door").length).toBe(1);
  });

  it("the portal sets the integration with set_configuration.fcgi (monitor, online, off)", async () => {
    const disp = dispositivo(null);
    const endereco = await disp.ligar();
    const chamar = async (caminho: string, corpo: unknown) =>
      fetch(`${endereco}/${caminho}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(corpo) });
    const { session } = (await (await chamar("login.fcgi", { login: "admin", password: "admin" })).json()) as { session: string };

    expect((await chamar(`set_configuration.fcgi?session=${session}`, { monitor: { request_url: portal.url("controlid") } })).status).toBe(200);
    expect(disp.integracao).toEqual({ url: portal.url("controlid"), modo: "monitor" });
    await disp.identificar({ tipo: "face", valor: "15" });
    await expect.poll(() => portal.em("/api/notifications/dao").length).toBe(1);

    await chamar(`set_configuration.fcgi?session=${session}`, { online_client: { server_url: portal.url("controlid", "outro") } });
    expect(disp.integracao).toEqual({ url: portal.url("controlid", "outro"), modo: "online" });
    await chamar(`set_configuration.fcgi?session=${session}`, { online_client: { server_url: "" } });
    expect(disp.integracao).toBeNull();

    expect((await chamar("set_configuration.fcgi?session=errada", { monitor: { request_url: portal.url("controlid") } })).status).toBe(401);
    expect((await chamar(`set_configuration.fcgi?session=${session}`, { monitor: { request_url: "não é url" } })).status).toBe(400);
    expect(disp.integracao).toBeNull();
  });
});
