import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { saoPauloWallClockMs } from "@shared/time";
import {
  DispositivoSimulado,
  impressaoDaFoto,
  type ChamadaAoPortal,
  type Manipulador,
  type OpcoesDoFabricante,
  type PessoaNoSimulado,
  type ProtocoloDeEventos,
  type RegistroDeAcesso,
  type RegistroDoSimulado,
  type TipoDeIdentificacao,
} from "./simulado";

// An Intelbras access controller (SS 3530 / 5530 family) as the Intelbras access-control API
// documentation describes it (https://intelbras-caco-api.intelbras.com.br/): CGI over HTTP with
// Digest authentication (RFC 7616, MD5, qop=auth), answers in `key=value` lines. Only the part
// the portal uses. Choices where the documentation is open: docs/decisions/0263-drivers-e-simulador.md.

const md5 = (texto: string) => createHash("md5").update(texto).digest("hex");

const texto = (res: ServerResponse, status: number, corpo: string, cabecalhos: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "text/plain;charset=utf-8", ...cabecalhos });
  res.end(corpo);
};

const ERRO = "Error\r\nBad Request!\r\n";

/** `Digest username="admin", realm="...", ...` → its fields. */
function camposDigest(cabecalho: string | undefined): Record<string, string> | null {
  if (!cabecalho?.startsWith("Digest ")) return null;
  const campos: Record<string, string> = {};
  for (const m of cabecalho.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)) campos[m[1]!] = m[2] ?? m[3] ?? "";
  return campos;
}

/** "2026-11-27 21:30:05": the device's wall clock, as getCurrentTime writes it. */
const horaDoDispositivo = (ms: number) => new Date(saoPauloWallClockMs(ms)).toISOString().slice(0, 19).replace("T", " ");

/** `Method` of an AccessControl event: 1 card, 15 face, 20 QR, 0 password (PIN) — 0265's reading. */
export const METODO_INTELBRAS: Record<TipoDeIdentificacao, number> = { cartao: 1, face: 15, qrcode: 20, pin: 0 };

export const FRONTEIRA = "myboundary";

/** A few bytes standing for the snapshot a face event carries (the portal ignores it). */
const FOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

type Evento = { Code: "AccessControl" | "DoorStatus" | "BreakIn" | "DoorNotClosed"; Data: Record<string, unknown> };

/**
 * One Modo Online event as 0265 reads it: a `multipart/form-data` body (boundary `myboundary`) with
 * a `text/plain` part holding `{ Events: [...], Time }`, and for a face the snapshot as an
 * `image/jpeg` part. Each part has a form-data Content-Disposition (`info`, `image`) so any
 * form-data parser reads it. `Index` and `Data.Door` count doors from 0; `UTC` is epoch seconds;
 * `Time` is the device's wall clock, as getCurrentTime writes it.
 */
function eventoIntelbras(disp: DispositivoSimulado, registro: RegistroDoSimulado, { Code, Data }: Evento, foto = false): ChamadaAoPortal {
  const json = JSON.stringify({
    Events: [
      {
        Code,
        Action: "Pulse",
        Index: registro.porta - 1,
        Data: { RecNo: registro.numero, UTC: Math.floor(registro.instante / 1000), Door: registro.porta - 1, ...Data },
      },
    ],
    Time: horaDoDispositivo(disp.agora()),
  });
  const partes = [
    Buffer.from(
      `--${FRONTEIRA}\r\nContent-Disposition: form-data; name="info"\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}\r\n`,
    ),
  ];
  if (foto)
    partes.push(
      Buffer.from(
        `--${FRONTEIRA}\r\nContent-Disposition: form-data; name="image"; filename="evento.jpg"\r\nContent-Type: image/jpeg\r\nContent-Length: ${FOTO.length}\r\n\r\n`,
      ),
      FOTO,
      Buffer.from("\r\n"),
    );
  partes.push(Buffer.from(`--${FRONTEIRA}--\r\n`));
  return { metodo: "POST", caminho: "", tipoDoCorpo: `multipart/form-data; boundary=${FRONTEIRA}`, corpo: new Uint8Array(Buffer.concat(partes)) };
}

