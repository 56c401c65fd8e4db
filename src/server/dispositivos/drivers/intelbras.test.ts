import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { criarIntelbras } from "../../../../scripts/simulador/intelbras";
import { driverIntelbras, FOTO_MAXIMA_INTELBRAS, linhasChaveValor } from "./intelbras";
import type { DispositivoSimulado } from "../../../../scripts/simulador/simulado";
import { falhaDe, simuladosDoTeste } from "../../testing/dispositivos";
import type { AlvoDoDispositivo, PessoaParaODispositivo } from "./tipos";

// The Intelbras driver against the simulator (scripts/simulador/intelbras.ts). Each test names the
// part of the Intelbras access-control API documentation (https://intelbras-caco-api.intelbras.com.br/)
// it follows.

const ligados = simuladosDoTeste<DispositivoSimulado>();

async function dispositivo() {
  const disp = criarIntelbras({ nome: "garagem", modelo: "SS 3530 MF W", serie: "7F0A2B3C4D", portas: 2, portaAbertaMs: 200, portaMoveMs: 20 });
  ligados.push(disp);
  const endereco = await disp.ligar();
  const alvo: AlvoDoDispositivo = { id: "intelbras-1", modelo: "SS 3530 MF W", endereco, usuario: "admin", senha: "admin" };
  return { disp, alvo };
}

const prazo = { prazoMs: 2000 };

const falha = falhaDe;

describe("Intelbras driver", () => {
  it("reads `key=value` answers, CRLF or not", () => {
    expect(linhasChaveValor("deviceType=SS 3530 MF W\r\nserialNumber=ABC\r\n")).toEqual({ deviceType: "SS 3530 MF W", serialNumber: "ABC" });
    expect(linhasChaveValor("result=2026-11-27 21:30:05\n")).toEqual({ result: "2026-11-27 21:30:05" });
  });

  it("'Informações do dispositivo' and 'Data e hora', behind Digest: the model, serial, firmware and clock", async () => {
    const { disp, alvo } = await dispositivo();
    disp.desvioDoRelogioMs = -5 * 60_000;
    const identidade = await driverIntelbras().identificar(alvo, prazo);
    expect(identidade).toMatchObject({ modelo: "SS 3530 MF W", serie: "7F0A2B3C4D", firmware: "2.000.0000000.7.R" });
    const diferenca = identidade.relogio!.getTime() - Date.now();
    expect(diferenca).toBeGreaterThan(-5 * 60_000 - 2000);
    expect(diferenca).toBeLessThan(-5 * 60_000 + 2000);
  });

  it("'Abrir porta': openDoor on the channel of the door asked, once; the door status follows the sensor", async () => {
    const { disp, alvo } = await dispositivo();
    await driverIntelbras().abrir(alvo, 2, prazo);
    expect(disp.aberturas.map((a) => a.porta)).toEqual([2]);
    await expect.poll(() => disp.portas.get(2), { timeout: 1000 }).toBe("aberta");
    await expect.poll(() => disp.portas.get(2), { timeout: 2000 }).toBe("fechada");
  });

  it("Digest refused (wrong password): says the device refused the user or password, and opens nothing", async () => {
    const { disp, alvo } = await dispositivo();
    const erro = await falha(driverIntelbras().abrir({ ...alvo, senha: "errada" }, 1, prazo));
    expect(erro).toMatchObject({ motivo: "credenciais", message: "Dispositivo recusou usuário ou senha." });
    expect(disp.aberturas).toHaveLength(0);
  });

  it("a door the device does not have: the device's 'Bad Request!' in pt-BR", async () => {
    const { alvo } = await dispositivo();
    const erro = await falha(driverIntelbras().abrir(alvo, 5, prazo));
    expect(erro).toMatchObject({ motivo: "recusado", message: "Dispositivo recusou o pedido: pedido inválido (confira o número da porta e o modelo)." });
  });

  it("a device slower than the deadline, or off the network: the reason, not a hang", async () => {
    const { disp, alvo } = await dispositivo();
    disp.atrasoMs = 1500;
    expect(await falha(driverIntelbras().abrir(alvo, 1, { prazoMs: 1000 }))).toMatchObject({
      motivo: "sem_resposta",
      message: "Dispositivo não respondeu em 1 s.",
    });
    disp.atrasoMs = 0;
    disp.desconectar();
    expect((await falha(driverIntelbras().abrir(alvo, 1, prazo))).motivo).toBe("inalcancavel");
    expect(disp.aberturas).toHaveLength(0);
  });
});

// Who the device lets in (gate-operation-spec §2.4): "Cadastro de Usuários", "Cadastrar Cartões",
// "Cadastrar Faces", and the list of users read back with the record finder.

/** A JPEG's first and last bytes around noise: the simulator finds a face in any JPEG or PNG. */
const fotoJpeg = (tamanho = 4000) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(tamanho), Buffer.from([0xff, 0xd9])]);
const sha256 = (dados: Buffer) => createHash("sha256").update(dados).digest("hex");

