import { createHash } from "node:crypto";
import { NAO_IDENTIFICADO } from "@shared/schemas/dispositivos";
import { instantFromSaoPauloWallClock } from "@shared/time";
import { acaoDeAbertura } from "./controlid-acoes";
import {
  ChamadaInvalida,
  type ChamadaDoDispositivo,
  type EventoDoDispositivo,
  type Identificador,
  type IntegracaoDoFabricante,
  type LeituraDaChamada,
} from "./tipos";
import { inteiro, json, texto } from "./leitura";

// Calls from Control iD devices to the portal, written from its public Access API documentation
// (https://www.controlid.com.br/docs/access-api-pt/), the parts "Modo Online" (the device asks a
// server about each identification: new_user_identified.fcgi, new_card.fcgi, new_qrcode.fcgi,
// new_user_id_and_password.fcgi, and device_is_alive.fcgi as its heartbeat) and "Monitor" (the
// device posts what it did: api/notifications/dao with the rows it inserted in access_logs and
// alarm_logs, api/notifications/door when a door moves). Our readings where the documentation
// leaves numbers open: docs/decisions/0265-eventos-dos-dispositivos.md.

/** access_logs.event: what the device did with an identification. */
const EVENTO_CONCEDIDO = 7;
const EVENTO_NEGADO = 6;
const EVENTO_NAO_IDENTIFICADO = 3;
/** alarm_logs.cause (our reading): a door forced, a door held open past its time. */
const CAUSA_PORTA_FORCADA = 1;
const CAUSA_PORTA_ABERTA = 2;

const IDENTIFICACOES = new Set(["new_user_identified.fcgi", "new_card.fcgi", "new_qrcode.fcgi", "new_user_id_and_password.fcgi"]);

const semEventos = (corpo: unknown = {}): LeituraDaChamada => ({ eventos: [], pedeDecisao: false, responder: () => json(200, corpo) });

/** The body as fields: form-urlencoded (what the devices send) or JSON (what some firmwares send). */
function campos(chamada: ChamadaDoDispositivo): Record<string, unknown> {
  const texto = chamada.corpo.toString("utf8");
  if (texto.trim() === "") return {};
  if ((chamada.tipoDoCorpo ?? "").includes("json") || texto.trimStart().startsWith("{")) {
    try {
      const valor: unknown = JSON.parse(texto);
      if (valor && typeof valor === "object" && !Array.isArray(valor)) return valor as Record<string, unknown>;
    } catch {
      // falls through to the error below
    }
    throw new ChamadaInvalida(400, "Corpo JSON inválido.");
  }
  return Object.fromEntries(new URLSearchParams(texto));
}

/** The device's clock: seconds of its wall clock (São Paulo's hours, no zone), as system_information reads it. */
const quando = (v: unknown): Date => {
  const s = inteiro(v);
  return s === null || s === 0 ? new Date() : instantFromSaoPauloWallClock(s * 1000);
};

/** A door number the registry knows (from 1); the SecBox's id counts as door 1. */
const porta = (v: unknown): number | null => {
  const n = inteiro(v);
  if (n === null) return null;
  if (n >= 1 && n <= 8) return n;
  return n === 65793 ? 1 : null;
};

/** Who the fields name, in the order the device is sure of: QR, PIN, its own user, a card. */
function identificador(c: Record<string, unknown>): Identificador | undefined {
  const qr = texto(c.qrcode_value);
  if (qr) return { tipo: "qrcode", valor: qr, meio: "qrcode" };
  const pin = texto(c.pin_value) ?? texto(c.password);
  if (pin) return { tipo: "pin", valor: pin, meio: "pin" };
  const cartao = texto(c.card_value);
  const usuario = inteiro(c.user_id);
  if (usuario !== null && usuario > 0) return { tipo: "usuario", valor: String(usuario), meio: cartao && cartao !== "0" ? "cartao" : "face" };
  if (cartao && cartao !== "0") return { tipo: "cartao", valor: cartao, meio: "cartao" };
  return undefined;
}

/** An id for an event the device does not number: the same event sent again is the same id. */
const derivado = (prefixo: string, conteudo: unknown) => `${prefixo}:${createHash("sha256").update(JSON.stringify(conteudo)).digest("hex").slice(0, 32)}`;

