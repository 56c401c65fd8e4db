import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { saoPauloWallClockMs } from "@shared/time";
import { DispositivoSimulado, type Manipulador, type OpcoesDoSimulado } from "./simulado";

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
const horaDoDispositivo = (disp: DispositivoSimulado) => Math.floor(saoPauloWallClockMs(disp.agora()) / 1000);

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

      // "Ações": remote opening. `door` drives a relay of iDAccess/iDBox, `sec_box` the SecBox of
      // iDFace/iDFlex, `catra` the turnstile of iDBlock.
      case "execute_actions.fcgi": {
        const acoes = Array.isArray(body.actions) ? (body.actions as { action?: unknown; parameters?: unknown }[]) : null;
        if (!acoes || acoes.length === 0) return erro(res, 400, "Missing actions", 2);
        for (const acao of acoes) {
          const p = parametros(acao.parameters);
          let porta: number | null = null;
          if (acao.action === "door") porta = Number(p.door);
          else if (acao.action === "sec_box") porta = Number(p.id) === SEC_BOX_ID ? 1 : null;
          else if (acao.action === "catra")
            porta = ["clockwise", "anticlockwise", "both"].includes(p.allow ?? "") ? (p.allow === "anticlockwise" ? 2 : 1) : null;
          if (porta === null || !disp.acionar(porta))
            return erro(res, 400, `Invalid action parameters: ${String(acao.action)} ${String(acao.parameters ?? "")}`, 2);
        }
        return json(res, 200, {});
      }

      // "Estado das portas": the relays' doors, and the SecBox's (door 1 of a facial reader).
      case "doors_state.fcgi":
        return json(res, 200, {
          doors: [...disp.portas].map(([id, estado]) => ({ id, open: estado === "aberta" })),
          sec_boxes: [{ id: SEC_BOX_ID, open: disp.portas.get(1) === "aberta" }],
        });

      // "Objetos": the device's tables. Only reading the access log and the users is simulated here.
      case "load_objects.fcgi": {
        if (body.object === "access_logs") {
          const depois = Number(((body.where as { access_logs?: { id?: { ">"?: unknown } } })?.access_logs?.id ?? {})[">"] ?? 0);
          return json(res, 200, {
            access_logs: disp.registros
              .filter((r) => r.id > depois)
              .map((r) => ({
                id: r.id,
                time: Math.floor(saoPauloWallClockMs(r.instante) / 1000),
                event: r.tipo === "acesso" ? (r.concedido ? 7 : 6) : r.tipo === "abertura_remota" ? 12 : 0,
                portal_id: r.porta,
                user_id: r.pessoaId ? Number(r.pessoaId) : 0,
              })),
          });
        }
        if (body.object === "users") {
          return json(res, 200, { users: [...disp.pessoas.values()].map((p) => ({ id: Number(p.id), name: p.nome, registration: p.id })) });
        }
        return erro(res, 400, `Unknown object: ${String(body.object)}`, 2);
      }

      default:
        return erro(res, 404, "Not found", 3);
    }
  };
}

export const criarControlId = (
  opcoes: Omit<OpcoesDoSimulado, "fabricante" | "usuario" | "senha" | "firmware" | "portas" | "sensorPorta" | "portaAbertaMs" | "portaMoveMs"> &
    Partial<OpcoesDoSimulado>,
) => new DispositivoSimulado({ firmware: "6.13.2", ...opcoes, fabricante: "controlid" }, manipuladorControlId());
