import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { saoPauloWallClockMs } from "@shared/time";
import {
  DispositivoSimulado,
  impressaoDaFoto,
  type ChamadaAoPortal,
  type Manipulador,
  type OpcoesDoFabricante,
  type PedidoDoPortal,
  type PessoaNoSimulado,
  type ProtocoloDeEventos,
  type RegistroDeAcesso,
  type RegistroDoSimulado,
  type TipoDeIdentificacao,
} from "./simulado";

// A Control iD access controller (iDAccess, iDFlex, iDFace, iDBlock) as its public Access API
// documentation describes it (https://www.controlid.com.br/docs/access-api-pt/): HTTP with JSON
// bodies, every call but login.fcgi carrying `?session=`. Only the part the portal uses.
// Where the documentation leaves a behaviour open, the choice is in
// docs/decisions/0263-drivers-e-simulador.md.

/** The SecBox (the external relay module of iDFace/iDFlex) answers to this id. */
export const SEC_BOX_ID = 65793;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

/** A call to the Access API as an endpoint reads it: the JSON body, and for user_set_image.fcgi its query, content type and bytes. */
interface ChamadaDaApi {
  body: Record<string, unknown>;
  consulta: URLSearchParams;
  tipo: string | undefined;
  bruto: Buffer;
}

/** An endpoint's answer: the HTTP status and the JSON body. */
interface RespostaDaApi {
  status: number;
  corpo: unknown;
}

const ok = (corpo: unknown): RespostaDaApi => ({ status: 200, corpo });
/** The error shape of the API: HTTP 400/401 with `{ error, code }`. */
const erroDaApi = (status: number, error: string, code = 1): RespostaDaApi => ({ status, corpo: { error, code } });

const erro = (res: ServerResponse, status: number, mensagem: string, code = 1) => json(res, status, erroDaApi(status, mensagem, code).corpo);

/** `door=1`, `id=65793,reason=3`: an action's parameters. */
const parametros = (texto: unknown): Record<string, string> =>
  Object.fromEntries(
    String(texto ?? "")
      .split(",")
      .map((par) => par.split("=").map((s) => s.trim()))
      .filter((par): par is [string, string] => par.length === 2 && par[0] !== ""),
  );

function lerJson(corpo: Buffer): Record<string, unknown> | null {
  if (corpo.length === 0) return {};
  try {
    const valor = JSON.parse(corpo.toString("utf8"));
    return valor && typeof valor === "object" && !Array.isArray(valor) ? valor : null;
  } catch {
    return null;
  }
}

/** Device time as the API gives it: seconds of the local wall clock (no zone). */
const horaDoDispositivo = (disp: DispositivoSimulado) => segundosDeParede(disp.agora());
const segundosDeParede = (ms: number) => Math.floor(saoPauloWallClockMs(ms) / 1000);

/** The door an action drives (`door=2`, the SecBox, the turnstile's direction), or null. */
function portaDaAcao(acao: { action?: unknown; parameters?: unknown }): number | null {
  const p = parametros(acao.parameters);
  if (acao.action === "door") return Number(p.door);
  if (acao.action === "sec_box") return Number(p.id) === SEC_BOX_ID ? 1 : null;
  if (acao.action === "catra") return ["clockwise", "anticlockwise", "both"].includes(p.allow ?? "") ? (p.allow === "anticlockwise" ? 2 : 1) : null;
  return null;
}

/**
 * "Ações" (execute_actions.fcgi): performs the actions in order — `door` drives a relay of
 * iDAccess/iDBox, `sec_box` the SecBox of iDFace/iDFlex, `catra` the turnstile of iDBlock — each a
 * remote opening (logged, then a relay pulse). Stops at the first invalid one (the ones before it
 * are done, as the firmware does) and gives the device's error text; null: all done.
 */
function executarAcoes(disp: DispositivoSimulado, body: Record<string, unknown>): string | null {
  const acoes = Array.isArray(body.actions) ? (body.actions as { action?: unknown; parameters?: unknown }[]) : null;
  if (!acoes || acoes.length === 0) return "Missing actions";
  for (const acao of acoes) {
    const porta = portaDaAcao(acao ?? {});
    if (porta === null || !disp.acionar(porta)) return `Invalid action parameters: ${String(acao?.action)} ${String(acao?.parameters ?? "")}`;
  }
  return null;
}

