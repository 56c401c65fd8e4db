import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { condominios, moradores, unidades } from "../tabelas";

/**
 * Parcels at the gate (gate-operation-spec §4; its module: src/server/modules/encomendas). A parcel
 * waits ('aguardando') until it is handed out ('retirada') or sent back ('devolvida'); both ends are
 * final. The pickup code is never stored: its keyed hash (`codigo_retirada_hash`, bound to the unit)
 * finds the parcel, and its ciphertext (`codigo_retirada_cifrado`, under the chain's key kept out of
 * the database) lets the resident's app and the notices show it (decision 0279).
 */
export const encomendas = pgTable(
  "portaria_web_encomendas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id, { onDelete: "no action" }),
    unidade_id: uuid("unidade_id")
      .notNull()
      .references(() => unidades.id, { onDelete: "no action" }),
    /** The resident it is for, when one of the unit's; `destinatario_nome` is always the name as received. */
    morador_id: uuid("morador_id").references(() => moradores.id, { onDelete: "set null" }),
    destinatario_nome: text("destinatario_nome").notNull(),
    transportadora: text("transportadora", { enum: ["correios", "mercado_livre", "amazon", "shopee", "outra"] }).notNull(),
    codigo_rastreio: text("codigo_rastreio"),
    tipo: text("tipo", { enum: ["envelope", "pacote", "caixa", "refrigerado", "outro"] }).notNull(),
    local_armazenamento: text("local_armazenamento"),
    observacoes: text("observacoes"),
    status: text("status", { enum: ["aguardando", "retirada", "devolvida"] })
      .notNull()
      .default("aguardando"),
    recebida_em: timestamp("recebida_em", { withTimezone: true }).notNull().defaultNow(),
    /** The operator (portaria_web_usuarios.id) and their name as it was. */
    recebida_por: uuid("recebida_por"),
    recebida_por_nome: text("recebida_por_nome").notNull(),
    retirada_em: timestamp("retirada_em", { withTimezone: true }),
    retirada_por_nome: text("retirada_por_nome"),
    retirada_por_documento: text("retirada_por_documento"),
    /** How the person was recognised: the code typed, the QR read, or a document checked by the operator. */
    retirada_forma: text("retirada_forma", { enum: ["codigo", "qrcode", "documento"] }),
    entregue_por: uuid("entregue_por"),
    entregue_por_nome: text("entregue_por_nome"),
    devolvida_em: timestamp("devolvida_em", { withTimezone: true }),
    devolvida_por_nome: text("devolvida_por_nome"),
    motivo_devolucao: text("motivo_devolucao"),
    codigo_retirada_hash: text("codigo_retirada_hash").notNull(),
    codigo_retirada_cifrado: text("codigo_retirada_cifrado").notNull(),
    /** The last reminder to the unit ('Aguardando há N dias', every 3 days). */
    lembrado_em: timestamp("lembrado_em", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("encomendas_status_valido", sql`${t.status} in ('aguardando', 'retirada', 'devolvida')`),
    check("encomendas_transportadora_valida", sql`${t.transportadora} in ('correios', 'mercado_livre', 'amazon', 'shopee', 'outra')`),
    check("encomendas_tipo_valido", sql`${t.tipo} in ('envelope', 'pacote', 'caixa', 'refrigerado', 'outro')`),
    check("encomendas_forma_valida", sql`${t.retirada_forma} is null or ${t.retirada_forma} in ('codigo', 'qrcode', 'documento')`),
    check("encomendas_destinatario_preenchido", sql`btrim(${t.destinatario_nome}) <> ''`),
    // Each end says who and when; a parcel still waiting has neither.
    check(
      "encomendas_retirada_completa",
      sql`(${t.status} = 'retirada') = (${t.retirada_em} is not null and ${t.retirada_por_nome} is not null and ${t.retirada_forma} is not null)`,
    ),
    check("encomendas_documento_conferido", sql`${t.retirada_forma} is distinct from 'documento' or ${t.retirada_por_documento} is not null`),
    check("encomendas_devolucao_completa", sql`(${t.status} = 'devolvida') = (${t.devolvida_em} is not null and ${t.motivo_devolucao} is not null)`),
    // A code finds one waiting parcel of its unit.
    uniqueIndex("encomendas_codigo_aguardando_unique")
      .on(t.unidade_id, t.codigo_retirada_hash)
      .where(sql`${t.status} = 'aguardando'`),
    // The list, newest first, per condominium and company-wide.
    index("encomendas_condominio_recentes_idx").on(t.condominio_id, t.recebida_em.desc(), t.id.desc()),
    index("encomendas_recentes_idx").on(t.recebida_em.desc(), t.id.desc()),
    // What waits: per unit (pickup, the resident's app), per condominium (the painel), for reminders.
    index("encomendas_unidade_aguardando_idx")
      .on(t.unidade_id, t.recebida_em)
      .where(sql`${t.status} = 'aguardando'`),
    index("encomendas_condominio_aguardando_idx")
      .on(t.condominio_id, t.recebida_em)
      .where(sql`${t.status} = 'aguardando'`),
    index("encomendas_unidade_idx").on(t.unidade_id, t.recebida_em.desc()),
    // Migration 0034: deleting a resident looks up their parcels (ON DELETE SET NULL), not all of them.
    index("encomendas_morador_idx")
      .on(t.morador_id)
      .where(sql`${t.morador_id} is not null`),
    // The list's text: the addressee's name, the tracking code and the storage place, by part (a
    // search ORs the three, so each needs its index for the bitmap OR).
    index("encomendas_destinatario_trgm").using("gin", sql`${t.destinatario_nome} gin_trgm_ops`),
    index("encomendas_rastreio_trgm").using("gin", sql`${t.codigo_rastreio} gin_trgm_ops`),
    index("encomendas_local_trgm").using("gin", sql`${t.local_armazenamento} gin_trgm_ops`),
  ],
);

