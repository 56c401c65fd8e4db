import { request } from "urllib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { criarIntelbras } from "./intelbras";
import { multipart, PortalFalso, type PedidoAoPortal } from "./portal-falso";
import { SEM_COMUNICACAO, type DispositivoSimulado } from "./simulado";

// What an Intelbras device (SS 3530/5530, Modo Online) sends the portal
// (docs/decisions/0265-eventos-dos-dispositivos.md, gate-operation-spec §2.3): multipart events
// POSTed to the integration URL, numbered by RecNo, and a GET keepalive. The fake portal parses the
// body with the standard form-data parser, as a portal would.

let portal: PortalFalso;
const ligados: DispositivoSimulado[] = [];

beforeEach(async () => {
  portal = await PortalFalso.iniciar();
});

afterEach(async () => {
  await Promise.all(ligados.splice(0).map((d) => d.desligar()));
  await portal.fechar();
});

function dispositivo(integrado = true, extra: Partial<Parameters<typeof criarIntelbras>[0]> = {}) {
  const disp = criarIntelbras({
    nome: "garagem",
    modelo: "SS 3530 MF W",
    serie: "7F0A2B3C4D",
    portas: 2,
    portaMoveMs: 5,
    portaAbertaMs: 30,
    vidaMs: 0,
    ...extra,
  });
  ligados.push(disp);
  disp.pessoas.set("15", { id: "15", nome: "Ana Souza", cartoes: ["998877"], face: true });
  if (integrado) disp.integracao = { url: portal.url("intelbras"), modo: "online" };
  return disp;
}

/** Every event the portal received, in order. */
const eventos = async (pedidos: PedidoAoPortal[]) => (await Promise.all(pedidos.filter((p) => p.metodo === "POST").map(multipart))).flatMap((m) => m.Events);

const autorizar = (pedido: PedidoAoPortal) =>
  pedido.metodo === "POST" ? { json: { message: "Bem-vinda, Ana.", code: "200", auth: "true" } } : { texto: "OK" };

