import { FALHA_DO_DISPOSITIVO } from "@shared/schemas/dispositivos";
import { instantFromSaoPauloWallClock } from "@shared/time";
import { chamar } from "./http";
import { eventoDoRegistro, integracaoIntelbras } from "./intelbras-eventos";
import { FalhaDoDispositivo, type AlvoDoDispositivo, type DriverDeDispositivo, type OpcoesDeChamada } from "./tipos";

// Intelbras access controllers (SS 3530 / 5530 family), written from the Intelbras access-control
// API documentation (https://intelbras-caco-api.intelbras.com.br/): CGI over HTTP with Digest
// authentication; answers are `key=value` lines, "OK" or "Error".
// - "Informações do dispositivo": GET /cgi-bin/magicBox.cgi?action=getSystemInfo (deviceType,
//   serialNumber) and ?action=getSoftwareVersion (version).
// - "Data e hora": GET /cgi-bin/global.cgi?action=getCurrentTime → result=yyyy-MM-dd HH:mm:ss.
// - "Abrir porta": GET /cgi-bin/accessControl.cgi?action=openDoor&channel=N (doors from 1) → OK.
// - "Status da porta": GET /cgi-bin/accessControl.cgi?action=getDoorStatus&channel=N → Info.status=Open|Close.
// Who the device lets in (gate-operation-spec §2.4), from "Configurações de Usuários" and
// "Configurações de Credenciais" (cartão, facial):
// - "Cadastro de Usuários": POST /cgi-bin/AccessUser.cgi?action=insertMulti { UserList: [{ UserID,
//   UserName, UserType: 0, Authority: 2 }] } (at most 10) → OK; GET
//   /cgi-bin/AccessUser.cgi?action=removeMulti&UserIDList[0]=<id> removes the user with its cards
//   and face → OK.
// - "Cadastrar Cartões": POST /cgi-bin/AccessCard.cgi?action=insertMulti { CardList: [{ UserID,
//   CardNo (hexadecimal, upper case), CardType: 0, CardStatus: 0 }] } (at most 10; the user must
//   exist; a card is not updated, it is removed and added) → OK.
// - "Cadastrar Faces": POST /cgi-bin/AccessFace.cgi?action=insertMulti { FaceList: [{ UserID,
//   PhotoData: [<base64>] }] } (a photo of at most 100 KB, 150×300 to 600×1200 pixels) → OK.
// - The list of users: GET /cgi-bin/recordFinder.cgi?action=doSeekFind&name=AccessUserInfo&offset=
//   &count= → totalCount=, found=, records[i].UserID=... (the record finder the API uses for its
//   tables; the pages we have do not show a user-listing call, so this is our reading, written in
//   the decision record).
// - The portal's card numbers are decimal (as printed); the device keeps and reports them in
//   hexadecimal: the driver converts both ways (intelbras-eventos.ts reads CardNo back).
// - A gap in RecNo (§2.3): the access records by the record finder, GET
//   /cgi-bin/recordFinder.cgi?action=find&name=AccessControlCardRec&StartTime=&EndTime=&count= →
//   found=, records[i].RecNo=, CreateTime=, UserID=, CardNo=, Method=, Door=, Type=, Status=
//   (1 opened, 0 not). Our reading: the pages we have do not show the access-record search, so this
//   is the call public integrations with these controllers make; the times are epoch seconds, and
//   as some firmwares ignore them the driver keeps only the RecNos asked for. It reads the last
//   24 h (at most 1,024 records): an older line counts as gone from the log.
//   docs/decisions/0269-lacunas-no-registro.md.
// - QR codes: the documentation we have registers none per user (cards, faces, passwords only), so
//   the driver keeps no QR (`guardaQrcodes: false`) and the device asks the portal about each QR it
//   reads (Modo Online). docs/decisions/0267-cartoes-e-qrcodes.md.

/** A decimal card number (the portal's) as the device's CardNo: upper-case hexadecimal; null when it is not one. */
export function cartaoEmHex(cartao: string): string | null {
  const digitos = cartao.trim();
  return /^\d{1,20}$/.test(digitos) && BigInt(digitos) > 0n ? BigInt(digitos).toString(16).toUpperCase() : null;
}