/**
 * Intelbras Modo Online (SS 3530/5530), as 0265 reads it: every event POSTs to the integration URL
 * itself, numbered by `RecNo`; the portal's answer `{ message, code, auth }` decides an
 * identification; the keepalive is a GET on the URL. There is no monitor mode. An identification's
 * `Status` is 0: the device has not opened, it asks. The PIN has no field of its own in the event:
 * it goes in `CardNo`, told apart by `Method` 0.
 */
export const protocoloIntelbras: ProtocoloDeEventos = {
  modos: ["online"],

  // Every event it reports is numbered by RecNo; a remote opening is reported by no event here, so
  // it takes no number (the door it opens is reported, numbered).
  tabela: (tipo) => (tipo === "abertura_remota" ? null : "RecNo"),

  pergunta(disp, registro) {
    const { tipo, valor } = registro.identificacao;
    return eventoIntelbras(
      disp,
      registro,
      {
        Code: "AccessControl",
        Data: { UserID: registro.pessoaId ?? "", CardNo: tipo === "face" ? "" : valor, Method: METODO_INTELBRAS[tipo], Type: "Entry", Status: 0 },
      },
      tipo === "face",
    );
  },

  decisao(resposta, porta) {
    let corpo: { message?: unknown; auth?: unknown };
    try {
      corpo = JSON.parse(resposta.corpo);
    } catch {
      return null;
    }
    if (!corpo || (corpo.auth !== "true" && corpo.auth !== "false")) return null;
    const concedido = corpo.auth === "true";
    return { concedido, mensagem: typeof corpo.message === "string" ? corpo.message : "", portas: concedido ? [porta] : [] };
  },

  porta(disp, registro) {
    return eventoIntelbras(disp, registro, { Code: "DoorStatus", Data: { Status: registro.tipo === "porta_aberta" ? "Open" : "Close" } });
  },

  alarme(disp, registro) {
    return eventoIntelbras(disp, registro, { Code: registro.tipo === "porta_forcada" ? "BreakIn" : "DoorNotClosed", Data: {} });
  },

  vida() {
    return { metodo: "GET", caminho: "" };
  },
};

// --- Users, cards and faces (gate-operation-spec §2.4), as the Intelbras API documents them:
// "Cadastro de Usuários" (AccessUser.cgi insertMulti, POST JSON `{ UserList }`, at most 10), its
// removal (removeMulti&UserIDList[n]=, which takes the user's cards and face), "Cadastrar Cartões"
// (AccessCard.cgi insertMulti `{ CardList }`, at most 10, the user must exist), "Cadastrar Faces"
// (AccessFace.cgi insertMulti `{ FaceList: [{ UserID, PhotoData: [base64] }] }`, at most 10, a
// photo of at most 100 KB) and removeMulti. Every one answers `OK`. The list of users is the
// record finder over AccessUserInfo (find, or doSeekFind from an offset): `totalCount`, `found`,
// then `records[i].UserID`, `records[i].UserName`... The simulator's choices where the
// documentation is open: any refusal is HTTP 400 `Error\r\nBad Request!` (the one error shape the
// device uses) and changes nothing; inserting a user id that exists, or a face for a user that has
// one, is refused (the documentation updates by removing first); removing a user the device does
// not hold is OK; a card another user holds is refused.

/** "Cadastrar Faces": the largest photo file the device takes. */
export const FOTO_MAXIMA_INTELBRAS = 100 * 1024;
/** Items per insertMulti. */
const LOTE_INTELBRAS = 10;

