import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { condominios, moradores, unidades } from "../tabelas";

/**
 * 'Pedir autorização ao morador' (gate-operation-spec §3.3; its module:
 * src/server/modules/solicitacoes): the console asks a unit's residents about someone at the gate.
 * The first answer wins (a conditional update from 'aguardando'); past `expira_em` it ends
 * 'sem_resposta'. `respondida_por` is the resident's record; their name is kept as answered.
 */
export const solicitacoesAutorizacao = pgTable(
  "portaria_web_solicitacoes_autorizacao",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id, { onDelete: "no action" }),
    unidade_id: uuid("unidade_id")
      .notNull()
      .references(() => unidades.id, { onDelete: "no action" }),
    nome_visitante: text("nome_visitante").notNull(),
    documento: text("documento"),
    tipo_pessoa: text("tipo_pessoa", { enum: ["visitante", "entrega"] }).notNull(),
    placa: text("placa"),
    /** The operator who asked (portaria_web_usuarios.id), and their name as it was. */
    solicitado_por: uuid("solicitado_por").notNull(),
    solicitado_por_nome: text("solicitado_por_nome").notNull(),
    estado: text("estado", { enum: ["aguardando", "aprovada", "recusada", "sem_resposta", "cancelada"] })
      .notNull()
      .default("aguardando"),
    respondida_por: uuid("respondida_por").references(() => moradores.id, { onDelete: "set null" }),
    respondida_por_nome: text("respondida_por_nome"),
    canal: text("canal", { enum: ["app", "push", "whatsapp", "sms", "email", "regra"] }),
    mensagem: text("mensagem"),
    respondida_em: timestamp("respondida_em", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expira_em: timestamp("expira_em", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("solicitacoes_estado_valido", sql`${t.estado} in ('aguardando', 'aprovada', 'recusada', 'sem_resposta', 'cancelada')`),
    check("solicitacoes_tipo_valido", sql`${t.tipo_pessoa} in ('visitante', 'entrega')`),
    check("solicitacoes_canal_valido", sql`${t.canal} is null or ${t.canal} in ('app', 'push', 'whatsapp', 'sms', 'email', 'regra')`),
    check("solicitacoes_nome_preenchido", sql`btrim(${t.nome_visitante}) <> ''`),
    // An answer says who, how and when; a request still waiting has none.
    check("solicitacoes_resposta_completa", sql`(${t.estado} in ('aprovada', 'recusada')) = (${t.canal} is not null and ${t.respondida_em} is not null)`),
    // The resident's screen: what waits for my unit's answer.
    index("solicitacoes_unidade_idx").on(t.unidade_id, t.created_at.desc()),
    // Migration 0034: the foreign key's lookup when a resident is deleted.
    index("solicitacoes_respondida_por_idx")
      .on(t.respondida_por)
      .where(sql`${t.respondida_por} is not null`),
    // The sweep: what waits past its time.
    index("solicitacoes_aguardando_idx")
      .on(t.expira_em)
      .where(sql`${t.estado} = 'aguardando'`),
    index("solicitacoes_condominio_idx").on(t.condominio_id, t.created_at.desc()),
  ],
);