describe("Intelbras Modo Online: the portal decides", () => {
  it("POSTs an AccessControl event to the URL itself, multipart with a text/plain JSON part; auth true pulses the door", async () => {
    const disp = dispositivo();
    portal.responder = autorizar;
    const decisao = await disp.identificar({ tipo: "cartao", valor: "998877" }, 2);

    expect(decisao).toEqual({ concedido: true, mensagem: "Bem-vinda, Ana." });
    expect(disp.ultimaMensagem).toBe("Bem-vinda, Ana.");
    expect(disp.aberturas.map((a) => a.porta)).toEqual([2]);
    const pedido = portal.pedidos[0]!;
    expect(pedido.metodo).toBe("POST");
    expect(pedido.caminho).toBe("/api/integracoes/intelbras/tok-123");
    expect(pedido.tipo).toBe("multipart/form-data; boundary=myboundary");
    const texto = pedido.corpo.toString("utf8");
    expect(texto.startsWith("--myboundary\r\n")).toBe(true);
    expect(texto).toMatch(/Content-Type: text\/plain\r\n(.+\r\n)*\r\n\{"Events"/);
    expect(texto.endsWith("--myboundary--\r\n")).toBe(true);

    const corpo = await multipart(pedido);
    expect(corpo.arquivos).toHaveLength(0);
    expect(corpo.Time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(corpo.Events).toEqual([
      {
        Code: "AccessControl",
        Action: "Pulse",
        Index: 1,
        Data: { RecNo: 1, UTC: expect.any(Number), UserID: "15", CardNo: "998877", Method: 1, Door: 1, Type: "Entry", Status: 0 },
      },
    ]);
    expect(Math.abs((corpo.Events[0]!.Data.UTC as number) - Date.now() / 1000)).toBeLessThan(60);
  });

  it("a face carries Method 15 and a JPEG part; auth false shows the message and pulses nothing", async () => {
    const disp = dispositivo();
    portal.responder = () => ({ json: { message: "Acesso negado: pessoa bloqueada.", code: "200", auth: "false" } });
    expect(await disp.identificar({ tipo: "face", valor: "15" })).toEqual({ concedido: false, mensagem: "Acesso negado: pessoa bloqueada." });
    expect(disp.aberturas).toHaveLength(0);
    const corpo = await multipart(portal.pedidos[0]!);
    expect(corpo.Events[0]!.Data).toMatchObject({ UserID: "15", CardNo: "", Method: 15, Door: 0 });
    expect(corpo.arquivos.map((f) => f.type)).toEqual(["image/jpeg"]);
  });

  it("a QR code is Method 20 and a PIN Method 0, both in CardNo; an unknown card has no UserID", async () => {
    const disp = dispositivo();
    await disp.identificar({ tipo: "qrcode", valor: "QR-ABC-123" });
    await disp.identificar({ tipo: "pin", valor: "4321" });
    await disp.identificar({ tipo: "cartao", valor: "000001" });
    expect((await eventos(portal.pedidos)).map((e) => e.Data)).toMatchObject([
      { RecNo: 1, UserID: "", CardNo: "QR-ABC-123", Method: 20 },
      { RecNo: 2, UserID: "", CardNo: "4321", Method: 0 },
      { RecNo: 3, UserID: "", CardNo: "000001", Method: 1 },
    ]);
    expect(disp.ultimaMensagem).toBe("Não identificado.");
  });

  it("denies with 'Sem comunicação com o servidor' when the portal errs or does not answer in time", async () => {
    const disp = dispositivo(true, { prazoDoPortalMs: 1000 });
    portal.responder = () => "pendurar";
    expect(await disp.identificar({ tipo: "cartao", valor: "998877" })).toEqual({ concedido: false, mensagem: SEM_COMUNICACAO });
    portal.responder = () => ({ status: 404, texto: "" });
    expect(await disp.identificar({ tipo: "cartao", valor: "998877" })).toEqual({ concedido: false, mensagem: SEM_COMUNICACAO });
    portal.responder = () => ({ json: { message: "?", code: "200" } });
    expect(await disp.identificar({ tipo: "cartao", valor: "998877" })).toEqual({ concedido: false, mensagem: SEM_COMUNICACAO });
    expect(disp.aberturas).toHaveLength(0);
    expect(disp.enviosFalhos).toBe(2);
  });

  it("there is no monitor mode", () => {
    const disp = dispositivo(false);
    expect(() => (disp.integracao = { url: portal.url("intelbras"), modo: "monitor" })).toThrow(/monitor/);
    expect(disp.integracao).toBeNull();
  });
});

describe("Intelbras: doors, alarms, heartbeat and faults", () => {
  it("a granted access, then DoorStatus Open and Close, numbered one after the other", async () => {
    const disp = dispositivo();
    portal.responder = autorizar;
    await disp.identificar({ tipo: "cartao", valor: "998877" }, 2);
    await expect.poll(() => portal.pedidos.length).toBe(3);
    expect((await eventos(portal.pedidos)).map((e) => [e.Code, e.Data.RecNo, e.Data.Door, e.Data.Status])).toEqual([
      ["AccessControl", 1, 1, 0],
      ["DoorStatus", 2, 1, "Open"],
      ["DoorStatus", 3, 1, "Close"],
    ]);
  });

  it("a forced door is DoorStatus Open then BreakIn; a door held open, DoorNotClosed", async () => {
    const disp = dispositivo(true, { portaAbertaAlarmeMs: 50 });
    disp.forcarPorta(1);
    disp.fecharPorta(1);
    disp.manterAberta(2);
    await expect.poll(() => portal.pedidos.length).toBe(5);
    expect((await eventos(portal.pedidos)).map((e) => [e.Code, e.Data.RecNo, e.Index, e.Data.Door])).toEqual([
      ["DoorStatus", 1, 0, 0],
      ["BreakIn", 2, 0, 0],
      ["DoorStatus", 3, 0, 0],
      ["DoorStatus", 4, 1, 1],
      ["DoorNotClosed", 5, 1, 1],
    ]);
    expect(disp.aberturas).toHaveLength(0);
  });

  it("a remote opening takes no RecNo: the door it opens is the next number", async () => {
    const disp = dispositivo();
    await disp.identificar({ tipo: "pin", valor: "4321" });
    disp.acionar(1);
    await expect.poll(() => portal.pedidos.length).toBe(3);
    expect((await eventos(portal.pedidos)).map((e) => [e.Code, e.Data.RecNo])).toEqual([
      ["AccessControl", 1],
      ["DoorStatus", 2],
      ["DoorStatus", 3],
    ]);
  });

  it("keeps alive with a GET on the URL", async () => {
    dispositivo(true, { vidaMs: 20 });
    await expect.poll(() => portal.pedidos.length).toBeGreaterThan(0);
    expect(portal.pedidos[0]).toMatchObject({ metodo: "GET", caminho: "/api/integracoes/intelbras/tok-123" });
  });

  it("a duplicated event repeats its RecNo; a lost one leaves a gap in RecNo", async () => {
    const disp = dispositivo();
    disp.duplicarProximo = true;
    await disp.identificar({ tipo: "cartao", valor: "000001" });
    disp.perderProximo = true;
    await disp.identificar({ tipo: "cartao", valor: "000002" });
    disp.forcarPorta(1);
    await disp.aguardarEnvios();
    expect((await eventos(portal.pedidos)).map((e) => [e.Code, e.Data.RecNo])).toEqual([
      ["AccessControl", 1],
      ["AccessControl", 1],
      ["DoorStatus", 3],
      ["BreakIn", 4],
    ]);
    expect(portal.pedidos[0]!.corpo.equals(portal.pedidos[1]!.corpo)).toBe(true);
  });

  it("the portal sets the Online server with configManager setConfig, under Digest", async () => {
    const disp = dispositivo(false);
    const endereco = await disp.ligar();
    const setConfig = (valor: string, digestAuth = "admin:admin") =>
      request(`${endereco}/cgi-bin/configManager.cgi?action=setConfig&OnlineServer.Url=${encodeURIComponent(valor)}`, { digestAuth, dataType: "text" });

    expect((await setConfig(portal.url("intelbras"), "admin:errada")).status).toBe(401);
    expect(disp.integracao).toBeNull();
    const resposta = await setConfig(portal.url("intelbras"));
    expect([resposta.status, resposta.data]).toEqual([200, "OK\r\n"]);
    expect(disp.integracao).toEqual({ url: portal.url("intelbras"), modo: "online" });
    await disp.identificar({ tipo: "pin", valor: "4321" });
    expect(portal.pedidos).toHaveLength(1);
    await setConfig("");
    expect(disp.integracao).toBeNull();
  });

  it("the record finder over AccessControlCardRec lists the access lines by RecNo — a lost one too — within StartTime/EndTime (docs/decisions/0269)", async () => {
    const disp = dispositivo(true, { sensorPorta: false });
    portal.responder = autorizar;
    await disp.identificar({ tipo: "cartao", valor: "998877" }, 2); // RecNo 1: the portal lets Ana in
    disp.perderProximo = true;
    await disp.identificar({ tipo: "pin", valor: "4321" }); // 2: never sent; the device denies
    await disp.aguardarEnvios();
    const endereco = await disp.ligar();
    const buscar = async (consulta: string) =>
      (await request(`${endereco}/cgi-bin/recordFinder.cgi?action=find&name=AccessControlCardRec${consulta}`, { digestAuth: "admin:admin", dataType: "text" }))
        .data as string;

    const agora = Math.floor(Date.now() / 1000);
    const linhas = (await buscar(`&StartTime=${agora - 60}&EndTime=${agora + 60}&count=10`)).split("\r\n");
    expect(linhas).toEqual(
      expect.arrayContaining([
        "found=2",
        "records[0].RecNo=1",
        "records[0].UserID=15",
        "records[0].CardNo=998877",
        "records[0].Method=1",
        "records[0].Door=1",
        "records[0].Status=1",
        "records[1].RecNo=2",
        "records[1].UserID=",
        "records[1].Method=0",
        "records[1].Status=0",
      ]),
    );
    expect(await buscar(`&StartTime=${agora + 60}&EndTime=${agora + 120}`)).toContain("found=0");
    expect(await buscar("&offset=1&count=1")).toContain("records[0].RecNo=2");
  });
});