/** What a push request's `result` carries: the endpoint's answer as JSON text, or its error text. */
type RelatoDoPedido = { response: string } | { error: string };

/**
 * Calls a push request may not make: the session calls (push needs no session), and
 * user_set_image.fcgi, whose body is the image's bytes — a push body is JSON
 * (user_set_image_list.fcgi carries photos as base64).
 */
const FORA_DO_PUSH = new Set(["login.fcgi", "logout.fcgi", "session_is_valid.fcgi", "user_set_image.fcgi"]);

/**
 * A request the portal handed out in push mode (`{ verb, endpoint, body, contentType }`), performed
 * as the direct call to that endpoint with a valid session would be (`atenderApi`). `endpoint` may
 * come with or without `.fcgi` and a leading `/`; `verb` defaults to POST, the only verb the API
 * takes; `body` is an object or JSON text (none: an empty body); a `contentType` other than JSON is
 * refused. The answer goes back as the official push example reads it: `response` is the JSON text
 * of a 200 answer, `error` the error text of any other.
 */
function executarPedido(disp: DispositivoSimulado, pedido: Record<string, unknown>): RelatoDoPedido {
  const verbo = String(pedido.verb ?? "POST").toUpperCase();
  const endpoint = String(pedido.endpoint ?? "")
    .replace(/^\/+/, "")
    .replace(/\.fcgi$/, "");
  const caminho = `${endpoint}.fcgi`;
  const recusado = { error: `Unsupported request: ${verbo} ${endpoint}` };
  if (verbo !== "POST" || FORA_DO_PUSH.has(caminho)) return recusado;
  if (pedido.contentType !== undefined && !/^application\/json\s*(;|$)/i.test(String(pedido.contentType)))
    return { error: `Unsupported content type: ${String(pedido.contentType)}` };
  const texto = typeof pedido.body === "string" ? pedido.body : pedido.body === undefined || pedido.body === null ? "" : JSON.stringify(pedido.body);
  const body = lerJson(Buffer.from(texto));
  if (body === null) return { error: "Invalid JSON" };
  const resposta = atenderApi(disp, caminho, { body, consulta: new URLSearchParams(), tipo: "application/json", bruto: Buffer.from(texto) });
  if (!resposta) return recusado;
  if (resposta.status === 200) return { response: JSON.stringify(resposta.corpo) };
  const textoDoErro = (resposta.corpo as { error?: unknown } | null)?.error;
  return { error: typeof textoDoErro === "string" ? textoDoErro : `HTTP ${resposta.status}` };
}

/** access_logs `event`: 7 granted, 6 denied (someone the device knows), 3 not identified. */
const eventoDoAcesso = (r: RegistroDoSimulado) => (r.concedido ? 7 : r.pessoaId ? 6 : 3);

/** A user id as the device stores it (an integer); 0: nobody. */
const idDoUsuario = (pessoaId: string | undefined) => (pessoaId && /^\d+$/.test(pessoaId) ? Number(pessoaId) : 0);

/**
 * `identifier_id`: which reader identified the person. The documentation gives no table; the
 * simulator's: face 1, card 2, QR 3, PIN 4 (the portal should read the *_value fields, not this).
 */
export const IDENTIFICADOR_CONTROLID: Record<TipoDeIdentificacao, number> = { face: 1, cartao: 2, qrcode: 3, pin: 4 };

/** `device_id`: the device's number; the simulator's is the digits of its serial. */
const idDoAparelho = (disp: DispositivoSimulado) => Number(disp.opcoes.serie.replace(/\D/g, "").slice(-12) || "0");

/** An access_logs row of the log: what the monitor notifies and what load_objects lists. */
function valoresDoAcesso(disp: DispositivoSimulado, registro: RegistroDeAcesso): Record<string, unknown> {
  const { tipo, valor } = registro.identificacao;
  return {
    id: registro.numero,
    time: segundosDeParede(registro.instante),
    event: eventoDoAcesso(registro),
    device_id: idDoAparelho(disp),
    user_id: idDoUsuario(registro.pessoaId),
    portal_id: registro.porta,
    // Cards are integers on Control iD; a card typed with other characters goes as typed.
    card_value: tipo === "cartao" ? (/^\d+$/.test(valor) ? Number(valor) : valor) : 0,
    qrcode_value: tipo === "qrcode" ? valor : "",
    identifier_id: IDENTIFICADOR_CONTROLID[tipo],
  };
}

