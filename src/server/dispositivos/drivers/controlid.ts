import { createHash } from "node:crypto";
import { FALHA_DO_DISPOSITIVO } from "@shared/schemas/dispositivos";
import { instantFromSaoPauloWallClock } from "@shared/time";
import { acaoDeAbertura, SEC_BOX_ID } from "./controlid-acoes";
import { chamar } from "./http";
import { integracaoControlId } from "./controlid-eventos";
import { FalhaDoDispositivo, type AlvoDoDispositivo, type DriverDeDispositivo, type OpcoesDeChamada } from "./tipos";

// Control iD (iDAccess, iDBox, iDFlex, iDFace, iDBlock), written from its public Access API
// documentation (https://www.controlid.com.br/docs/access-api-pt/):
// - "Gerenciamento de sessão": POST /login.fcgi { login, password } → { session }; every other
//   call carries ?session=; an expired or unknown session answers HTTP 401.
// - "Informações do sistema": POST /system_information.fcgi → serial, version, time (the device's
//   wall clock in seconds, no zone).
// - "Abertura remota de porta e catraca": POST /execute_actions.fcgi { actions: [...] }, with
//   `door` (door=N) on the controllers' relays, `sec_box` (id=65793,reason=3) on the SecBox of the
//   facial readers, `catra` (allow=clockwise|anticlockwise) on the iDBlock turnstile.
// - "Estado das portas": POST /doors_state.fcgi → { doors: [{ id, open }], sec_boxes: [{ id, open }] }.

/** The vendor's error texts the portal knows, in pt-BR; another one is shown as the device wrote it. */
const ERROS_CONHECIDOS: [RegExp, string][] = [
  [/invalid action parameters?/i, "parâmetros da ação inválidos (confira o número da porta e o modelo)"],
  [/unknown object/i, "objeto desconhecido"],
  [/missing actions?/i, "nenhuma ação informada"],
  [/invalid json/i, "pedido em formato inválido"],
];

function erroDoDispositivo(corpo: string, status: number): string {
  let texto = "";
  try {
    const valor = JSON.parse(corpo) as { error?: unknown };
    texto = typeof valor.error === "string" ? valor.error : "";
  } catch {
    texto = corpo.trim().slice(0, 120);
  }
  const conhecido = ERROS_CONHECIDOS.find(([padrao]) => padrao.test(texto));
  if (conhecido) return `${conhecido[1]}.`;
  return texto ? `“${texto}” (HTTP ${status}).` : `HTTP ${status}.`;
}

function lerJson(corpo: string): Record<string, unknown> {
  try {
    const valor = JSON.parse(corpo);
    if (valor && typeof valor === "object" && !Array.isArray(valor)) return valor as Record<string, unknown>;
  } catch {
    // falls through
  }
  throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
}

export function driverControlId(): DriverDeDispositivo {
  /** One session per device, remembered with the credentials it was opened with. */
  const sessoes = new Map<string, { credencial: string; session: string }>();
  const credencialDe = (alvo: AlvoDoDispositivo) =>
    createHash("sha256")
      .update(`${alvo.endereco}\n${alvo.usuario ?? ""}\n${alvo.senha ?? ""}`)
      .digest("base64url");

  async function entrar(alvo: AlvoDoDispositivo, opcoes: OpcoesDeChamada): Promise<string> {
    const resposta = await chamar(`${alvo.endereco}/login.fcgi`, {
      metodo: "POST",
      json: { login: alvo.usuario ?? "", password: alvo.senha ?? "" },
      prazoMs: opcoes.prazoMs,
    });
    if (resposta.status === 401 || resposta.status === 403) throw new FalhaDoDispositivo("credenciais", FALHA_DO_DISPOSITIVO.credenciais);
    if (resposta.status !== 200) throw new FalhaDoDispositivo("recusado", FALHA_DO_DISPOSITIVO.recusou(erroDoDispositivo(resposta.corpo, resposta.status)));
    const session = lerJson(resposta.corpo).session;
    if (typeof session !== "string" || !session) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
    sessoes.set(alvo.id, { credencial: credencialDe(alvo), session });
    return session;
  }

  /** One API call in the device's session; a session the device no longer knows is opened again, once. */
  async function api(alvo: AlvoDoDispositivo, recurso: string, corpo: unknown, opcoes: OpcoesDeChamada): Promise<Record<string, unknown>> {
    const inicio = Date.now();
    for (let tentativa = 0; tentativa < 2; tentativa++) {
      const guardada = sessoes.get(alvo.id);
      const prazoMs = Math.max(1, opcoes.prazoMs - (Date.now() - inicio));
      const session = guardada && guardada.credencial === credencialDe(alvo) ? guardada.session : await entrar(alvo, { prazoMs });
      const resposta = await chamar(`${alvo.endereco}/${recurso}?session=${encodeURIComponent(session)}`, {
        metodo: "POST",
        json: corpo,
        prazoMs: Math.max(1, opcoes.prazoMs - (Date.now() - inicio)),
      });
      if (resposta.status === 401) {
        // A 401 means the call was not carried out: opening the session again and repeating it cannot open a door twice.
        sessoes.delete(alvo.id);
        continue;
      }
      if (resposta.status !== 200) throw new FalhaDoDispositivo("recusado", FALHA_DO_DISPOSITIVO.recusou(erroDoDispositivo(resposta.corpo, resposta.status)));
      return lerJson(resposta.corpo);
    }
    throw new FalhaDoDispositivo("credenciais", FALHA_DO_DISPOSITIVO.credenciais);
  }

  return {
    fabricante: "controlid",

    async identificar(alvo, opcoes) {
      const info = await api(alvo, "system_information.fcgi", {}, opcoes);
      const time = typeof info.time === "number" && Number.isFinite(info.time) ? info.time : null;
      return {
        modelo: typeof info.device_name === "string" ? info.device_name : null,
        serie: typeof info.serial === "string" ? info.serial : null,
        firmware: typeof info.version === "string" ? info.version : null,
        relogio: time === null ? null : instantFromSaoPauloWallClock(time * 1000),
      };
    },

    async abrir(alvo, porta, opcoes) {
      await api(alvo, "execute_actions.fcgi", { actions: [acaoDeAbertura(alvo.modelo, porta)] }, opcoes);
    },

    async estadoDaPorta(alvo, porta, opcoes) {
      const estado = await api(alvo, "doors_state.fcgi", {}, opcoes);
      const porSecBox = acaoDeAbertura(alvo.modelo, porta).action === "sec_box";
      const lista = (porSecBox ? estado.sec_boxes : estado.doors) as { id?: unknown; open?: unknown }[] | undefined;
      const item = Array.isArray(lista) ? lista.find((d) => Number(d.id) === (porSecBox ? SEC_BOX_ID : porta)) : undefined;
      if (!item || typeof item.open !== "boolean") throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
      return item.open ? "aberta" : "fechada";
    },

    esquecer(id) {
      sessoes.delete(id);
    },

    integracao: integracaoControlId,
  };
}