const ana = (extra: Partial<PessoaParaODispositivo> = {}): PessoaParaODispositivo => ({
  usuario: "1501",
  nome: "Ana Souza",
  // The portal's numbers are decimal (as printed): 0x12EA3004 and 0x6710BF.
  cartoes: ["317337604", "006754495"],
  foto: fotoJpeg(),
  ...extra,
});

describe("Intelbras driver: people on the device", () => {
  it("'Cadastro de Usuários', 'Cadastrar Cartões' and 'Cadastrar Faces': writes the person; the record finder lists them", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverIntelbras();
    const pessoa = ana();
    expect(await driver.usuarios(alvo, prazo)).toEqual([]);

    await driver.gravarUsuario(alvo, pessoa, prazo);

    expect(await driver.usuarios(alvo, prazo)).toEqual(["1501"]);
    expect(disp.pessoas.get("1501")).toMatchObject({
      nome: "Ana Souza",
      // Cards go in upper-case hexadecimal, as the documentation asks (and the device reads them).
      cartoes: ["12EA3004", "6710BF"],
      face: true,
      foto: { sha256: sha256(pessoa.foto!), bytes: pessoa.foto!.length },
    });
  });

  it("writing again replaces name and cards, and without a photo the face is gone", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverIntelbras();
    await driver.gravarUsuario(alvo, ana(), prazo);

    await driver.gravarUsuario(alvo, ana({ nome: "Ana Souza Lima", cartoes: ["11259375"], foto: null }), prazo);

    expect(await driver.usuarios(alvo, prazo)).toEqual(["1501"]);
    const pessoa = disp.pessoas.get("1501")!;
    expect(pessoa).toMatchObject({ nome: "Ana Souza Lima", cartoes: ["ABCDEF"], face: false });
    expect(pessoa.foto).toBeUndefined();
  });

  it("more than ten cards go in batches of ten ('Permitido no máximo 10 cartões por requisição')", async () => {
    const { disp, alvo } = await dispositivo();
    const cartoes = Array.from({ length: 23 }, (_, i) => 0xa000 + i);
    await driverIntelbras().gravarUsuario(alvo, ana({ cartoes: cartoes.map(String), foto: null }), prazo);
    expect(disp.pessoas.get("1501")!.cartoes).toEqual(cartoes.map((c) => c.toString(16).toUpperCase()));
  });

  it("removeMulti: removes the user with cards and face; removing one the device does not hold is no error", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverIntelbras();
    await driver.gravarUsuario(alvo, ana(), prazo);
    await driver.gravarUsuario(alvo, ana({ usuario: "1502", nome: "Bruno Lima", cartoes: ["223344"], foto: null }), prazo);

    await driver.removerUsuario(alvo, "1501", prazo);

    expect(await driver.usuarios(alvo, prazo)).toEqual(["1502"]);
    expect(disp.pessoas.has("1501")).toBe(false);
    await expect(driver.removerUsuario(alvo, "1501", prazo)).resolves.toBeUndefined();
    await expect(driver.removerUsuario(alvo, "9999", prazo)).resolves.toBeUndefined();
  });

  it("the record finder, page by page: reads every user of a device holding more than a page", async () => {
    const { disp, alvo } = await dispositivo();
    for (let i = 1; i <= 1234; i++) disp.pessoas.set(String(i), { id: String(i), nome: `Pessoa ${i}`, cartoes: [], face: false });
    const ids = await driverIntelbras().usuarios(alvo, prazo);
    expect(ids).toHaveLength(1234);
    expect(new Set(ids).size).toBe(1234);
  });

  it("'Cadastrar Faces' refused (no face in the photo): the pt-BR reason; the user and cards are written, the face is not", async () => {
    const { disp, alvo } = await dispositivo();
    disp.recusarFoto = true;
    const erro = await falha(driverIntelbras().gravarUsuario(alvo, ana(), prazo));
    expect(erro).toMatchObject({ motivo: "recusado", message: "Dispositivo recusou o pedido: a foto não tem um rosto que o dispositivo reconheça." });
    expect(disp.pessoas.get("1501")).toMatchObject({ cartoes: ["12EA3004", "6710BF"], face: false });
  });

  it("'Cadastrar Faces': a photo over 100 KB is refused with the limit, without sending it", async () => {
    const { disp, alvo } = await dispositivo();
    const erro = await falha(driverIntelbras().gravarUsuario(alvo, ana({ foto: fotoJpeg(FOTO_MAXIMA_INTELBRAS) }), prazo));
    expect(erro.message).toBe("Dispositivo recusou o pedido: a foto passa de 100 KB, o maior arquivo que o dispositivo aceita.");
    expect(disp.pessoas.get("1501")).toMatchObject({ face: false });
  });

  it("a card another user holds, or one that is not a decimal number, is refused in pt-BR", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverIntelbras();
    await driver.gravarUsuario(alvo, ana({ foto: null }), prazo);
    expect((await falha(driver.gravarUsuario(alvo, ana({ usuario: "1502", cartoes: ["6754495"], foto: null }), prazo))).message).toBe(
      "Dispositivo recusou o pedido: um dos cartões foi recusado (já pertence a outro usuário do dispositivo, ou não é um número hexadecimal).",
    );
    expect((await falha(driver.gravarUsuario(alvo, ana({ usuario: "1503", cartoes: ["12-34"] }), prazo))).message).toMatch(/cartão inválido/);
    expect(disp.pessoas.has("1503")).toBe(false);
  });

  it("a device that answers OK to a removal and keeps the person: the driver cannot know, the list read back shows it", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverIntelbras();
    await driver.gravarUsuario(alvo, ana(), prazo);
    disp.naoRemover = true;

    // removeMulti answers OK: the driver has nothing to refuse.
    await expect(driver.removerUsuario(alvo, "1501", prazo)).resolves.toBeUndefined();
    // Only the device's own list says she is still there (§2.4).
    expect(await driver.usuarios(alvo, prazo)).toEqual(["1501"]);
    expect(disp.pessoas.get("1501")).toMatchObject({ face: true });
    // Writing her again removes and inserts (the documentation's way to update): the kept record is named as the cause.
    expect((await falha(driver.gravarUsuario(alvo, ana({ nome: "Ana Lima" }), prazo))).message).toBe(
      "Dispositivo recusou o pedido: o dispositivo respondeu que removeu o cadastro anterior desta pessoa, mas o manteve, e não aceita regravá-lo.",
    );
    expect(disp.pessoas.get("1501")).toMatchObject({ nome: "Ana Souza" });
  });

  it("Digest refused: reading, writing and removing say the device refused the user or password, and change nothing", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverIntelbras();
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
    expect(await falha(driverIntelbras().gravarUsuario(alvo, ana(), { prazoMs: 1000 }))).toMatchObject({ motivo: "sem_resposta" });
    disp.atrasoMs = 0;
    disp.desconectar();
    expect((await falha(driverIntelbras().usuarios(alvo, prazo))).motivo).toBe("inalcancavel");
    expect((await falha(driverIntelbras().removerUsuario(alvo, "1501", prazo))).motivo).toBe("inalcancavel");
  });
});