const jsonParaPortal = (caminho: string, corpo: unknown): ChamadaAoPortal => ({
  metodo: "POST",
  caminho,
  tipoDoCorpo: "application/json",
  corpo: JSON.stringify(corpo),
});

/**
 * The events Control iD's firmware sends (Access API "Modo online", "Monitor" and "Modo Push"), as
 * docs/decisions/0265-eventos-dos-dispositivos.md reads them; paths are relative to the integration
 * URL. Choices of the simulator: door notifications and alarm_logs go out in every mode (the portal
 * needs them in online mode too, and the online API has no call for them); push mode reports as
 * monitor does and also fetches the portal's requests; an online question's `uuid` is new per
 * identification and the same on a duplicate; times are the wall clock's seconds (as
 * `system_information.fcgi` gives them).
 */
export const protocoloControlId: ProtocoloDeEventos = {
  modos: ["online", "monitor", "push"],

  // Identifications are access_logs rows, alarms alarm_logs rows, each table numbered on its own;
  // door movements (api/notifications/door carries no id) and remote openings are neither here, so
  // the ids the portal sees run without gaps unless an event is lost.
  tabela: (tipo) => (tipo === "acesso" ? "access_logs" : tipo === "porta_forcada" || tipo === "porta_mantida_aberta" ? "alarm_logs" : null),

  pergunta(disp, registro) {
    const { tipo, valor } = registro.identificacao;
    const campos = {
      device_id: String(idDoAparelho(disp)),
      identifier_id: String(IDENTIFICADOR_CONTROLID[tipo]),
      user_id: String(idDoUsuario(registro.pessoaId)),
      card_value: tipo === "cartao" ? valor : "",
      qrcode_value: tipo === "qrcode" ? valor : "",
      pin_value: tipo === "pin" ? valor : "",
      portal_id: String(registro.porta),
      time: String(segundosDeParede(registro.instante)),
      uuid: randomUUID(),
    };
    return {
      metodo: "POST",
      caminho: "new_user_identified.fcgi",
      tipoDoCorpo: "application/x-www-form-urlencoded",
      corpo: new URLSearchParams(campos).toString(),
    };
  },

  // `{ result: { event: 7 | 6, actions, message } }`: 7 grants and the device runs the door actions.
  decisao(resposta) {
    const result = lerJson(Buffer.from(resposta.corpo))?.result as { event?: unknown; actions?: unknown; message?: unknown } | undefined;
    if (!result || (result.event !== 7 && result.event !== 6)) return null;
    const acoes = Array.isArray(result.actions) ? (result.actions as { action?: unknown; parameters?: unknown }[]) : [];
    return {
      concedido: result.event === 7,
      mensagem: typeof result.message === "string" ? result.message : "",
      portas: acoes.map(portaDaAcao).filter((p): p is number => p !== null && Number.isInteger(p)),
    };
  },

  acesso(disp, registro: RegistroDeAcesso) {
    return jsonParaPortal("api/notifications/dao", {
      object_changes: [{ object: "access_logs", type: "inserted", values: valoresDoAcesso(disp, registro) }],
      device_id: idDoAparelho(disp),
    });
  },

  porta(disp, registro) {
    return jsonParaPortal("api/notifications/door", {
      door: { id: registro.porta, open: registro.tipo === "porta_aberta" },
      device_id: idDoAparelho(disp),
      time: segundosDeParede(registro.instante),
    });
  },

  // alarm_logs `cause`: 1 forced, 2 held open (the documentation fixes no numbers; 0265 chose these).
  alarme(disp, registro) {
    return jsonParaPortal("api/notifications/dao", {
      object_changes: [
        {
          object: "alarm_logs",
          type: "inserted",
          values: { id: registro.numero, time: segundosDeParede(registro.instante), cause: registro.tipo === "porta_forcada" ? 1 : 2, door_id: registro.porta },
        },
      ],
      device_id: idDoAparelho(disp),
    });
  },

  vida(disp) {
    return jsonParaPortal("device_is_alive.fcgi", { access_logs: disp.ultimoNumero("access_logs") });
  },

  // Push: `GET push?deviceId=` answers `{}` (nothing to do) or one request `{ verb, endpoint, body,
  // contentType, uuid }`; the device performs it (`executarPedido`) and posts
  // `result?deviceId=&uuid=` with `{ response: "<the answer's JSON text>" }` or `{ error: "<its
  // error text>" }`.
  busca(disp) {
    return { metodo: "GET", caminho: `push?${new URLSearchParams({ deviceId: String(idDoAparelho(disp)) })}` };
  },

  pedido(disp, resposta): PedidoDoPortal | null {
    const pedido = lerJson(Buffer.from(resposta.corpo));
    // No uuid: nothing to do ({}), or nothing the device could report on.
    const uuid = typeof pedido?.uuid === "string" ? pedido.uuid.trim().slice(0, 200) : "";
    if (!pedido || uuid === "") return null;
    return {
      id: uuid,
      executar: () => jsonParaPortal(`result?${new URLSearchParams({ deviceId: String(idDoAparelho(disp)), uuid })}`, executarPedido(disp, pedido)),
    };
  },
};