/** `a=1\r\nb=2` → { a: "1", b: "2" }. */
export function linhasChaveValor(corpo: string): Record<string, string> {
  const campos: Record<string, string> = {};
  for (const linha of corpo.split(/\r?\n/)) {
    const i = linha.indexOf("=");
    if (i > 0) campos[linha.slice(0, i).trim()] = linha.slice(i + 1).trim();
  }
  return campos;
}

/** `records[0].RecNo=5\r\nrecords[0].UserID=7` → [{ RecNo: "5", UserID: "7" }], in index order. */
export function registrosDe(campos: Record<string, string>): Record<string, string>[] {
  const porIndice = new Map<number, Record<string, string>>();
  for (const [chave, valor] of Object.entries(campos)) {
    const m = /^records\[(\d+)\]\.(\w+)$/.exec(chave);
    if (!m) continue;
    const i = Number(m[1]);
    porIndice.set(i, { ...porIndice.get(i), [m[2]!]: valor });
  }
  return [...porIndice.entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
}

/** "2026-11-27 21:30:05" (the device's wall clock) → the instant; null when unreadable. */
function relogioDe(texto: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2}):(\d{2})$/.exec(texto ?? "");
  if (!m) return null;
  const [ano, mes, dia, hora, minuto, segundo] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return instantFromSaoPauloWallClock(Date.UTC(ano, mes - 1, dia, hora, minuto, segundo));
}

/** What the device's `Bad Request!` means, per call: it never says why. */
const PEDIDO_INVALIDO = {
  porta: "pedido inválido (confira o número da porta e o modelo).",
  usuario: "o dispositivo não aceitou o usuário (número ou nome inválido, ou a memória de usuários cheia).",
  cartao: "um dos cartões foi recusado (já pertence a outro usuário do dispositivo, ou não é um número hexadecimal).",
  foto: "a foto não tem um rosto que o dispositivo reconheça.",
  remocao: "o dispositivo não aceitou a remoção do usuário.",
  lista: "o dispositivo não entregou a lista de usuários.",
  registros: "o dispositivo não entregou os registros de acesso.",
} as const;

/** "Cadastrar Faces": the largest photo file the device takes. */
export const FOTO_MAXIMA_INTELBRAS = 100 * 1024;
/** At most this many items per insertMulti ("Cadastro de Usuários", "Cadastrar Cartões"). */
const LOTE = 10;
/** Users per page of the record finder. */
const PAGINA = 500;
/** How far back, and how many, access records a gap's search reads. */
const REGISTROS_JANELA_S = 24 * 3600;
const REGISTROS_MAXIMO = 1024;

const recusado = (detalhe: string) => new FalhaDoDispositivo("recusado", FALHA_DO_DISPOSITIVO.recusou(detalhe));

/** What is left of a method's deadline, for its next call. */
function prazoRestante(opcoes: OpcoesDeChamada): () => OpcoesDeChamada {
  const inicio = Date.now();
  return () => ({ prazoMs: Math.max(1, opcoes.prazoMs - (Date.now() - inicio)) });
}

/** The device answered `OK`, or something else: not what the documentation says it answers. */
function exigirOk(corpo: string): void {
  if (!/^OK\b/.test(corpo.trim())) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
}