// A gap in RecNo (gate-operation-spec §2.3, docs/decisions/0269): the record finder over
// AccessControlCardRec (`recordFinder.cgi?action=find&name=AccessControlCardRec&StartTime=
// &EndTime=&count=`). Our reading: the documentation we have shows the record finder only for the
// users; this is the call public integrations with these controllers make, to confirm on a SS 3530/5530.
describe("Intelbras driver: the access records read back (AccessControlCardRec)", () => {
  it("gives the access lines asked for, by RecNo, with what the device did; a door's RecNo is no access record", async () => {
    const { disp, alvo } = await dispositivo();
    disp.pessoas.set("1501", { id: "1501", nome: "Ana", cartoes: ["12EA3004"], face: true });
    await disp.identificar({ tipo: "cartao", valor: "12EA3004" }); // RecNo 1: it opens (2, 3: the door)
    await expect.poll(() => disp.portas.get(1)).toBe("fechada");
    await expect.poll(() => disp.registros.length).toBe(3);
    await disp.identificar({ tipo: "cartao", valor: "ABC" }); // 4: nobody's card

    const { eventos } = await driverIntelbras().registros(alvo, { de: 1, ate: 4 }, prazo);

    expect(eventos.map((e) => [e.id_no_dispositivo, e.numero, e.tipo, e.decisao_do_dispositivo, e.porta])).toEqual([
      ["rec:1", 1, "identificacao", "concedido", 1],
      ["rec:4", 4, "identificacao", "nao_identificado", 1],
    ]);
    // The card read back in the portal's decimal, as the event reader gives it.
    expect(eventos.map((e) => e.identificador)).toEqual([
      { tipo: "usuario", valor: "1501", meio: "cartao" },
      { tipo: "cartao", valor: String(0xabc), meio: "cartao" },
    ]);
    expect((await driverIntelbras().registros(alvo, { de: 2, ate: 3 }, prazo)).eventos).toEqual([]);
  });

  it("Digest refused or off the network: the reason, to be announced as lost", async () => {
    const { disp, alvo } = await dispositivo();
    expect((await falha(driverIntelbras().registros({ ...alvo, senha: "errada" }, { de: 1, ate: 2 }, prazo))).motivo).toBe("credenciais");
    disp.desconectar();
    expect((await falha(driverIntelbras().registros(alvo, { de: 1, ate: 2 }, prazo))).motivo).toBe("inalcancavel");
  });
});