// --- "Objetos" (users, cards and qrcodes) and "Cadastro facial", as the Access API documents them:
// the tables the portal writes people into (gate-operation-spec §2.4). The simulator's choices
// where the documentation is open (listed in the decision records on writing people to devices,
// 0266 and 0267): `where` compares fields for equality (and the operators >, >=, <, <=, != on
// numbers); a users row needs its `id` (the portal always gives it); a repeated user id, or a card
// or QR value another user holds, is refused with SQLite's text, as the firmware's database would
// word it; destroying users takes their cards, QR codes and photo; a QR value is any non-empty
// text (it is matched as read); the photo check is: a JPEG or PNG of less than 1 MB, a face in it
// (the `recusarFoto` fault finds none), and with `match=1` no other user holding the same face
// (the same bytes, here).

type Linha = Record<string, unknown>;

/** The `users` table as the device would list it. */
const linhaDoUsuario = (p: PessoaNoSimulado): Linha => ({
  id: Number(p.id),
  name: p.nome,
  registration: p.registro ?? p.id,
  image_timestamp: p.face ? (p.fotoEm ?? 0) : 0,
});

/** The `cards` table: one row per card, numbered in the order the people hold them. */
const linhasDosCartoes = (disp: DispositivoSimulado): Linha[] => {
  let id = 0;
  return [...disp.pessoas.values()].flatMap((p) => p.cartoes.map((value) => ({ id: ++id, value: Number(value), user_id: Number(p.id) })));
};

/** The `qrcodes` table: one row per QR code, numbered in the order the people hold them. */
const linhasDosQrcodes = (disp: DispositivoSimulado): Linha[] => {
  let id = 0;
  return [...disp.pessoas.values()].flatMap((p) => (p.qrcodes ?? []).map((value) => ({ id: ++id, value, user_id: Number(p.id) })));
};

/** A comparison of "Carregar Objetos": numbers for the order operators, text for equality. */
function compara(valor: unknown, op: string, alvo: unknown): boolean {
  const [a, b] = [Number(valor), Number(alvo)];
  if (op === ">") return a > b;
  if (op === ">=") return a >= b;
  if (op === "<") return a < b;
  if (op === "<=") return a <= b;
  if (op === "!=" || op === "<>") return String(valor) !== String(alvo);
  return String(valor) === String(alvo);
}

/**
 * `where: { <tabela>: { campo: valor | { ">": n } } }`, or the documented list `[{ object, field,
 * operator, value, connector }]` (every condition of the table must hold: the simulator reads the
 * connectors as AND) → a row filter (no `where` keeps every row).
 */
function filtro(where: unknown, tabela: string): (linha: Linha) => boolean {
  if (Array.isArray(where)) {
    const condicoes = (where as Record<string, unknown>[]).filter((c) => c && (c.object ?? tabela) === tabela);
    return (linha) => condicoes.every((c) => compara(linha[String(c.field)], String(c.operator ?? "="), c.value));
  }
  const condicoes = (where as Record<string, unknown> | undefined)?.[tabela];
  if (!condicoes || typeof condicoes !== "object") return () => true;
  return (linha) =>
    Object.entries(condicoes as Record<string, unknown>).every(([campo, condicao]) => {
      const valor = linha[campo];
      if (condicao && typeof condicao === "object" && !Array.isArray(condicao)) return Object.entries(condicao).every(([op, alvo]) => compara(valor, op, alvo));
      return String(valor) === String(condicao);
    });
}