/** Only what the portal reads again: no photo, no template, nothing secret. */
function dadosDe(c: Record<string, unknown>): Record<string, unknown> {
  const dados: Record<string, unknown> = {};
  for (const chave of ["device_id", "identifier_id", "user_id", "user_name", "portal_id", "event", "time", "uuid", "card_value", "cause", "door_id"]) {
    const v = c[chave];
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") dados[chave] = typeof v === "string" ? v.slice(0, 200) : v;
  }
  if (c.qrcode_value !== undefined) dados.qrcode = true; // the QR itself is a visitor's pass: not kept
  if (c.pin_value !== undefined || c.password !== undefined) dados.pin = true;
  return dados;
}

function identificacaoOnline(caminho: string, c: Record<string, unknown>): LeituraDaChamada {
  const quem = identificador(c);
  const uuid = texto(c.uuid);
  const evento: EventoDoDispositivo = {
    id_no_dispositivo: uuid ? `online:${uuid.slice(0, 80)}` : derivado("online", { caminho, c }),
    numero: null,
    tipo: "identificacao",
    ocorrido_em: quando(c.time),
    porta: porta(c.portal_id) ?? 1,
    identificador: quem,
    dados: dadosDe(c),
  };
  return {
    eventos: [evento],
    pedeDecisao: true,
    responder: (decisao) => {
      if (!decisao) return json(200, { result: { event: EVENTO_NEGADO, user_image: false, message: NAO_IDENTIFICADO } });
      return json(200, {
        result: {
          event: decisao.concedido ? EVENTO_CONCEDIDO : EVENTO_NEGADO,
          user_id: inteiro(decisao.usuario) ?? 0,
          user_name: decisao.nome ?? "",
          user_image: false,
          portal_id: decisao.porta,
          actions: decisao.concedido ? [{ action: "door", parameters: `door=${decisao.porta}` }] : [],
          message: decisao.mensagem,
        },
      });
    },
  };
}

/**
 * One `access_logs` row — as a monitor notification carries it, or as load_objects reads it back
 * from the device (a gap, docs/decisions/0269-lacunas-no-registro.md): an identification as the
 * device decided it; the number alone for a line the portal has no use for (button, web interface,
 * giving up: the device's own business, but its number counts); null for a row without an id.
 */
export function linhaDeAcesso(v: Record<string, unknown>): EventoDoDispositivo | number | null {
  const id = inteiro(v.id);
  if (id === null) return null;
  const codigo = inteiro(v.event);
  const decisao =
    codigo === EVENTO_CONCEDIDO ? "concedido" : codigo === EVENTO_NEGADO ? "negado" : codigo === EVENTO_NAO_IDENTIFICADO ? "nao_identificado" : null;
  if (!decisao) return id;
  return {
    id_no_dispositivo: `log:${id}`,
    numero: id,
    tipo: "identificacao",
    ocorrido_em: quando(v.time),
    porta: porta(v.portal_id) ?? 1,
    identificador: identificador(v),
    decisao_do_dispositivo: decisao,
    dados: dadosDe(v),
  };
}

/** Monitor: the rows the device inserted in its own tables. */
function dao(c: Record<string, unknown>): LeituraDaChamada {
  const mudancas = c.object_changes;
  if (!Array.isArray(mudancas)) throw new ChamadaInvalida(400, "object_changes ausente.");
  const eventos: EventoDoDispositivo[] = [];
  const numerosVistos: number[] = [];
  for (const mudanca of mudancas.slice(0, 100)) {
    if (!mudanca || typeof mudanca !== "object") continue;
    const { object: objeto, type: tipo, values } = mudanca as Record<string, unknown>;
    if (tipo !== "inserted" || !values || typeof values !== "object") continue;
    const v = values as Record<string, unknown>;
    const id = inteiro(v.id);
    if (id === null) continue;
    if (objeto === "access_logs") {
      const lida = linhaDeAcesso(v);
      if (typeof lida === "number") numerosVistos.push(lida);
      else if (lida) eventos.push(lida);
    } else if (objeto === "alarm_logs") {
      const causa = inteiro(v.cause);
      const tipoDoEvento = causa === CAUSA_PORTA_FORCADA ? "porta_forcada" : causa === CAUSA_PORTA_ABERTA ? "porta_mantida_aberta" : null;
      if (!tipoDoEvento) continue;
      eventos.push({
        id_no_dispositivo: `alarme:${id}`,
        numero: null,
        tipo: tipoDoEvento,
        ocorrido_em: quando(v.time),
        porta: porta(v.door_id) ?? 1,
        dados: dadosDe(v),
      });
    }
  }
  return { eventos, pedeDecisao: false, numerosVistos, responder: () => json(200, {}) };
}

