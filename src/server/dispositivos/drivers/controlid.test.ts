import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { criarControlId } from "../../../../scripts/simulador/controlid";
import { driverControlId } from "./controlid";
import type { DispositivoSimulado } from "../../../../scripts/simulador/simulado";
import { falhaDe, simuladosDoTeste } from "../../testing/dispositivos";
import type { AlvoDoDispositivo, PessoaParaODispositivo } from "./tipos";

// The Control iD driver against the simulator (scripts/simulador/controlid.ts). Each test names
// the part of the Access API documentation (https://www.controlid.com.br/docs/access-api-pt/) it
// follows.

const ligados = simuladosDoTeste<DispositivoSimulado>();

async function dispositivo(modelo = "iDAccess", extra: Partial<Parameters<typeof criarControlId>[0]> = {}) {
  const disp = criarControlId({ nome: "portao", modelo, serie: "0M0100/004217", portas: 2, portaAbertaMs: 200, portaMoveMs: 20, ...extra });
  ligados.push(disp);
  const endereco = await disp.ligar();
  const alvo: AlvoDoDispositivo = { id: `disp-${ligados.length}`, modelo, endereco, usuario: "admin", senha: "admin" };
  return { disp, alvo };
}

const prazo = { prazoMs: 2000 };

const falha = falhaDe;

describe("Control iD driver", () => {
  it("'Informações do sistema': reads the serial, the firmware and the clock, a clock 10 min ahead included", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverControlId();
    const agora = await driver.identificar(alvo, prazo);
    expect(agora).toMatchObject({ serie: "0M0100/004217", firmware: "6.13.2" });
    expect(Math.abs(agora.relogio!.getTime() - Date.now())).toBeLessThan(2000);

    disp.desvioDoRelogioMs = 10 * 60_000;
    const adiantado = await driver.identificar(alvo, prazo);
    expect(adiantado.relogio!.getTime() - Date.now()).toBeGreaterThan(10 * 60_000 - 2000);
    expect(adiantado.relogio!.getTime() - Date.now()).toBeLessThan(10 * 60_000 + 2000);
  });

  it("'Abertura remota': `door` pulses the relay of the door asked, once, and the sensor sees it open and close", async () => {
    const { disp, alvo } = await dispositivo("iDAccess");
    await driverControlId().abrir(alvo, 2, prazo);
    expect(disp.aberturas.map((a) => a.porta)).toEqual([2]);
    await expect.poll(() => disp.registros.map((r) => r.tipo), { timeout: 2000 }).toEqual(["abertura_remota", "porta_aberta", "porta_fechada"]);
  });

  it("'Abertura remota': on an iDFace the door is the SecBox (`sec_box`), on an iDBlock the turnstile (`catra`)", async () => {
    const face = await dispositivo("iDFace");
    await driverControlId().abrir(face.alvo, 1, prazo);
    expect(face.disp.aberturas.map((a) => a.porta)).toEqual([1]);

    const catraca = await dispositivo("iDBlock");
    await driverControlId().abrir(catraca.alvo, 2, prazo);
    expect(catraca.disp.aberturas.map((a) => a.porta)).toEqual([2]);
  });

  it("'Gerenciamento de sessão': signs in once for many calls, and again, once, after the device restarts", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverControlId();
    await driver.abrir(alvo, 1, prazo);
    await driver.abrir(alvo, 1, prazo);
    expect(disp.sessoes.size).toBe(1);

    disp.reiniciar();
    await driver.abrir(alvo, 1, prazo);
    expect(disp.aberturas).toHaveLength(3);
    expect(disp.sessoes.size).toBe(1);
  });

  it("'Login' refused: says the device refused the user or password, and opens nothing", async () => {
    const { disp, alvo } = await dispositivo();
    const erro = await falha(driverControlId().abrir({ ...alvo, senha: "errada" }, 1, prazo));
    expect(erro.motivo).toBe("credenciais");
    expect(erro.message).toBe("Dispositivo recusou usuário ou senha.");
    expect(disp.aberturas).toHaveLength(0);
  });

  it("a password changed on the device after the session opened is refused the same way", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverControlId();
    await driver.identificar(alvo, prazo);
    disp.recusarCredenciais = true;
    expect((await falha(driver.abrir(alvo, 1, prazo))).message).toBe("Dispositivo recusou usuário ou senha.");
    expect(disp.aberturas).toHaveLength(0);
  });

  it("a door the device does not have: the device's error in pt-BR", async () => {
    const { alvo } = await dispositivo("iDAccess");
    const erro = await falha(driverControlId().abrir(alvo, 7, prazo));
    expect(erro.motivo).toBe("recusado");
    expect(erro.message).toBe("Dispositivo recusou o pedido: parâmetros da ação inválidos (confira o número da porta e o modelo).");
  });

  it("a device slower than the deadline: 'Dispositivo não respondeu em 1 s.'", async () => {
    const { disp, alvo } = await dispositivo();
    disp.atrasoMs = 1500;
    const erro = await falha(driverControlId().identificar(alvo, { prazoMs: 1000 }));
    expect(erro).toMatchObject({ motivo: "sem_resposta", message: "Dispositivo não respondeu em 1 s." });
  });

  it("a device off the network, or an address where nothing listens: says so", async () => {
    const { disp, alvo } = await dispositivo();
    disp.desconectar();
    expect((await falha(driverControlId().abrir(alvo, 1, prazo))).motivo).toBe("inalcancavel");

    await disp.desligar();
    const erro = await falha(driverControlId().identificar(alvo, prazo));
    expect(erro.message).toBe("Não foi possível conectar ao dispositivo: confira o endereço, a porta e a rede.");
  });
});