export function driverIntelbras(): DriverDeDispositivo {
  /** One CGI call behind Digest: a GET, or a POST of `json`. `invalido` says what a `Bad Request!` means for it. */
  async function cgi(
    alvo: AlvoDoDispositivo,
    caminho: string,
    opcoes: OpcoesDeChamada,
    { json, invalido = PEDIDO_INVALIDO.porta }: { json?: unknown; invalido?: string } = {},
  ): Promise<string> {
    const resposta = await chamar(`${alvo.endereco}${caminho}`, {
      metodo: json === undefined ? "GET" : "POST",
      ...(json === undefined ? {} : { json }),
      digest: `${alvo.usuario ?? ""}:${alvo.senha ?? ""}`,
      prazoMs: opcoes.prazoMs,
    });
    if (resposta.status === 401) throw new FalhaDoDispositivo("credenciais", FALHA_DO_DISPOSITIVO.credenciais);
    if (resposta.status !== 200) throw recusado(/bad request/i.test(resposta.corpo) ? invalido : `HTTP ${resposta.status}.`);
    return resposta.corpo;
  }

  /** The record finder over AccessUserInfo, page by page: every UserID the device holds. */
  async function idsDosUsuarios(alvo: AlvoDoDispositivo, opcoes: OpcoesDeChamada): Promise<string[]> {
    const resta = prazoRestante(opcoes);
    const ids = new Set<string>();
    for (let offset = 0; ; offset += PAGINA) {
      const campos = linhasChaveValor(
        await cgi(alvo, `/cgi-bin/recordFinder.cgi?action=doSeekFind&name=AccessUserInfo&offset=${offset}&count=${PAGINA}`, resta(), {
          invalido: PEDIDO_INVALIDO.lista,
        }),
      );
      const found = Number(campos.found);
      if (campos.found === undefined || !Number.isInteger(found) || found < 0)
        throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
      const antes = ids.size;
      for (let i = 0; i < found; i++) {
        const id = campos[`records[${i}].UserID`];
        if (!id) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
        ids.add(id);
      }
      const total = Number(campos.totalCount);
      if (found < PAGINA || (Number.isInteger(total) && ids.size >= total)) return [...ids];
      // The same page again (the offset ignored): the list cannot be read whole, and a partial one
      // would count a removal that did not happen.
      if (ids.size === antes) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
    }
  }

  /** removeMulti of one user (cards and face go with it). A refusal for a user the device does not hold is no error: the list, read back, says so. */
  async function remover(alvo: AlvoDoDispositivo, usuario: string, resta: () => OpcoesDeChamada): Promise<void> {
    try {
      exigirOk(
        await cgi(alvo, `/cgi-bin/AccessUser.cgi?action=removeMulti&UserIDList[0]=${encodeURIComponent(usuario)}`, resta(), {
          invalido: PEDIDO_INVALIDO.remocao,
        }),
      );
    } catch (error) {
      if (error instanceof FalhaDoDispositivo && error.motivo === "recusado" && !(await idsDosUsuarios(alvo, resta())).includes(usuario)) return;
      throw error;
    }
  }

  return {
    fabricante: "intelbras",
    guardaQrcodes: false,
    sincronizaPelaSaida: false,

    async identificar(alvo, opcoes) {
      const inicio = Date.now();
      const resta = () => ({ prazoMs: Math.max(1, opcoes.prazoMs - (Date.now() - inicio)) });
      const sistema = linhasChaveValor(await cgi(alvo, "/cgi-bin/magicBox.cgi?action=getSystemInfo", resta()));
      const versao = linhasChaveValor(await cgi(alvo, "/cgi-bin/magicBox.cgi?action=getSoftwareVersion", resta()));
      const hora = linhasChaveValor(await cgi(alvo, "/cgi-bin/global.cgi?action=getCurrentTime", resta()));
      if (!sistema.deviceType && !sistema.serialNumber) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
      return {
        modelo: sistema.deviceType ?? null,
        serie: sistema.serialNumber ?? null,
        firmware: versao.version ?? null,
        relogio: relogioDe(hora.result),
      };
    },

    async abrir(alvo, porta, opcoes) {
      const corpo = await cgi(alvo, `/cgi-bin/accessControl.cgi?action=openDoor&channel=${porta}&Type=Remote`, opcoes);
      if (!/^OK\b/.test(corpo.trim())) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
    },

    async estadoDaPorta(alvo, porta, opcoes) {
      const status = linhasChaveValor(await cgi(alvo, `/cgi-bin/accessControl.cgi?action=getDoorStatus&channel=${porta}`, opcoes))["Info.status"];
      if (status === "Open") return "aberta";
      if (status === "Close") return "fechada";
      throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
    },

    // Digest keeps no session: urllib answers each challenge.
    esquecer() {},

    usuarios(alvo, opcoes) {
      return idsDosUsuarios(alvo, opcoes);
    },

    // Replaces what the device holds under the number: the documentation updates a card by removing
    // it and adding it again, so the whole user is removed (cards and face with it) and written
    // again — user, cards by tens, face. A step that fails leaves the ones before it done (the next
    // sync writes it all again); for that moment the person is not on the device.
    async gravarUsuario(alvo, pessoa, opcoes) {
      const usuario = pessoa.usuario.trim();
      if (!/^\d{1,30}$/.test(usuario)) throw recusado("número de usuário inválido para o dispositivo (até 30 algarismos).");
      const emHex = pessoa.cartoes.map(cartaoEmHex);
      if (emHex.some((c) => c === null)) throw recusado("cartão inválido para o dispositivo: ele guarda só o número do cartão, em algarismos.");
      const cartoes = [...new Set(emHex as string[])];
      const resta = prazoRestante(opcoes);

      await remover(alvo, usuario, resta);
      try {
        // UserType 0: a common user; Authority 2: not an administrator of the device.
        exigirOk(
          await cgi(alvo, "/cgi-bin/AccessUser.cgi?action=insertMulti", resta(), {
            json: { UserList: [{ UserID: usuario, UserName: pessoa.nome, UserType: 0, Authority: 2 }] },
            invalido: PEDIDO_INVALIDO.usuario,
          }),
        );
      } catch (error) {
        // A device that said it removed the old record and kept it refuses the new one: say that, not "invalid user".
        if (error instanceof FalhaDoDispositivo && error.motivo === "recusado" && (await idsDosUsuarios(alvo, resta())).includes(usuario))
          throw recusado("o dispositivo respondeu que removeu o cadastro anterior desta pessoa, mas o manteve, e não aceita regravá-lo.");
        throw error;
      }
      for (let i = 0; i < cartoes.length; i += LOTE) {
        const CardList = cartoes.slice(i, i + LOTE).map((CardNo) => ({ UserID: usuario, CardNo, CardType: 0, CardStatus: 0 }));
        exigirOk(await cgi(alvo, "/cgi-bin/AccessCard.cgi?action=insertMulti", resta(), { json: { CardList }, invalido: PEDIDO_INVALIDO.cartao }));
      }
      if (!pessoa.foto) return;
      if (pessoa.foto.length > FOTO_MAXIMA_INTELBRAS) throw recusado("a foto passa de 100 KB, o maior arquivo que o dispositivo aceita.");
      exigirOk(
        await cgi(alvo, "/cgi-bin/AccessFace.cgi?action=insertMulti", resta(), {
          json: { FaceList: [{ UserID: usuario, PhotoData: [pessoa.foto.toString("base64")] }] },
          invalido: PEDIDO_INVALIDO.foto,
        }),
      );
    },

    async removerUsuario(alvo, usuario, opcoes) {
      await remover(alvo, usuario.trim(), prazoRestante(opcoes));
    },

    async registros(alvo, { de, ate }, opcoes) {
      const agora = Math.floor(Date.now() / 1000);
      // An hour ahead: a device clock running fast still has its newest records inside the window.
      const consulta = `StartTime=${agora - REGISTROS_JANELA_S}&EndTime=${agora + 3600}&count=${REGISTROS_MAXIMO}`;
      const campos = linhasChaveValor(
        await cgi(alvo, `/cgi-bin/recordFinder.cgi?action=find&name=AccessControlCardRec&${consulta}`, opcoes, { invalido: PEDIDO_INVALIDO.registros }),
      );
      if (campos.found === undefined || !/^\d+$/.test(campos.found)) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
      const eventos = registrosDe(campos)
        .map(eventoDoRegistro)
        .filter((e): e is NonNullable<typeof e> => e !== null && e.numero !== null && e.numero >= de && e.numero <= ate);
      return { eventos, numerosVistos: [] };
    },

    integracao: integracaoIntelbras,
  };
}