/** "Carregar Objetos": `fields`, `order` (ascending by the first field), `limit` and `offset` (offset only with limit). */
function carregar(linhas: Linha[], body: Record<string, unknown>): Linha[] {
  let resultado = linhas.filter(filtro(body.where, String(body.object)));
  const ordem = Array.isArray(body.order) ? body.order.find((c): c is string => typeof c === "string" && c !== "ascending" && c !== "descending") : undefined;
  if (ordem) resultado = [...resultado].sort((a, b) => Number(a[ordem]) - Number(b[ordem]));
  if (Array.isArray(body.order) && body.order.at(-1) === "descending") resultado.reverse();
  if (typeof body.limit === "number") {
    const offset = typeof body.offset === "number" ? body.offset : 0;
    resultado = resultado.slice(offset, offset + body.limit);
  }
  const campos = Array.isArray(body.fields) ? body.fields.map(String) : null;
  return campos ? resultado.map((l) => Object.fromEntries(campos.filter((c) => c in l).map((c) => [c, l[c]]))) : resultado;
}

/**
 * The `access_logs` table ("Lista de Objetos"): the identifications of the log as the monitor
 * notifies them, the same fields (`valoresDoAcesso`) — what a portal reads back to fill a gap.
 * A line the notification never reached (`perderProximo`) is here all the same.
 */
const linhasDoRegistro = (disp: DispositivoSimulado): Linha[] =>
  disp.registros.filter((r): r is RegistroDeAcesso => r.tipo === "acesso" && r.numero !== undefined && !!r.identificacao).map((r) => valoresDoAcesso(disp, r));

/** A card value as the device stores it: an unsigned integer (given as a number or as digits). */
const valorDoCartao = (valor: unknown): string | null =>
  typeof valor === "number" && Number.isSafeInteger(valor) && valor >= 0 ? String(valor) : typeof valor === "string" && /^\d{1,19}$/.test(valor) ? valor : null;

/** "Criar Objetos" on users, cards or qrcodes: all or nothing; the ids created, or the device's error. */
function criar(disp: DispositivoSimulado, body: Record<string, unknown>): { ids: number[] } | string {
  const valores = Array.isArray(body.values) ? (body.values as Linha[]) : null;
  if (!valores || valores.length === 0) return "Missing values";
  if (body.object === "users") {
    const novos: PessoaNoSimulado[] = [];
    for (const v of valores) {
      const id = Number(v.id);
      if (!Number.isSafeInteger(id) || id <= 0) return "Invalid user id";
      if (disp.pessoas.has(String(id)) || novos.some((p) => p.id === String(id))) return "UNIQUE constraint failed: users.id";
      novos.push({ id: String(id), nome: String(v.name ?? ""), registro: String(v.registration ?? ""), cartoes: [], face: false });
    }
    for (const p of novos) disp.pessoas.set(p.id, p);
    return { ids: novos.map((p) => Number(p.id)) };
  }
  if (body.object === "cards") {
    const novos: { pessoa: PessoaNoSimulado; valor: string }[] = [];
    for (const v of valores) {
      const pessoa = disp.pessoas.get(String(Number(v.user_id)));
      const valor = valorDoCartao(v.value);
      if (!pessoa) return "FOREIGN KEY constraint failed";
      if (valor === null) return "Invalid card value";
      if (disp.donoDoCartao(valor) || novos.some((n) => n.valor === valor)) return "UNIQUE constraint failed: cards.value";
      novos.push({ pessoa, valor });
    }
    for (const { pessoa, valor } of novos) pessoa.cartoes.push(valor);
    const total = linhasDosCartoes(disp).length;
    return { ids: novos.map((_, i) => total - novos.length + i + 1) };
  }
  if (body.object === "qrcodes") {
    const novos: { pessoa: PessoaNoSimulado; valor: string }[] = [];
    const dono = (valor: string) => [...disp.pessoas.values()].some((p) => p.qrcodes?.includes(valor)) || novos.some((n) => n.valor === valor);
    for (const v of valores) {
      const pessoa = disp.pessoas.get(String(Number(v.user_id)));
      if (!pessoa) return "FOREIGN KEY constraint failed";
      if (typeof v.value !== "string" || v.value === "") return "Invalid qrcode value";
      if (dono(v.value)) return "UNIQUE constraint failed: qrcodes.value";
      novos.push({ pessoa, valor: v.value });
    }
    for (const { pessoa, valor } of novos) pessoa.qrcodes = [...(pessoa.qrcodes ?? []), valor];
    const total = linhasDosQrcodes(disp).length;
    return { ids: novos.map((_, i) => total - novos.length + i + 1) };
  }
  return `Unknown object: ${String(body.object)}`;
}

