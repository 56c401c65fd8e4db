import { createHash } from "node:crypto";
import {
  ChamadaInvalida,
  type ChamadaDoDispositivo,
  type EventoDoDispositivo,
  type Identificador,
  type IntegracaoDoFabricante,
  type LeituraDaChamada,
} from "./tipos";
import { inteiro, json, texto } from "./leitura";

// Calls from Intelbras access controllers (SS 3530 / 5530 family) in "Modo Online", written from
// the Intelbras access-control API documentation (https://intelbras-caco-api.intelbras.com.br/,
// "Modo Online"): the device posts each event to the address it was given, as a multipart body
// (boundary `myboundary`) whose text part is JSON `{ Events: [{ Code, Action, Index, Data }] }`
// (and sometimes a JPEG part: not kept), and waits for `{ message, code, auth }` — 'auth' "true"
// lets the person in, `message` goes to its screen. A GET on the same address is its keepalive.
// Method numbers and the alarm codes we read: docs/decisions/0265-eventos-dos-dispositivos.md.

const METODO_SENHA = 0;
const METODO_CARTAO = 1;
const METODO_FACE = 15;
const METODO_QR = 20;

/** The JSON of the text part of a multipart body (or the whole body, when a firmware sends JSON alone). */
function eventosDoCorpo(chamada: ChamadaDoDispositivo): Record<string, unknown> {
  const texto = chamada.corpo.toString("utf8");
  const tipo = chamada.tipoDoCorpo ?? "";
  let candidatos = [texto];
  if (tipo.startsWith("multipart/")) {
    const fronteira = /boundary="?([^";]+)"?/i.exec(tipo)?.[1] ?? "myboundary";
    candidatos = texto
      .split(`--${fronteira}`)
      .map((parte) => {
        const fim = parte.indexOf("\r\n\r\n");
        if (fim === -1) return "";
        const cabecalhos = parte.slice(0, fim).toLowerCase();
        return cabecalhos.includes("image/") ? "" : parte.slice(fim + 4);
      })
      .filter((parte) => parte.trim().startsWith("{"));
  }
  for (const candidato of candidatos) {
    try {
      const valor: unknown = JSON.parse(candidato.trim());
      if (valor && typeof valor === "object" && Array.isArray((valor as { Events?: unknown }).Events)) return valor as Record<string, unknown>;
    } catch {
      // the next part
    }
  }
  throw new ChamadaInvalida(400, "Evento sem JSON de Events.");
}

/** `UTC` is seconds since the epoch (the name says it: no wall clock here). */
const quando = (v: unknown): Date => {
  const s = inteiro(v);
  return s === null || s === 0 ? new Date() : new Date(s * 1000);
};

/** Doors count from 0 on the device, from 1 in the registry. */
const porta = (v: unknown): number => {
  const n = inteiro(v);
  return n !== null && n < 8 ? n + 1 : 1;
};

/** CardNo (hexadecimal, as the device keeps cards) as the portal's decimal number; as sent when it is not hex. */
const cartaoDecimal = (cardNo: string) => (/^[0-9A-Fa-f]{1,32}$/.test(cardNo) ? BigInt(`0x${cardNo}`).toString() : cardNo);

function identificador(d: Record<string, unknown>): Identificador | undefined {
  const metodo = inteiro(d.Method);
  const usuario = texto(d.UserID);
  const cartao = texto(d.CardNo);
  if (metodo === METODO_QR && cartao) return { tipo: "qrcode", valor: cartao, meio: "qrcode" };
  if (metodo === METODO_SENHA && (texto(d.Password) ?? cartao)) return { tipo: "pin", valor: (texto(d.Password) ?? cartao)!, meio: "pin" };
  const meio = metodo === METODO_FACE ? "face" : metodo === METODO_CARTAO ? "cartao" : "desconhecido";
  if (usuario) return { tipo: "usuario", valor: usuario, meio };
  if (cartao) return { tipo: "cartao", valor: cartaoDecimal(cartao), meio: "cartao" };
  return undefined;
}