// Who the device lets in (gate-operation-spec §2.4): "Objetos" (users, cards) and "Cadastro facial".

/** A JPEG's first and last bytes around noise: the simulator finds a face in any JPEG or PNG. */
const fotoJpeg = (tamanho = 4000) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(tamanho), Buffer.from([0xff, 0xd9])]);
const sha256 = (dados: Buffer) => createHash("sha256").update(dados).digest("hex");

const ana = (extra: Partial<PessoaParaODispositivo> = {}): PessoaParaODispositivo => ({
  usuario: "1501",
  nome: "Ana Souza",
  cartoes: ["998877", "112233"],
  foto: fotoJpeg(),
  ...extra,
});

describe("Control iD driver: people on the device", () => {
  it("'Criar Objetos' and 'Cadastro facial': writes the user, its cards and its face; 'Carregar Objetos' lists it", async () => {
    const { disp, alvo } = await dispositivo("iDFace");
    const driver = driverControlId();
    const pessoa = ana();
    expect(await driver.usuarios(alvo, prazo)).toEqual([]);

    await driver.gravarUsuario(alvo, pessoa, prazo);

    expect(await driver.usuarios(alvo, prazo)).toEqual(["1501"]);
    expect(disp.pessoas.get("1501")).toMatchObject({
      nome: "Ana Souza",
      registro: "1501",
      cartoes: ["998877", "112233"],
      face: true,
      // The bytes arrived whole (the simulator keeps only their fingerprint).
      foto: { sha256: sha256(pessoa.foto!), bytes: pessoa.foto!.length },
    });
    // The device recognises her by face and by card.
    expect(await disp.identificar({ tipo: "face", valor: "1501" })).toMatchObject({ concedido: true });
    expect(await disp.identificar({ tipo: "cartao", valor: "112233" })).toMatchObject({ concedido: true });
  });

  it("'Modificar Objetos': writing again replaces name and cards, and without a photo the face is removed", async () => {
    const { disp, alvo } = await dispositivo("iDFace");
    const driver = driverControlId();
    await driver.gravarUsuario(alvo, ana(), prazo);

    await driver.gravarUsuario(alvo, ana({ nome: "Ana Souza Lima", cartoes: ["445566"], foto: null }), prazo);

    expect(await driver.usuarios(alvo, prazo)).toEqual(["1501"]);
    const pessoa = disp.pessoas.get("1501")!;
    expect(pessoa).toMatchObject({ nome: "Ana Souza Lima", cartoes: ["445566"], face: false });
    expect(pessoa.foto).toBeUndefined();
    expect(await disp.identificar({ tipo: "cartao", valor: "998877" })).toMatchObject({ concedido: false });
    expect(await disp.identificar({ tipo: "face", valor: "1501" })).toMatchObject({ concedido: false });
  });

  it("'Destruir Objetos': removes the user with its cards and face; removing one the device does not hold is no error", async () => {
    const { disp, alvo } = await dispositivo("iDFace");
    const driver = driverControlId();
    await driver.gravarUsuario(alvo, ana(), prazo);
    await driver.gravarUsuario(alvo, ana({ usuario: "1502", nome: "Bruno Lima", cartoes: ["223344"], foto: null }), prazo);

    await driver.removerUsuario(alvo, "1501", prazo);

    expect(await driver.usuarios(alvo, prazo)).toEqual(["1502"]);
    expect(disp.pessoas.has("1501")).toBe(false);
    expect(await disp.identificar({ tipo: "cartao", valor: "998877" })).toMatchObject({ concedido: false });
    await expect(driver.removerUsuario(alvo, "1501", prazo)).resolves.toBeUndefined();
    await expect(driver.removerUsuario(alvo, "9999", prazo)).resolves.toBeUndefined();
    expect(await driver.usuarios(alvo, prazo)).toEqual(["1502"]);
  });

  it("'Carregar Objetos' with limit and offset: reads every user of a device holding more than a page", async () => {
    const { disp, alvo } = await dispositivo();
    for (let i = 1; i <= 2345; i++) disp.pessoas.set(String(i), { id: String(i), nome: `Pessoa ${i}`, cartoes: [], face: false });
    const ids = await driverControlId().usuarios(alvo, prazo);
    expect(ids).toHaveLength(2345);
    expect(new Set(ids).size).toBe(2345);
    expect(ids.at(-1)).toBe("2345");
  });

  it("'Cadastro facial' refused (no face in the photo): the pt-BR reason; the user and cards are written, the face is not", async () => {
    const { disp, alvo } = await dispositivo("iDFace");
    disp.recusarFoto = true;
    const erro = await falha(driverControlId().gravarUsuario(alvo, ana(), prazo));
    expect(erro).toMatchObject({ motivo: "recusado", message: "Dispositivo recusou o pedido: a foto não tem um rosto que o dispositivo reconheça." });
    expect(disp.pessoas.get("1501")).toMatchObject({ cartoes: ["998877", "112233"], face: false });
    expect(disp.pessoas.get("1501")!.foto).toBeUndefined();
  });

  it("'Cadastro facial' with match=1: a face another user holds is refused; a card another user holds too", async () => {
    const { alvo } = await dispositivo("iDFace");
    const driver = driverControlId();
    const foto = fotoJpeg();
    await driver.gravarUsuario(alvo, ana({ foto }), prazo);

    const rosto = await falha(driver.gravarUsuario(alvo, ana({ usuario: "1502", cartoes: [], foto }), prazo));
    expect(rosto.message).toBe("Dispositivo recusou o pedido: o mesmo rosto já está cadastrado para outro usuário do dispositivo.");
    const cartao = await falha(driver.gravarUsuario(alvo, ana({ usuario: "1503", cartoes: ["112233"], foto: null }), prazo));
    expect(cartao.message).toBe("Dispositivo recusou o pedido: um dos cartões já pertence a outro usuário do dispositivo.");
  });

  it("numbers the device cannot hold are refused before anything is written", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverControlId();
    expect((await falha(driver.gravarUsuario(alvo, ana({ usuario: "ap-12" }), prazo))).motivo).toBe("recusado");
    expect((await falha(driver.gravarUsuario(alvo, ana({ cartoes: ["12EA3004"] }), prazo))).message).toMatch(/cartão inválido/);
    expect(disp.pessoas.size).toBe(0);
  });

  it("a device that answers OK to a removal and keeps the person: the driver cannot know, the list read back shows it", async () => {
    const { disp, alvo } = await dispositivo("iDFace");
    const driver = driverControlId();
    await driver.gravarUsuario(alvo, ana(), prazo);
    disp.naoRemover = true;

    // 'Destruir Objetos' answers as if it removed her: the driver has nothing to refuse.
    await expect(driver.removerUsuario(alvo, "1501", prazo)).resolves.toBeUndefined();
    // Only the device's own list says she is still there (§2.4: a removal counts only when the list no longer holds her).
    expect(await driver.usuarios(alvo, prazo)).toEqual(["1501"]);
    expect(disp.pessoas.get("1501")).toMatchObject({ face: true });
  });

  // "Lista de Objetos", `qrcodes` (id int 64, value string — the content the QR represents —,
  // user_id int 64), written with "Criar" / "Destruir Objetos" like cards: our reading of
  // https://www.controlid.com.br/docs/access-api-pt/objetos/lista-de-objetos/ (the object and its
  // fields as public Access API integrations use them; docs/decisions/0267-cartoes-e-qrcodes.md).
  describe("QR codes ('Lista de Objetos': qrcodes)", () => {
    const QR = "GV1.AAECAwQFBgcICQoLDA0ODwAAAZK_Zm4A.c2lnbmF0dXJl";
    /** The device's own qrcodes table, read as a portal would (login.fcgi, then load_objects.fcgi). */
    async function tabela(alvo: AlvoDoDispositivo) {
      const post = async (caminho: string, corpo: object) =>
        (await fetch(`${alvo.endereco}/${caminho}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(corpo) })).json();
      const { session } = (await post("login.fcgi", { login: "admin", password: "admin" })) as { session: string };
      return ((await post(`load_objects.fcgi?session=${session}`, { object: "qrcodes" })) as { qrcodes: unknown[] }).qrcodes;
    }
    const visitante = (extra: Partial<PessoaParaODispositivo> = {}) =>
      ana({ usuario: "1601", nome: "Vera Visitante", cartoes: [], foto: null, qrcodes: [QR], ...extra });

    it("writes the visitor's QR as a qrcodes row (value, user_id): the device lets that QR in; a rewrite replaces it", async () => {
      const { disp, alvo } = await dispositivo("iDFace");
      const driver = driverControlId();
      await driver.gravarUsuario(alvo, visitante(), prazo);

      expect(await tabela(alvo)).toEqual([{ id: 1, value: QR, user_id: 1601 }]);
      expect(await disp.identificar({ tipo: "qrcode", valor: QR })).toMatchObject({ concedido: true });

      const novo = `${QR}x`;
      await driver.gravarUsuario(alvo, visitante({ qrcodes: [novo] }), prazo);
      expect(await tabela(alvo)).toEqual([{ id: 1, value: novo, user_id: 1601 }]);
      expect(await disp.identificar({ tipo: "qrcode", valor: QR })).toMatchObject({ concedido: false });
    });

    it("'Destruir Objetos' on the user takes the QR with it", async () => {
      const { alvo } = await dispositivo("iDFace");
      const driver = driverControlId();
      await driver.gravarUsuario(alvo, visitante(), prazo);
      await driver.removerUsuario(alvo, "1601", prazo);
      expect(await driver.usuarios(alvo, prazo)).toEqual([]);
      expect(await tabela(alvo)).toEqual([]);
    });

    it("someone without `qrcodes` (a resident): the device's QR codes are left as they are", async () => {
      const { alvo } = await dispositivo("iDFace");
      const driver = driverControlId();
      await driver.gravarUsuario(alvo, visitante(), prazo);
      const { qrcodes: _semQr, ...semQr } = visitante({ nome: "Vera Visitante Silva" });
      await driver.gravarUsuario(alvo, semQr, prazo);
      expect(await tabela(alvo)).toEqual([{ id: 1, value: QR, user_id: 1601 }]);
    });

    it("a QR another user holds is refused in pt-BR; one the device cannot hold, before anything is written", async () => {
      const { disp, alvo } = await dispositivo("iDFace");
      const driver = driverControlId();
      await driver.gravarUsuario(alvo, visitante(), prazo);
      const repetido = await falha(driver.gravarUsuario(alvo, visitante({ usuario: "1602" }), prazo));
      expect(repetido.message).toBe("Dispositivo recusou o pedido: o QR Code já pertence a outro usuário do dispositivo.");
      const invalido = await falha(driver.gravarUsuario(alvo, visitante({ usuario: "1603", qrcodes: ["com espaço"] }), prazo));
      expect(invalido.message).toBe("Dispositivo recusou o pedido: QR Code inválido para o dispositivo.");
      expect(disp.pessoas.has("1603")).toBe(false);
    });
  });

  it("'Login' refused: reading, writing and removing say the device refused the user or password, and change nothing", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverControlId();
    const errado = { ...alvo, senha: "errada" };
    const chamadas = [
      () => driver.usuarios(errado, prazo),
      () => driver.gravarUsuario(errado, ana(), prazo),
      () => driver.removerUsuario(errado, "1501", prazo),
    ];
    for (const chamada of chamadas) expect(await falha(chamada())).toMatchObject({ motivo: "credenciais", message: "Dispositivo recusou usuário ou senha." });
    expect(disp.pessoas.size).toBe(0);
  });

  it("a device off the network or slower than the deadline: the reason, not a hang", async () => {
    const { disp, alvo } = await dispositivo();
    disp.atrasoMs = 1500;
    expect(await falha(driverControlId().gravarUsuario(alvo, ana(), { prazoMs: 1000 }))).toMatchObject({ motivo: "sem_resposta" });
    disp.atrasoMs = 0;
    disp.desconectar();
    expect((await falha(driverControlId().usuarios(alvo, prazo))).motivo).toBe("inalcancavel");
    expect((await falha(driverControlId().removerUsuario(alvo, "1501", prazo))).motivo).toBe("inalcancavel");
  });
});

// A gap in the monitor's numbering (gate-operation-spec §2.3, docs/decisions/0269): "Carregar
// Objetos" (load_objects.fcgi with the documented `where` list) on `access_logs`, whose fields are
// those of "Lista de Objetos" (id, time, event, device_id, identifier_id, user_id, portal_id,
// card_value, qrcode_value, pin_value): https://www.controlid.com.br/docs/access-api-pt/objetos/.
describe("Control iD driver: the access log read back ('Carregar Objetos' on access_logs)", () => {
  it("gives the lines asked for, each as its monitor notification would be, with the device's decision", async () => {
    const { disp, alvo } = await dispositivo("iDFace", { portas: 1 });
    disp.pessoas.set("15", { id: "15", nome: "Ana", cartoes: ["112233"], face: true });
    await disp.identificar({ tipo: "face", valor: "15" }); // 1: granted
    await disp.identificar({ tipo: "cartao", valor: "999" }); // 2: nobody's card
    await disp.identificar({ tipo: "qrcode", valor: "QR-ALHEIO" }); // 3: a QR it does not keep
    await disp.identificar({ tipo: "cartao", valor: "112233" }); // 4: granted by card

    const { eventos, numerosVistos } = await driverControlId().registros(alvo, { de: 2, ate: 4 }, prazo);

    expect(numerosVistos).toEqual([]);
    expect(eventos.map((e) => [e.id_no_dispositivo, e.numero, e.tipo, e.decisao_do_dispositivo, e.porta])).toEqual([
      ["log:2", 2, "identificacao", "nao_identificado", 1],
      ["log:3", 3, "identificacao", "nao_identificado", 1],
      ["log:4", 4, "identificacao", "concedido", 1],
    ]);
    expect(eventos.map((e) => e.identificador)).toEqual([
      { tipo: "cartao", valor: "999", meio: "cartao" },
      { tipo: "qrcode", valor: "QR-ALHEIO", meio: "qrcode" },
      { tipo: "usuario", valor: "15", meio: "cartao" },
    ]);
    // The same instant the log holds (the device's wall clock in seconds).
    expect(Math.abs(eventos[2]!.ocorrido_em.getTime() - disp.registros.at(-1)!.instante)).toBeLessThan(1000);
  });

  it("reads a gap longer than a page, and leaves out a line the log no longer holds", async () => {
    const { disp, alvo } = await dispositivo("iDAccess", { portas: 1 });
    for (let i = 0; i < 260; i++) await disp.identificar({ tipo: "cartao", valor: String(5000 + i) });
    // The device dropped line 100 (a full log drops its oldest; here, one in the middle).
    disp.registros.splice(
      disp.registros.findIndex((r) => r.numero === 100),
      1,
    );

    const { eventos } = await driverControlId().registros(alvo, { de: 3, ate: 255 }, prazo);

    const numeros = eventos.map((e) => e.numero);
    expect(numeros).toHaveLength(252);
    expect(numeros[0]).toBe(3);
    expect(numeros.at(-1)).toBe(255);
    expect(numeros).not.toContain(100);
  });

  it("a device off the network, or refusing the password: the reason, to be announced as lost", async () => {
    const { disp, alvo } = await dispositivo();
    expect((await falha(driverControlId().registros({ ...alvo, senha: "errada" }, { de: 1, ate: 2 }, prazo))).motivo).toBe("credenciais");
    disp.desconectar();
    expect((await falha(driverControlId().registros(alvo, { de: 1, ate: 2 }, prazo))).motivo).toBe("inalcancavel");
  });
});