/** "Modificar Objetos" on users: name and registration of the rows `where` picks; the number changed. */
function modificar(disp: DispositivoSimulado, body: Record<string, unknown>): { changes: number } | string {
  if (body.object !== "users") return `Unknown object: ${String(body.object)}`;
  // The documentation's example gives `values` as one object; a one-element array is read the same.
  const valores = (Array.isArray(body.values) ? body.values[0] : body.values) as Linha | undefined;
  if (!valores || typeof valores !== "object") return "Missing values";
  if ("id" in valores) return "Invalid values: id";
  const alvos = [...disp.pessoas.values()].filter((p) => filtro(body.where, "users")(linhaDoUsuario(p)));
  for (const p of alvos) {
    if (valores.name !== undefined) p.nome = String(valores.name);
    if (valores.registration !== undefined) p.registro = String(valores.registration);
  }
  return { changes: alvos.length };
}

/** "Destruir Objetos" on users (cards, QR codes and photo with them), cards or qrcodes; the number destroyed. `naoRemover` keeps the users and says it did not. */
function destruir(disp: DispositivoSimulado, body: Record<string, unknown>): { changes: number } | string {
  if (body.object === "users") {
    const alvos = [...disp.pessoas.values()].filter((p) => filtro(body.where, "users")(linhaDoUsuario(p)));
    for (const p of alvos) disp.removerPessoa(p.id);
    return { changes: alvos.length };
  }
  if (body.object === "cards") {
    const destruido = filtro(body.where, "cards");
    let changes = 0;
    for (const p of disp.pessoas.values()) {
      const antes = p.cartoes.length;
      p.cartoes = p.cartoes.filter((value) => !destruido({ value: Number(value), user_id: Number(p.id) }));
      changes += antes - p.cartoes.length;
    }
    return { changes };
  }
  if (body.object === "qrcodes") {
    const destruido = filtro(body.where, "qrcodes");
    let changes = 0;
    for (const p of disp.pessoas.values()) {
      const antes = p.qrcodes?.length ?? 0;
      p.qrcodes = (p.qrcodes ?? []).filter((value) => !destruido({ value, user_id: Number(p.id) }));
      changes += antes - p.qrcodes.length;
    }
    return { changes };
  }
  return `Unknown object: ${String(body.object)}`;
}

/** The photo limit of "Gerenciar fotos de usuários": less than 1 MB. */
export const FOTO_MAXIMA_CONTROLID = 1024 * 1024;

/** One photo's outcome, as "Cadastro facial" answers it for each user. */
type ResultadoDaFoto =
  { user_id: number; success: true; scores: Record<string, number> } | { user_id: number; success: false; errors: { code: number; message: string }[] };

/**
 * The device's check of one photo for `pessoa`, and its enrolment when it passes — what
 * user_set_image.fcgi and each item of user_set_image_list.fcgi do. The codes are the simulator's
 * (1 not an image or too large, 2 no face, 3 with `match` the face is another user's).
 */
function enrolarFoto(disp: DispositivoSimulado, pessoa: PessoaNoSimulado, foto: Buffer, match: boolean, timestamp: number): ResultadoDaFoto {
  const user_id = Number(pessoa.id);
  const falha = (code: number, message: string): ResultadoDaFoto => ({ user_id, success: false, errors: [{ code, message }] });
  if (foto.length === 0 || foto.length >= FOTO_MAXIMA_CONTROLID) return falha(1, "Invalid image: empty or larger than 1 MB");
  if (!disp.encontraRosto(foto)) return falha(2, "Face not detected");
  if (match && disp.donoDoRosto(foto, pessoa.id)) return falha(3, "Face already exists");
  pessoa.face = true;
  pessoa.foto = impressaoDaFoto(foto);
  pessoa.fotoEm = Number.isSafeInteger(timestamp) && timestamp > 0 ? timestamp : Math.floor(Date.now() / 1000);
  return {
    user_id,
    success: true,
    scores: { bounds_width: 320, horizontal_center_offset: 0, vertical_center_offset: 0, center_pose_quality: 90, sharpness_quality: 90 },
  };
}