/**
 * The custody of each parcel (gate-operation-spec §4): 'recebida', 'notificada', 'retirada',
 * 'devolvida', append-only and chained by hash per condominium like the access records (migration
 * 0031: a trigger numbers and chains every insert under the condominium's head; UPDATE, DELETE and
 * TRUNCATE are refused). `dados` is what the step said (who took it, the reason), as text.
 */
export const encomendaEventos = pgTable(
  "portaria_web_encomenda_eventos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id, { onDelete: "no action" }),
    encomenda_id: uuid("encomenda_id")
      .notNull()
      .references(() => encomendas.id, { onDelete: "no action" }),
    tipo: text("tipo", { enum: ["recebida", "notificada", "retirada", "devolvida"] }).notNull(),
    /** What the step recorded, as shown: the operator, who took it and how, the reason. */
    descricao: text("descricao").notNull(),
    operador_id: uuid("operador_id"),
    operador_nome: text("operador_nome"),
    registrado_em: timestamp("registrado_em", { withTimezone: true }).notNull().defaultNow(),
    seq: bigint("seq", { mode: "number" }).notNull().default(0),
    hash_anterior: text("hash_anterior").notNull().default(""),
    hash: text("hash").notNull().default(""),
  },
  (t) => [
    check("encomenda_eventos_tipo_valido", sql`${t.tipo} in ('recebida', 'notificada', 'retirada', 'devolvida')`),
    uniqueIndex("encomenda_eventos_condominio_seq_unique").on(t.condominio_id, t.seq),
    index("encomenda_eventos_encomenda_idx").on(t.encomenda_id, t.seq),
  ],
);

/** The head of each condominium's custody chain, written only by the chaining trigger. */
export const encomendasCadeia = pgTable("portaria_web_encomendas_cadeia", {
  condominio_id: uuid("condominio_id")
    .primaryKey()
    .references(() => condominios.id),
  ultimo_seq: bigint("ultimo_seq", { mode: "number" }).notNull().default(0),
  ultimo_hash: text("ultimo_hash").notNull().default(""),
});