/** `UserIDList[0]=5&UserIDList[1]=6` → ["5", "6"]. */
const listaDaConsulta = (url: URL, nome: string) =>
  [...url.searchParams.entries()].filter(([chave]) => new RegExp(`^${nome}\\[\\d+\\]$`).test(chave)).map(([, valor]) => valor);

function lerLista(corpo: Buffer, chave: string): Record<string, unknown>[] | null {
  try {
    const valor = JSON.parse(corpo.toString("utf8")) as Record<string, unknown>;
    const lista = valor?.[chave];
    return Array.isArray(lista) && lista.length > 0 && lista.length <= LOTE_INTELBRAS && lista.every((i) => i && typeof i === "object") ? lista : null;
  } catch {
    return null;
  }
}

const textoDe = (valor: unknown) => (typeof valor === "string" || typeof valor === "number" ? String(valor).trim() : "");

/** insertMulti on AccessUser: all or nothing. */
function inserirUsuarios(disp: DispositivoSimulado, corpo: Buffer): boolean {
  const lista = lerLista(corpo, "UserList");
  if (!lista) return false;
  const novos: PessoaNoSimulado[] = [];
  for (const item of lista) {
    const id = textoDe(item.UserID);
    if (!id || disp.pessoas.has(id) || novos.some((p) => p.id === id) || typeof item.UserName !== "string") return false;
    novos.push({ id, nome: item.UserName, cartoes: [], face: false });
  }
  for (const p of novos) disp.pessoas.set(p.id, p);
  return true;
}

function inserirCartoes(disp: DispositivoSimulado, corpo: Buffer): boolean {
  const lista = lerLista(corpo, "CardList");
  if (!lista) return false;
  const novos: { pessoa: PessoaNoSimulado; cartao: string }[] = [];
  for (const item of lista) {
    const pessoa = disp.pessoas.get(textoDe(item.UserID));
    const cartao = textoDe(item.CardNo);
    if (!pessoa || !/^[0-9A-F]{1,32}$/.test(cartao) || disp.donoDoCartao(cartao) || novos.some((n) => n.cartao === cartao)) return false;
    novos.push({ pessoa, cartao });
  }
  for (const { pessoa, cartao } of novos) pessoa.cartoes.push(cartao);
  return true;
}

function inserirFaces(disp: DispositivoSimulado, corpo: Buffer): boolean {
  const lista = lerLista(corpo, "FaceList");
  if (!lista) return false;
  const novos: { pessoa: PessoaNoSimulado; foto: Buffer }[] = [];
  for (const item of lista) {
    const pessoa = disp.pessoas.get(textoDe(item.UserID));
    const dados = Array.isArray(item.PhotoData) && typeof item.PhotoData[0] === "string" ? item.PhotoData[0] : "";
    const foto = Buffer.from(dados, "base64");
    if (!pessoa || pessoa.face || foto.length === 0 || foto.length > FOTO_MAXIMA_INTELBRAS || !disp.encontraRosto(foto)) return false;
    novos.push({ pessoa, foto });
  }
  // Only the fingerprint stays: the decoded bytes go out of scope here.
  for (const { pessoa, foto } of novos) {
    pessoa.face = true;
    pessoa.foto = impressaoDaFoto(foto);
  }
  return true;
}

/** The record finder over AccessUserInfo: `count` records from `offset`. */
function usuariosEncontrados(disp: DispositivoSimulado, url: URL): string | null {
  if (url.searchParams.get("name") !== "AccessUserInfo") return null;
  const count = Number(url.searchParams.get("count") ?? 1024);
  const offset = Number(url.searchParams.get("offset") ?? 0);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(offset) || offset < 0) return null;
  const todos = [...disp.pessoas.values()];
  const pagina = todos.slice(offset, offset + Math.min(count, 1024));
  const linhas = [`totalCount=${todos.length}`, `found=${pagina.length}`];
  pagina.forEach((p, i) =>
    linhas.push(`records[${i}].UserID=${p.id}`, `records[${i}].UserName=${p.nome}`, `records[${i}].UserType=0`, `records[${i}].UserStatus=0`),
  );
  return `${linhas.join("\r\n")}\r\n`;
}

