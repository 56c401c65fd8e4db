import type { Db } from "../../db/client";
import type { AvisosDaSolicitacao } from "../solicitacoes/service";

// The resident's notices (gate-operation-spec §3.4): a durable queue in portaria_web_notificacoes,
// the cascade of a request, and the channels (Web Push, WhatsApp Cloud API, SMS, e-mail).

export function notificacoesService(_deps: { db: Db }): AvisosDaSolicitacao {
  return {
    async aoPedir() {},
    async aoEncerrar() {},
  };
}

export type NotificacoesService = ReturnType<typeof notificacoesService>;