function portaMoveu(c: Record<string, unknown>): LeituraDaChamada {
  const door = c.door as Record<string, unknown> | undefined;
  const numero = porta(door?.id);
  if (!door || numero === null || typeof door.open !== "boolean") throw new ChamadaInvalida(400, "door ausente ou inválido.");
  const ocorrido_em = quando(c.time);
  const tipo = door.open ? "porta_aberta" : "porta_fechada";
  return {
    eventos: [
      {
        id_no_dispositivo: derivado("porta", { numero, tipo, time: c.time ?? ocorrido_em.getTime() }),
        numero: null,
        tipo,
        ocorrido_em,
        porta: numero,
        dados: { door_id: numero, open: door.open },
      },
    ],
    pedeDecisao: false,
    responder: () => json(200, {}),
  };
}

/**
 * Push mode ("Modo Push" of the Access API): a device behind NAT asks `push` for its next
 * request now and then, and posts how it went to `result`. Our reading: the answer is the request
 * (`verb`, `endpoint`, `body`, `contentType`) with `uuid`, the command's or request's id, which
 * `result` carries back in its query; an empty object when there is nothing to do. Any Access API
 * call may go this way (the vendor's push example sends set_configuration): an opening, or the
 * synchronisation's object calls (docs/decisions/0270).
 */
function push(): LeituraDaChamada {
  return {
    eventos: [],
    pedeDecisao: false,
    buscaComando: true,
    responder: (_decisao, comando) => {
      if (!comando) return json(200, {});
      if ("endpoint" in comando)
        return json(200, {
          verb: comando.verbo,
          endpoint: comando.endpoint,
          body: JSON.parse(comando.corpo),
          contentType: "application/json",
          uuid: comando.id,
        });
      return json(200, {
        verb: "POST",
        endpoint: "execute_actions",
        body: { actions: [acaoDeAbertura(comando.modelo, comando.porta)] },
        contentType: "application/json",
        uuid: comando.id,
      });
    },
  };
}

/**
 * `result?uuid=`: `{ response }` with what the endpoint answered (an object, or its JSON text as
 * the vendor's example reads it), or `{ error }` with the device's error text.
 */
function resultado(consulta: URLSearchParams, c: Record<string, unknown>): LeituraDaChamada {
  const id = consulta.get("uuid");
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw new ChamadaInvalida(400, "uuid ausente.");
  const erro = texto(c.error) ?? (c.error && typeof c.error === "object" ? (texto((c.error as Record<string, unknown>).message) ?? "erro") : null);
  return { eventos: [], pedeDecisao: false, resultadoDeComando: { id, ok: !erro, erro, resposta: c.response ?? null }, responder: () => json(200, {}) };
}

export const integracaoControlId: IntegracaoDoFabricante = {
  ler(chamada) {
    const caminho = chamada.caminho.replace(/^\/+|\/+$/g, "");
    if (caminho === "push" && chamada.metodo === "GET") return push();
    if (caminho === "result" && chamada.metodo === "POST") return resultado(new URLSearchParams(chamada.consulta), campos(chamada));
    if (chamada.metodo !== "POST") throw new ChamadaInvalida(404, "Caminho desconhecido.");
    if (IDENTIFICACOES.has(caminho)) return identificacaoOnline(caminho, campos(chamada));
    if (caminho === "device_is_alive.fcgi") return semEventos();
    if (caminho === "api/notifications/dao") return dao(campos(chamada));
    if (caminho === "api/notifications/door") return portaMoveu(campos(chamada));
    // Other notifications (operation_mode, catra_event, secbox...): heard, nothing to do.
    if (caminho.startsWith("api/notifications/")) return semEventos();
    throw new ChamadaInvalida(404, "Caminho desconhecido.");
  },
};