/**
 * The record finder over AccessControlCardRec (our reading, docs/decisions/0269): the log's access
 * lines, by RecNo, with `CreateTime` (epoch seconds) between `StartTime` and `EndTime` when given,
 * at most `count` (1,024 by default) from `offset`. Each is the AccessControl event it reported —
 * the same UserID, CardNo, Method and Door (from 0) — with `Status` 1 when the device opened, 0
 * when not. A line whose report was lost (`perderProximo`) is here all the same.
 */
function registrosEncontrados(disp: DispositivoSimulado, url: URL): string | null {
  const numero = (nome: string, padrao: number) => (url.searchParams.has(nome) ? Number(url.searchParams.get(nome)) : padrao);
  const [inicio, fim, count, offset] = [numero("StartTime", 0), numero("EndTime", Number.MAX_SAFE_INTEGER), numero("count", 1024), numero("offset", 0)];
  if (![inicio, fim, count, offset].every((n) => Number.isInteger(n) && n >= 0) || count < 1) return null;
  const todos = disp.registros.filter(
    (r): r is RegistroDeAcesso =>
      r.tipo === "acesso" && r.numero !== undefined && !!r.identificacao && Math.floor(r.instante / 1000) >= inicio && Math.floor(r.instante / 1000) <= fim,
  );
  const pagina = todos.slice(offset, offset + Math.min(count, 1024));
  const linhas = [`totalCount=${todos.length}`, `found=${pagina.length}`];
  pagina.forEach((r, i) => {
    const { tipo, valor } = r.identificacao;
    const campos = {
      RecNo: r.numero,
      CreateTime: Math.floor(r.instante / 1000),
      UserID: r.pessoaId ?? "",
      CardNo: tipo === "face" ? "" : valor,
      Method: METODO_INTELBRAS[tipo],
      Door: r.porta - 1,
      Type: "Entry",
      Status: r.concedido ? 1 : 0,
    };
    for (const [campo, v] of Object.entries(campos)) linhas.push(`records[${i}].${campo}=${v}`);
  });
  return `${linhas.join("\r\n")}\r\n`;
}

