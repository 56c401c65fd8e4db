import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { saoPauloWallClockMs } from "@shared/time";
import {
  DispositivoSimulado,
  type ChamadaAoPortal,
  type Manipulador,
  type OpcoesDoFabricante,
  type PedidoDoPortal,
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

/** The error shape of the API: HTTP 400/401 with `{ error, code }`. */
const erro = (res: ServerResponse, status: number, mensagem: string, code = 1) => json(res, status, { error: mensagem, code });

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
 * are done, as the firmware does) and gives the device's error text; null: all done. The direct
 * call and a request fetched in push mode both run this.
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

/**
 * A request the portal handed out in push mode, performed as the direct call with that endpoint
 * would be: only `POST execute_actions` (with or without `.fcgi`) is simulated; anything else is
 * refused with an error the portal sees. The body may come as an object or as JSON text.
 */
function executarPedido(disp: DispositivoSimulado, pedido: Record<string, unknown>): string | null {
  const verbo = String(pedido.verb ?? "POST").toUpperCase();
  const endpoint = String(pedido.endpoint ?? "")
    .replace(/^\/+/, "")
    .replace(/\.fcgi$/, "");
  if (verbo !== "POST" || endpoint !== "execute_actions") return `Unsupported request: ${verbo} ${endpoint}`;
  const body =
    typeof pedido.body === "string"
      ? lerJson(Buffer.from(pedido.body))
      : pedido.body && typeof pedido.body === "object" && !Array.isArray(pedido.body)
        ? (pedido.body as Record<string, unknown>)
        : null;
  if (body === null) return "Invalid JSON";
  return executarAcoes(disp, body);
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
    const { tipo, valor } = registro.identificacao;
    return jsonParaPortal("api/notifications/dao", {
      object_changes: [
        {
          object: "access_logs",
          type: "inserted",
          values: {
            id: registro.numero,
            time: segundosDeParede(registro.instante),
            event: eventoDoAcesso(registro),
            user_id: idDoUsuario(registro.pessoaId),
            portal_id: registro.porta,
            // Cards are integers on Control iD; a card typed with other characters goes as typed.
            card_value: tipo === "cartao" ? (/^\d+$/.test(valor) ? Number(valor) : valor) : 0,
            qrcode_value: tipo === "qrcode" ? valor : "",
            identifier_id: IDENTIFICADOR_CONTROLID[tipo],
          },
        },
      ],
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
  // contentType, uuid }`; the device performs it and posts `result?deviceId=&uuid=` with
  // `{ response: <what the endpoint answered> }` or `{ error: <its error text> }`.
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
      executar: () => {
        const falha = executarPedido(disp, pedido);
        return jsonParaPortal(`result?${new URLSearchParams({ deviceId: String(idDoAparelho(disp)), uuid })}`, falha ? { error: falha } : { response: {} });
      },
    };
  },
};

export function manipuladorControlId(): Manipulador {
  return (disp: DispositivoSimulado, req: IncomingMessage, corpo: Buffer, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://dispositivo");
    const caminho = url.pathname.replace(/^\//, "");
    if (req.method !== "POST") return erro(res, 405, "Method not allowed");
    const body = lerJson(corpo);
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

    switch (caminho) {
      case "logout.fcgi":
        disp.sessoes.delete(session);
        return json(res, 200, {});

      // "Informações do sistema": serial, firmware version, clock, uptime.
      case "system_information.fcgi":
        return json(res, 200, {
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
        return falha ? erro(res, 400, falha, 2) : json(res, 200, {});
      }

      // "Estado das portas": the relays' doors, and the SecBox's (door 1 of a facial reader).
      case "doors_state.fcgi":
        return json(res, 200, {
          doors: [...disp.portas].map(([id, estado]) => ({ id, open: estado === "aberta" })),
          sec_boxes: [{ id: SEC_BOX_ID, open: disp.portas.get(1) === "aberta" }],
        });

      // "Objetos": the device's tables. Only reading the access log and the users is simulated here.
      // access_logs holds the identifications, with the ids the dao notifications carry: what a
      // portal reads to fill a gap in them.
      case "load_objects.fcgi": {
        if (body.object === "access_logs") {
          const depois = Number(((body.where as { access_logs?: { id?: { ">"?: unknown } } })?.access_logs?.id ?? {})[">"] ?? 0);
          return json(res, 200, {
            access_logs: disp.registros
              .filter((r) => r.tipo === "acesso" && r.numero !== undefined && r.numero > depois)
              .map((r) => ({
                id: r.numero,
                time: segundosDeParede(r.instante),
                event: eventoDoAcesso(r),
                portal_id: r.porta,
                user_id: idDoUsuario(r.pessoaId),
              })),
          });
        }
        if (body.object === "users") {
          return json(res, 200, { users: [...disp.pessoas.values()].map((p) => ({ id: Number(p.id), name: p.nome, registration: p.id })) });
        }
        return erro(res, 400, `Unknown object: ${String(body.object)}`, 2);
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
            return erro(res, 400, `Invalid configuration: ${error instanceof Error ? error.message : String(error)}`, 2);
          }
        }
        return json(res, 200, {});
      }

      default:
        return erro(res, 404, "Not found", 3);
    }
  };
}

export const criarControlId = (opcoes: OpcoesDoFabricante) =>
  new DispositivoSimulado({ firmware: "6.13.2", ...opcoes, fabricante: "controlid" }, manipuladorControlId(), protocoloControlId);
