import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { moradores, user } from "../tabelas";
import { solicitacoesAutorizacao } from "./solicitacoes";

/**
 * What the portal tells a resident, on each channel (gate-operation-spec §3.4; its module:
 * src/server/modules/notificacoes). A row is written with what it answers for (a request, a
 * parcel) in the same statement flow, and a worker on any instance sends it when `enviar_apos`
 * comes (the cascade: push at once, WhatsApp after 15 s, SMS after 30 s), leasing it by pushing
 * `proxima_tentativa_em` ahead; a killed sender's row comes back when the lease ends. Every step
 * still pending is 'cancelada' once someone answers.
 */
export const notificacoes = pgTable(
  "portaria_web_notificacoes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    morador_id: uuid("morador_id")
      .notNull()
      .references(() => moradores.id, { onDelete: "cascade" }),
    tipo: text("tipo", { enum: ["solicitacao", "encomenda", "visitante_chegou", "lembrete_encomenda"] }).notNull(),
    canal: text("canal", { enum: ["app", "push", "whatsapp", "sms", "email"] }).notNull(),
    estado: text("estado", { enum: ["pendente", "enviada", "entregue", "lida", "falhou", "cancelada"] })
      .notNull()
      .default("pendente"),
    tentativas: integer("tentativas").notNull().default(0),
    /** The last failure, in pt-BR, as the console shows it ('número inválido'). */
    erro: text("erro"),
    /** What the notice is about: the request (solicitação) or the parcel (encomenda). */
    referencia_id: uuid("referencia_id").notNull(),
    /** Where it goes, as it was when queued: a phone (digits), an e-mail; null for app and push. */
    destino: text("destino"),
    /** The cascade's step: not sent before this instant. */
    enviar_apos: timestamp("enviar_apos", { withTimezone: true }).notNull().defaultNow(),
    /** Next attempt (back-off after a failure) or the end of a sender's lease. */
    proxima_tentativa_em: timestamp("proxima_tentativa_em", { withTimezone: true }).notNull().defaultNow(),
    /** The provider's id of the message (WhatsApp's wamid, the SMS provider's id), for its status callbacks. */
    id_externo: text("id_externo"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    enviada_em: timestamp("enviada_em", { withTimezone: true }),
  },
  (t) => [
    check("notificacoes_tipo_valido", sql`${t.tipo} in ('solicitacao', 'encomenda', 'visitante_chegou', 'lembrete_encomenda')`),
    check("notificacoes_canal_valido", sql`${t.canal} in ('app', 'push', 'whatsapp', 'sms', 'email')`),
    check("notificacoes_estado_valido", sql`${t.estado} in ('pendente', 'enviada', 'entregue', 'lida', 'falhou', 'cancelada')`),
    check("notificacoes_tentativas", sql`${t.tentativas} >= 0`),
    // The senders: what is due, oldest first.
    index("notificacoes_pendentes_idx")
      .on(t.proxima_tentativa_em)
      .where(sql`${t.estado} = 'pendente'`),
    // A request's notices (its failures on the console; the cascade's cancel).
    index("notificacoes_referencia_idx").on(t.referencia_id),
    index("notificacoes_morador_idx").on(t.morador_id, t.created_at.desc()),
    uniqueIndex("notificacoes_id_externo_idx")
      .on(t.canal, t.id_externo)
      .where(sql`${t.id_externo} is not null`),
  ],
);

/**
 * A resident's choices (§3.2 'Notificações'), one row per resident record (so per unit): the
 * channels besides the app, quiet hours, and the standing rule for deliveries. No row: every
 * channel on, no quiet hours, 'Sempre perguntar'.
 */
export const moradorPreferencias = pgTable(
  "portaria_web_morador_preferencias",
  {
    morador_id: uuid("morador_id")
      .primaryKey()
      .references(() => moradores.id, { onDelete: "cascade" }),
    push: boolean("push").notNull().default(true),
    whatsapp: boolean("whatsapp").notNull().default(true),
    sms: boolean("sms").notNull().default(true),
    email: boolean("email").notNull().default(true),
    /** Quiet hours, São Paulo wall clock 'HH:mm' (may cross midnight); both or neither. */
    silencio_de: text("silencio_de"),
    silencio_ate: text("silencio_ate"),
    /** Deliveries: 'sempre_perguntar', or 'liberar_sempre' between regra_de and regra_ate. */
    regra_entregas: text("regra_entregas", { enum: ["sempre_perguntar", "liberar_sempre"] })
      .notNull()
      .default("sempre_perguntar"),
    regra_de: text("regra_de"),
    regra_ate: text("regra_ate"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("morador_preferencias_regra_valida", sql`${t.regra_entregas} in ('sempre_perguntar', 'liberar_sempre')`),
    check("morador_preferencias_silencio_par", sql`(${t.silencio_de} is null) = (${t.silencio_ate} is null)`),
    check("morador_preferencias_regra_horario", sql`${t.regra_entregas} = 'sempre_perguntar' or (${t.regra_de} is not null and ${t.regra_ate} is not null)`),
    check(
      "morador_preferencias_horas",
      sql`(${t.silencio_de} is null or ${t.silencio_de} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and (${t.silencio_ate} is null or ${t.silencio_ate} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and (${t.regra_de} is null or ${t.regra_de} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and (${t.regra_ate} is null or ${t.regra_ate} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`,
    ),
  ],
);

/** A browser's Web Push subscription, of a signed-in resident (the person: all their units). */
export const pushInscricoes = pgTable(
  "portaria_web_push_inscricoes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    auth_user_id: text("auth_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("push_inscricoes_endpoint_idx").on(t.endpoint), index("push_inscricoes_usuario_idx").on(t.auth_user_id)],
);

/**
 * An answer link sent by WhatsApp, SMS or e-mail (§3.4): its token is `<id>.<HMAC of id>`, only
 * the id is stored; it answers once (`usado_em`), for one resident, and not after `expira_em`
 * (the request's end).
 */
export const linksResposta = pgTable(
  "portaria_web_links_resposta",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    solicitacao_id: uuid("solicitacao_id")
      .notNull()
      .references(() => solicitacoesAutorizacao.id, { onDelete: "cascade" }),
    morador_id: uuid("morador_id")
      .notNull()
      .references(() => moradores.id, { onDelete: "cascade" }),
    canal: text("canal", { enum: ["whatsapp", "sms", "email"] }).notNull(),
    expira_em: timestamp("expira_em", { withTimezone: true }).notNull(),
    usado_em: timestamp("usado_em", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("links_resposta_canal_valido", sql`${t.canal} in ('whatsapp', 'sms', 'email')`),
    index("links_resposta_solicitacao_idx").on(t.solicitacao_id),
    // Migration 0034: the foreign key's lookup when a resident is deleted.
    index("links_resposta_morador_idx").on(t.morador_id),
  ],
);