/**
 * "Cadastro facial" (user_set_image.fcgi?user_id=&match=&timestamp=, the image as
 * application/octet-stream): 200 with the photo's `ResultadoDaFoto`; an unknown user or another
 * content type fails the call.
 */
function cadastrarFoto(disp: DispositivoSimulado, chamada: ChamadaDaApi): RespostaDaApi {
  const pessoa = disp.pessoas.get(String(Number(chamada.consulta.get("user_id"))));
  if (!(chamada.tipo ?? "").startsWith("application/octet-stream")) return erroDaApi(400, "Invalid content type", 2);
  if (!pessoa) return erroDaApi(400, "User does not exist", 1);
  return { status: 200, corpo: enrolarFoto(disp, pessoa, chamada.bruto, chamada.consulta.get("match") === "1", Number(chamada.consulta.get("timestamp"))) };
}

/**
 * "Cadastro facial" of several users (user_set_image_list.fcgi, JSON `{ match, user_images: [{
 * user_id, timestamp, image }] }`, each image base64): 200 `{ results }`, one `ResultadoDaFoto` per
 * image in order, each checked as user_set_image.fcgi checks its photo. A bad item fails alone (the
 * simulator's code 4: the user does not exist; 1: the image is not base64); no `user_images` list
 * fails the call.
 */