export function manipuladorIntelbras(): Manipulador {
  function autenticado(disp: DispositivoSimulado, req: IncomingMessage, realm: string): boolean {
    const c = camposDigest(req.headers.authorization);
    if (!c || !c.nonce || !disp.sessoes.has(c.nonce) || c.realm !== realm || c.uri !== req.url) return false;
    if (!disp.credenciaisConferem(c.username, disp.opcoes.senha)) return false;
    const ha1 = md5(`${c.username}:${realm}:${disp.opcoes.senha}`);
    const ha2 = md5(`${req.method}:${c.uri}`);
    const esperado = c.qop ? md5(`${ha1}:${c.nonce}:${c.nc}:${c.cnonce}:${c.qop}:${ha2}`) : md5(`${ha1}:${c.nonce}:${ha2}`);
    return c.response === esperado;
  }

  return (disp: DispositivoSimulado, req: IncomingMessage, corpo: Buffer, res: ServerResponse) => {
    const realm = `Login to ${disp.opcoes.serie}`;
    if (!autenticado(disp, req, realm)) {
      const nonce = randomBytes(16).toString("hex");
      disp.sessoes.add(nonce);
      return texto(res, 401, "Unauthorized\r\n", {
        "www-authenticate": `Digest realm="${realm}", qop="auth", nonce="${nonce}", opaque="${md5(realm)}"`,
      });
    }
    const url = new URL(req.url ?? "/", "http://dispositivo");
    const acao = url.searchParams.get("action");
    const canal = Number(url.searchParams.get("channel"));

    switch (`${url.pathname}?${acao}`) {
      // "Informações do sistema".
      case "/cgi-bin/magicBox.cgi?getSystemInfo":
        return texto(res, 200, `deviceType=${disp.opcoes.modelo}\r\nserialNumber=${disp.opcoes.serie}\r\n`);
      case "/cgi-bin/magicBox.cgi?getSoftwareVersion":
        return texto(res, 200, `version=${disp.opcoes.firmware}\r\n`);
      // "Data e hora".
      case "/cgi-bin/global.cgi?getCurrentTime":
        return texto(res, 200, `result=${horaDoDispositivo(disp.agora())}\r\n`);
      // "Abrir porta" and "Status da porta": channel counts doors from 1.
      case "/cgi-bin/accessControl.cgi?openDoor":
        return disp.acionar(canal) ? texto(res, 200, "OK\r\n") : texto(res, 400, ERRO);
      case "/cgi-bin/accessControl.cgi?getDoorStatus": {
        const estado = disp.portas.get(canal);
        return estado ? texto(res, 200, `Info.status=${estado === "aberta" ? "Open" : "Close"}\r\n`) : texto(res, 400, ERRO);
      }
      // Users, cards and faces (see `inserirUsuarios` and the rest above). The inserts are POSTs
      // with a JSON body; the removals and the finder are GETs with the ids in the query.
      case "/cgi-bin/recordFinder.cgi?find":
      case "/cgi-bin/recordFinder.cgi?doSeekFind": {
        const encontrados = url.searchParams.get("name") === "AccessControlCardRec" ? registrosEncontrados(disp, url) : usuariosEncontrados(disp, url);
        return encontrados === null ? texto(res, 400, ERRO) : texto(res, 200, encontrados);
      }
      case "/cgi-bin/AccessUser.cgi?insertMulti":
        return req.method === "POST" && inserirUsuarios(disp, corpo) ? texto(res, 200, "OK\r\n") : texto(res, 400, ERRO);
      case "/cgi-bin/AccessUser.cgi?removeMulti": {
        const ids = listaDaConsulta(url, "UserIDList");
        if (ids.length === 0) return texto(res, 400, ERRO);
        for (const id of ids) disp.removerPessoa(id);
        return texto(res, 200, "OK\r\n");
      }
      case "/cgi-bin/AccessCard.cgi?insertMulti":
        return req.method === "POST" && inserirCartoes(disp, corpo) ? texto(res, 200, "OK\r\n") : texto(res, 400, ERRO);
      case "/cgi-bin/AccessFace.cgi?insertMulti":
        return req.method === "POST" && inserirFaces(disp, corpo) ? texto(res, 200, "OK\r\n") : texto(res, 400, ERRO);
      case "/cgi-bin/AccessFace.cgi?removeMulti": {
        const ids = listaDaConsulta(url, "UserIDList");
        if (ids.length === 0) return texto(res, 400, ERRO);
        for (const id of ids) {
          const pessoa = disp.pessoas.get(id);
          if (!pessoa) continue;
          pessoa.face = false;
          delete pessoa.foto;
        }
        return texto(res, 200, "OK\r\n");
      }
      // "Modo Online": the server the device reports to. Only `OnlineServer.Url` is simulated; an
      // empty value turns reporting off.
      case "/cgi-bin/configManager.cgi?setConfig": {
        const endereco = url.searchParams.get("OnlineServer.Url");
        if (endereco === null) return texto(res, 400, ERRO);
        try {
          disp.integracao = endereco === "" ? null : { url: endereco, modo: "online" };
        } catch {
          return texto(res, 400, ERRO);
        }
        return texto(res, 200, "OK\r\n");
      }
      default:
        return texto(res, 400, ERRO);
    }
  };
}

export const criarIntelbras = (opcoes: OpcoesDoFabricante) =>
  new DispositivoSimulado({ firmware: "2.000.0000000.7.R", ...opcoes, fabricante: "intelbras" }, manipuladorIntelbras(), protocoloIntelbras);
