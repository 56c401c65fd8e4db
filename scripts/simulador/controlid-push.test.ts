import { createHash, randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { criarControlId } from "./controlid";
import { criarIntelbras } from "./intelbras";
import { json, PortalFalso, respondendoNoPush, type PedidoAoPortal } from "./portal-falso";
import { POLL_APOS_PEDIDO_MS, type DispositivoSimulado } from "./simulado";

// Control iD push mode: a device behind NAT fetches the portal's requests (GET push?deviceId=),
// performs each as the direct Access API call would (execute_actions, *_objects,
// user_set_image_list, ...), and posts how it went (POST result?deviceId=&uuid=, `{ response:
// "<JSON text>" }` or `{ error }`); it reports everything else as in monitor mode. The portal side
// is src/server/dispositivos/drivers/controlid-eventos.ts.

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

/** Any Access API request, as the portal's push answer writes it. */
const pedidoDaApi = (endpoint: string, body: unknown, uuid: string = randomUUID()) => ({ verb: "POST", endpoint, body, contentType: "application/json", uuid });

const resultados = () => portal.em("/result");
const corpoDoResultado = (p: PedidoAoPortal) => json(p);
/** A result's `response` (JSON text, as the official push example reads it) parsed. */
const respostaDoResultado = <T = Record<string, unknown>>(p: PedidoAoPortal): T => {
  const { response } = json<{ response: unknown }>(p);
  expect(typeof response).toBe("string");
  return JSON.parse(response as string) as T;
};

/** A JPEG as the simulated reader sees one (its first bytes), and bytes with no face in them. */
const jpeg = (semente: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(semente)]);
const semRosto = Buffer.from("não é uma imagem");
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

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
  it("a door request pulses that door once, the door moves and is reported, and result carries the uuid with { response: '{}' }", async () => {
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
    expect(corpoDoResultado(resultado)).toEqual({ response: "{}" });

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
    expect(resultados().map(corpoDoResultado)).toContainEqual({ response: "{}" });
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
      [uuid, { response: "{}" }],
      [uuid, { response: "{}" }],
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

describe("Control iD, modo push: any Access API request", () => {
  it("create_objects of a user, then load_objects (as `/load_objects.fcgi` with a JSON text body), gives the user back in `response`", async () => {
    const disp = dispositivo();
    const [criar, carregar] = [randomUUID(), randomUUID()];
    portal.responder = respondendoNoPush([
      pedidoDaApi("create_objects", { object: "users", values: [{ id: 42, name: "Bruno Lima", registration: "A-42" }] }, criar),
      {
        endpoint: "/load_objects.fcgi",
        body: JSON.stringify({ object: "users", where: { users: { id: 42 } } }),
        uuid: carregar,
      },
    ]);
    await expect.poll(() => resultados().length).toBe(2);
    expect(resultados().map((p) => p.consulta.get("uuid"))).toEqual([criar, carregar]);
    expect(respostaDoResultado(resultados()[0]!)).toEqual({ ids: [42] });
    expect(respostaDoResultado(resultados()[1]!)).toEqual({ users: [{ id: 42, name: "Bruno Lima", registration: "A-42", image_timestamp: 0 }] });
    expect(disp.pessoas.get("42")).toMatchObject({ nome: "Bruno Lima", face: false });
  });

  it("destroy_objects removes the user, and load_objects then lists nobody", async () => {
    const disp = dispositivo();
    portal.responder = respondendoNoPush([
      pedidoDaApi("destroy_objects.fcgi", { object: "users", where: { users: { id: 15 } } }),
      pedidoDaApi("load_objects", { object: "users" }),
    ]);
    await expect.poll(() => resultados().length).toBe(2);
    expect(resultados().map((p) => respostaDoResultado(p))).toEqual([{ changes: 1 }, { users: [] }]);
    expect(disp.pessoas.has("15")).toBe(false);
  });

  it("user_set_image_list enrolls a face; an image with no face, or an unknown user, fails in `results` while the call succeeds", async () => {
    const disp = dispositivo();
    disp.pessoas.set("16", { id: "16", nome: "Bruno Lima", cartoes: [], face: false });
    const foto = jpeg("rosto da Ana");
    portal.responder = respondendoNoPush([
      pedidoDaApi("user_set_image_list", {
        match: 1,
        user_images: [
          { user_id: 15, timestamp: 1_750_000_000, image: foto.toString("base64") },
          { user_id: 16, timestamp: 1_750_000_000, image: semRosto.toString("base64") },
          { user_id: 99, timestamp: 1_750_000_000, image: foto.toString("base64") },
        ],
      }),
    ]);
    await expect.poll(() => resultados().length).toBe(1);
    expect(respostaDoResultado(resultados()[0]!)).toEqual({
      results: [
        { user_id: 15, success: true, scores: expect.any(Object) },
        { user_id: 16, success: false, errors: [{ code: 2, message: "Face not detected" }] },
        { user_id: 99, success: false, errors: [{ code: 4, message: "User does not exist" }] },
      ],
    });
    expect(disp.pessoas.get("15")).toMatchObject({ face: true, fotoEm: 1_750_000_000, foto: { sha256: sha256(foto), bytes: foto.length } });
    expect(disp.pessoas.get("16")).toMatchObject({ face: false });
    expect(disp.pessoas.get("16")!.foto).toBeUndefined();
  });

  it("posts `{ error }` for an unknown endpoint, a call the device refuses, a request push cannot carry and a body it cannot read", async () => {
    const disp = dispositivo();
    const pedidos = [
      pedidoDaApi("remove_everything", {}),
      pedidoDaApi("load_objects", { object: "nada" }),
      pedidoDaApi("user_set_image_list", { match: 0 }),
      pedidoDaApi("create_objects", { object: "users", values: [{ id: 15, name: "Outra Ana" }] }),
      { ...pedidoDaApi("user_set_image", {}), body: jpeg("foto").toString("base64") },
      pedidoDaApi("login.fcgi", { login: "admin", password: "admin" }),
      pedidoDaApi("/logout", {}),
      pedidoDaApi("session_is_valid", {}),
      { ...pedidoDaApi("load_objects", { object: "users" }), verb: "GET" },
      { ...pedidoDaApi("load_objects", { object: "users" }), contentType: "application/octet-stream" },
      pedidoDaApi("load_objects", "{ não é JSON"),
    ];
    portal.responder = respondendoNoPush(pedidos);
    await expect.poll(() => resultados().length).toBe(pedidos.length);
    expect(resultados().map(corpoDoResultado)).toEqual([
      { error: "Unsupported request: POST remove_everything" },
      { error: "Unknown object: nada" },
      { error: "Missing user_images" },
      { error: "UNIQUE constraint failed: users.id" },
      { error: "Unsupported request: POST user_set_image" },
      { error: "Unsupported request: POST login" },
      { error: "Unsupported request: POST logout" },
      { error: "Unsupported request: POST session_is_valid" },
      { error: "Unsupported request: GET load_objects" },
      { error: "Unsupported content type: application/octet-stream" },
      { error: "Invalid JSON" },
    ]);
    expect(resultados().map((p) => p.consulta.get("uuid"))).toEqual(pedidos.map((p) => p.uuid));
    expect([...disp.pessoas.keys()]).toEqual(["15"]);
    expect(disp.pessoas.get("15")).toMatchObject({ nome: "Ana Souza", face: true });
  });

  it("drains the portal's queue: after a performed request it polls again POLL_APOS_PEDIDO_MS later, not at the next pushMs tick", async () => {
    const pushMs = 2000;
    const disp = dispositivo({ pushMs });
    const uuids = [randomUUID(), randomUUID(), randomUUID()];
    portal.responder = respondendoNoPush(
      uuids.map((uuid, i) => pedidoDaApi("create_objects", { object: "users", values: [{ id: 40 + i, name: `Pessoa ${i}` }] }, uuid)),
    );
    // The first poll comes at the first tick; the queue of three is done well within the next pushMs.
    await expect.poll(() => resultados().length, { timeout: pushMs + 1000 }).toBe(1);
    await expect.poll(() => resultados().length, { timeout: 1000 }).toBe(3);
    expect([...disp.pessoas.keys()]).toEqual(["15", "40", "41", "42"]);
    // Each performed request: its poll, its result, then the next poll no sooner than POLL_APOS_PEDIDO_MS later.
    await expect.poll(() => portal.em("/push").length, { timeout: 1000 }).toBe(4);
    const chegadas = portal.pedidos.filter((p) => p.caminho.endsWith("/push") || p.caminho.endsWith("/result"));
    expect(chegadas.map((p) => p.caminho.split("/").at(-1))).toEqual(["push", "result", "push", "result", "push", "result", "push"]);
    const instantes = chegadas.map((p) => p.instante);
    for (const i of [1, 3, 5]) {
      const intervalo = instantes[i + 1]! - instantes[i]!;
      expect(intervalo).toBeGreaterThanOrEqual(POLL_APOS_PEDIDO_MS - 20);
      expect(intervalo).toBeLessThan(1000);
    }
    // The fourth poll got `{}`: the device is back to its pushMs pace (the next tick is over 1 s away).
    await esperar(500);
    expect(portal.em("/push")).toHaveLength(4);
  }, 10_000);

  it("a request handed out again is only reported again, with no early poll after it", async () => {
    const disp = dispositivo({ pushMs: 1500 });
    const mesmo = pedidoDaApi("create_objects", { object: "users", values: [{ id: 40, name: "Pessoa" }] });
    portal.responder = respondendoNoPush([mesmo, mesmo]);
    // Performed at the first tick, handed out again at the early poll: reported twice, created once.
    await expect.poll(() => resultados().length, { timeout: 3000 }).toBe(2);
    expect(resultados().map(corpoDoResultado)).toEqual([{ response: '{"ids":[40]}' }, { response: '{"ids":[40]}' }]);
    expect([...disp.pessoas.keys()]).toEqual(["15", "40"]);
    // The next tick is over 1 s away.
    await esperar(500);
    expect(portal.em("/push")).toHaveLength(2);
  }, 10_000);
});

describe("Control iD, direct API: user_set_image_list.fcgi", () => {
  it("enrolls base64 photos per user with the same checks as user_set_image.fcgi, and refuses a body without user_images", async () => {
    const disp = dispositivo({}, null);
    disp.pessoas.set("16", { id: "16", nome: "Bruno Lima", cartoes: [], face: false });
    const endereco = await disp.ligar();
    const chamar = async (caminho: string, corpo: unknown) => {
      const resposta = await fetch(`${endereco}/${caminho}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(corpo) });
      return { status: resposta.status, corpo: (await resposta.json()) as Record<string, unknown> };
    };
    const { corpo } = await chamar("login.fcgi", { login: "admin", password: "admin" });
    const session = String(corpo.session);
    const foto = jpeg("o mesmo rosto");

    // With match, the second user's photo is the first's face: refused for that user only.
    expect(
      await chamar(`user_set_image_list.fcgi?session=${session}`, {
        match: true,
        user_images: [
          { user_id: 15, timestamp: 1_750_000_000, image: foto.toString("base64") },
          { user_id: 16, timestamp: 1_750_000_000, image: foto.toString("base64") },
          { user_id: 16, timestamp: 1_750_000_000, image: "***" },
          { user_id: 16, timestamp: 1_750_000_000, image: Buffer.alloc(1024 * 1024, 0xff).toString("base64") },
        ],
      }),
    ).toEqual({
      status: 200,
      corpo: {
        results: [
          { user_id: 15, success: true, scores: expect.any(Object) },
          { user_id: 16, success: false, errors: [{ code: 3, message: "Face already exists" }] },
          { user_id: 16, success: false, errors: [{ code: 1, message: "Invalid image: not base64" }] },
          { user_id: 16, success: false, errors: [{ code: 1, message: "Invalid image: empty or larger than 1 MB" }] },
        ],
      },
    });
    expect(disp.pessoas.get("15")).toMatchObject({ face: true, fotoEm: 1_750_000_000, foto: { sha256: sha256(foto) } });
    expect(disp.pessoas.get("16")!.face).toBe(false);

    // Without match (false or 0) the same face may go to another user.
    const semMatch = await chamar(`user_set_image_list.fcgi?session=${session}`, {
      match: 0,
      user_images: [{ user_id: 16, timestamp: 1, image: foto.toString("base64") }],
    });
    expect(semMatch.corpo).toEqual({ results: [{ user_id: 16, success: true, scores: expect.any(Object) }] });
    expect(disp.pessoas.get("16")).toMatchObject({ face: true, fotoEm: 1 });

    // The 'refuse photos' fault finds no face in any.
    disp.recusarFoto = true;
    expect((await chamar(`user_set_image_list.fcgi?session=${session}`, { user_images: [{ user_id: 15, image: foto.toString("base64") }] })).corpo).toEqual({
      results: [{ user_id: 15, success: false, errors: [{ code: 2, message: "Face not detected" }] }],
    });

    expect(await chamar(`user_set_image_list.fcgi?session=${session}`, { match: 1 })).toEqual({
      status: 400,
      corpo: { error: "Missing user_images", code: 2 },
    });
    expect(await chamar(`user_set_image_list.fcgi?session=${session}`, { user_images: {} })).toEqual({
      status: 400,
      corpo: { error: "Missing user_images", code: 2 },
    });
    expect((await chamar("user_set_image_list.fcgi?session=outra", { user_images: [] })).status).toBe(401);
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