function dadosDe(codigo: string, d: Record<string, unknown>): Record<string, unknown> {
  const dados: Record<string, unknown> = { Code: codigo };
  for (const chave of ["RecNo", "UTC", "UserID", "CardNo", "Method", "Door", "Type", "Status", "ErrorCode", "ReaderID"]) {
    const v = d[chave];
    if (typeof v === "string" || typeof v === "number") dados[chave] = typeof v === "string" ? v.slice(0, 200) : v;
  }
  if (inteiro(d.Method) === METODO_QR) delete dados.CardNo; // a visitor's pass: not kept
  if (inteiro(d.Method) === METODO_SENHA) delete dados.CardNo;
  return dados;
}

function evento(codigo: string, d: Record<string, unknown>, indice: number): EventoDoDispositivo | null {
  const recNo = inteiro(d.RecNo);
  const id = recNo !== null ? `rec:${recNo}` : `${codigo}:${createHash("sha256").update(JSON.stringify({ codigo, d, indice })).digest("hex").slice(0, 32)}`;
  const base = { id_no_dispositivo: id, numero: recNo, ocorrido_em: quando(d.UTC), porta: porta(d.Door), dados: dadosDe(codigo, d) };
  if (codigo === "AccessControl") return { ...base, tipo: "identificacao", identificador: identificador(d) };
  if (codigo === "DoorStatus") {
    const estado = String(d.Status ?? "").toLowerCase();
    if (estado !== "open" && estado !== "close") return null;
    return { ...base, tipo: estado === "open" ? "porta_aberta" : "porta_fechada" };
  }
  if (codigo === "BreakIn") return { ...base, tipo: "porta_forcada" };
  if (codigo === "DoorNotClosed") return { ...base, tipo: "porta_mantida_aberta" };
  return null;
}

/**
 * One AccessControlCardRec record as the record finder reads it back (a gap in RecNo,
 * docs/decisions/0269-lacunas-no-registro.md): the AccessControl event it was, with the device's
 * own outcome — `Status` 1 it opened, 0 it did not (with a user it knows: denied; without: not
 * identified). `CreateTime` is read as the event's `UTC` (epoch seconds: our reading). Null for a
 * record without a RecNo.
 */
export function eventoDoRegistro(rec: Record<string, string>): EventoDoDispositivo | null {
  if (inteiro(rec.RecNo) === null) return null;
  const { CreateTime, ...resto } = rec;
  const lido = evento("AccessControl", { ...resto, UTC: CreateTime }, 0);
  if (!lido) return null;
  const decisao = inteiro(rec.Status) === 1 ? "concedido" : texto(rec.UserID) ? "negado" : "nao_identificado";
  return { ...lido, decisao_do_dispositivo: decisao };
}

export const integracaoIntelbras: IntegracaoDoFabricante = {
  ler(chamada): LeituraDaChamada {
    const caminho = chamada.caminho.replace(/^\/+|\/+$/g, "");
    if (caminho !== "" && caminho !== "keepalive") throw new ChamadaInvalida(404, "Caminho desconhecido.");
    if (chamada.metodo === "GET") return { eventos: [], pedeDecisao: false, responder: () => ({ status: 200, tipo: "text/plain", corpo: "OK" }) };
    if (chamada.metodo !== "POST") throw new ChamadaInvalida(404, "Caminho desconhecido.");
    const corpo = eventosDoCorpo(chamada);
    const lidos = (corpo.Events as unknown[]).slice(0, 100).flatMap((e, i) => {
      if (!e || typeof e !== "object") return [];
      const { Code: codigo, Data: dados } = e as Record<string, unknown>;
      if (typeof codigo !== "string" || !dados || typeof dados !== "object") return [];
      const lido = evento(codigo, dados as Record<string, unknown>, i);
      return lido ? [lido] : [];
    });
    // Modo Online: an access event waits for the portal's word; it goes first.
    const acesso = lidos.findIndex((e) => e.tipo === "identificacao");
    const eventos = acesso > 0 ? [lidos[acesso]!, ...lidos.filter((_, i) => i !== acesso)] : lidos;
    return {
      eventos,
      pedeDecisao: acesso !== -1,
      responder: (decisao) =>
        json(200, decisao ? { message: decisao.mensagem, code: "200", auth: String(decisao.concedido) } : { message: "", code: "200", auth: "false" }),
    };
  },
};