function cadastrarFotos(disp: DispositivoSimulado, body: Record<string, unknown>): RespostaDaApi {
  const imagens = Array.isArray(body.user_images) ? (body.user_images as unknown[]) : null;
  if (!imagens || imagens.length === 0) return erroDaApi(400, "Missing user_images", 2);
  const match = body.match === true || body.match === 1 || body.match === "1";
  const results = imagens.map((item): ResultadoDaFoto => {
    const { user_id, timestamp, image } = (item && typeof item === "object" ? item : {}) as Linha;
    const pessoa = disp.pessoas.get(String(Number(user_id)));
    const falha = (code: number, message: string): ResultadoDaFoto => ({ user_id: Number(user_id), success: false, errors: [{ code, message }] });
    if (!pessoa) return falha(4, "User does not exist");
    const base64 = typeof image === "string" ? image.replace(/\s+/g, "") : null;
    if (base64 === null || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return falha(1, "Invalid image: not base64");
    return enrolarFoto(disp, pessoa, Buffer.from(base64, "base64"), match, Number(timestamp));
  });
  return { status: 200, corpo: { results } };
}

/**
 * What an endpoint of the Access API does once the session is valid (the direct call) or the
 * request came through push (`executarPedido`); null: no such endpoint. The session calls are the
 * HTTP handler's.
 */
function atenderApi(disp: DispositivoSimulado, caminho: string, chamada: ChamadaDaApi): RespostaDaApi | null {
  const { body } = chamada;
  switch (caminho) {
    // "Informações do sistema": serial, firmware version, clock, uptime.
    case "system_information.fcgi":
      return ok({
        serial: disp.opcoes.serie,
        version: disp.opcoes.firmware,
        device_name: disp.opcoes.modelo,
        time: horaDoDispositivo(disp),
        online: false,
        uptime: { days: 0, hours: 1, minutes: 0, seconds: 0 },
      });

    // "Ações": remote opening (executarAcoes).
    case "execute_actions.fcgi": {
      const falha = executarAcoes(disp, body);
      return falha ? erroDaApi(400, falha, 2) : ok({});
    }

    // "Estado das portas": the relays' doors, and the SecBox's (door 1 of a facial reader).
    case "doors_state.fcgi":
      return ok({
        doors: [...disp.portas].map(([id, estado]) => ({ id, open: estado === "aberta" })),
        sec_boxes: [{ id: SEC_BOX_ID, open: disp.portas.get(1) === "aberta" }],
      });

    // "Objetos": the device's tables. access_logs holds the identifications, with the ids the dao
    // notifications carry: what a portal reads to fill a gap in them. users, cards and qrcodes
    // hold the people a sync wrote (see `carregar`, `criar`, `modificar`, `destruir` above).
    case "load_objects.fcgi": {
      if (body.object === "access_logs") return ok({ access_logs: carregar(linhasDoRegistro(disp), body) });
      if (body.object === "users") return ok({ users: carregar([...disp.pessoas.values()].map(linhaDoUsuario), body) });
      if (body.object === "cards") return ok({ cards: carregar(linhasDosCartoes(disp), body) });
      if (body.object === "qrcodes") return ok({ qrcodes: carregar(linhasDosQrcodes(disp), body) });
      return erroDaApi(400, `Unknown object: ${String(body.object)}`, 2);
    }

    case "create_objects.fcgi":
    case "modify_objects.fcgi":
    case "destroy_objects.fcgi": {
      const feito = (caminho === "create_objects.fcgi" ? criar : caminho === "modify_objects.fcgi" ? modificar : destruir)(disp, body);
      return typeof feito === "string" ? erroDaApi(400, feito, 2) : ok(feito);
    }

    case "user_set_image.fcgi":
      return cadastrarFoto(disp, chamada);

    case "user_set_image_list.fcgi":
      return cadastrarFotos(disp, body);

    // "Cadastro facial": removes the photos of `user_ids` (or one `user_id`); a user without one is no error.
    case "user_destroy_image.fcgi": {
      const ids = Array.isArray(body.user_ids) ? body.user_ids : body.user_id !== undefined ? [body.user_id] : null;
      if (!ids) return erroDaApi(400, "Missing user_ids", 2);
      for (const id of ids) {
        const pessoa = disp.pessoas.get(String(Number(id)));
        if (!pessoa) continue;
        pessoa.face = false;
        delete pessoa.foto;
        delete pessoa.fotoEm;
      }
      return ok({});
    }

    // "Configurações": where the device reports. Our simplified reading of the monitor, push and
    // online settings: `{ monitor: { request_url } }` turns monitor mode on, `{ push_server:
    // { push_remote_address } }` push mode, `{ online_client: { server_url } }` online mode, an
    // empty URL turns reporting off. When a body sets more than one, online wins, then push (push
    // already reports as monitor does). Other settings are accepted and ignored.
    case "set_configuration.fcgi": {
      const monitor = (body.monitor as { request_url?: unknown } | undefined)?.request_url;
      const push = (body.push_server as { push_remote_address?: unknown } | undefined)?.push_remote_address;
      const online = (body.online_client as { server_url?: unknown } | undefined)?.server_url;
      const [url, modo] = online !== undefined ? [online, "online" as const] : push !== undefined ? [push, "push" as const] : [monitor, "monitor" as const];
      if (url !== undefined) {
        try {
          disp.integracao = url === "" ? null : { url: String(url), modo };
        } catch (error) {
          return erroDaApi(400, `Invalid configuration: ${error instanceof Error ? error.message : String(error)}`, 2);
        }
      }
      return ok({});
    }

    default:
      return null;
  }
}

export function manipuladorControlId(): Manipulador {
  return (disp: DispositivoSimulado, req: IncomingMessage, corpo: Buffer, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://dispositivo");
    const caminho = url.pathname.replace(/^\//, "");
    if (req.method !== "POST") return erro(res, 405, "Method not allowed");
    // user_set_image.fcgi takes the image itself as its body; every other call takes JSON.
    const binario = caminho === "user_set_image.fcgi";
    const body = binario ? {} : lerJson(corpo);
    if (body === null) return erro(res, 400, "Invalid JSON", 2);

    // "Login": POST /login.fcgi { login, password } → { session }.
    if (caminho === "login.fcgi") {
      if (!disp.credenciaisConferem(String(body.login ?? ""), String(body.password ?? ""))) return erro(res, 401, "Invalid login or password");
      const session = randomBytes(12).toString("base64url");
      disp.sessoes.add(session);
      return json(res, 200, { session });
    }

    const session = url.searchParams.get("session") ?? "";
    if (caminho === "session_is_valid.fcgi") return json(res, 200, { session_is_valid: disp.sessoes.has(session) });
    // A password changed on the device ends its sessions ('Dispositivo recusou usuário ou senha.').
    if (!disp.sessoes.has(session) || disp.recusarCredenciais) return erro(res, 401, "Invalid session");
    if (caminho === "logout.fcgi") {
      disp.sessoes.delete(session);
      return json(res, 200, {});
    }

    const resposta = atenderApi(disp, caminho, { body, consulta: url.searchParams, tipo: req.headers["content-type"], bruto: corpo });
    return resposta ? json(res, resposta.status, resposta.corpo) : erro(res, 404, "Not found", 3);
  };
}

export const criarControlId = (opcoes: OpcoesDoFabricante) =>
  new DispositivoSimulado({ firmware: "6.13.2", ...opcoes, fabricante: "controlid" }, manipuladorControlId(), protocoloControlId);
