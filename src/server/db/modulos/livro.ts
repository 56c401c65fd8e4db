import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { condominios, unidades, usuarios } from "../tabelas";

/**
 * The shift book (gate-operation-spec §5; its module: src/server/modules/livro; decision 0280).
 *
 * A shift ('turno') is held by one operator at a post: a condominium, or the company's central
 * (`condominio_id` null). Closing it writes the handover ('passagem'); the next operator of the
 * post confirms 'Li e assumo o turno' (`assumido_por`). A shift row changes only by those two
 * steps, each once (migration 0033's trigger); none is ever deleted.
 */
export const turnos = pgTable(
  "portaria_web_turnos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The post: a condominium, or null for 'Central'. */
    condominio_id: uuid("condominio_id").references(() => condominios.id, { onDelete: "no action" }),
    operador: uuid("operador")
      .notNull()
      .references(() => usuarios.id, { onDelete: "no action" }),
    /** The operator's name as it was (the book outlives a renamed account). */
    operador_nome: text("operador_nome").notNull(),
    iniciado_em: timestamp("iniciado_em", { withTimezone: true }).notNull().defaultNow(),
    encerrado_em: timestamp("encerrado_em", { withTimezone: true }),
    passagem: text("passagem"),
    /** The shift of the post whose handover this operator read and confirmed ('Li e assumo o turno'). */
    turno_anterior_id: uuid("turno_anterior_id").references((): AnyPgColumn => turnos.id, { onDelete: "no action" }),
    /** Who first took over from this shift, after reading its handover. */
    assumido_por: uuid("assumido_por").references(() => usuarios.id, { onDelete: "no action" }),
    assumido_por_nome: text("assumido_por_nome"),
    assumido_em: timestamp("assumido_em", { withTimezone: true }),
  },
  (t) => [
    check("turnos_operador_nome_preenchido", sql`btrim(${t.operador_nome}) <> ''`),
    // A closed shift has its handover, an open one has none.
    check("turnos_passagem_ao_encerrar", sql`(${t.encerrado_em} is null) = (${t.passagem} is null)`),
    check("turnos_passagem_preenchida", sql`${t.passagem} is null or btrim(${t.passagem}) <> ''`),
    check("turnos_encerrado_depois", sql`${t.encerrado_em} is null or ${t.encerrado_em} >= ${t.iniciado_em}`),
    // Taken over only once closed, with who and when.
    check(
      "turnos_assumido_completo",
      sql`(${t.assumido_por} is null) = (${t.assumido_em} is null) and (${t.assumido_por} is null) = (${t.assumido_por_nome} is null)`,
    ),
    check("turnos_assumido_depois_de_encerrado", sql`${t.assumido_em} is null or ${t.encerrado_em} is not null`),
    // One open shift per operator (§5).
    uniqueIndex("turnos_um_aberto_por_operador")
      .on(t.operador)
      .where(sql`${t.encerrado_em} is null`),
    // The post's latest shifts (the handover to read), per condominium and for the central.
    index("turnos_posto_idx").on(t.condominio_id, t.iniciado_em.desc()),
    index("turnos_central_idx")
      .on(t.iniciado_em.desc())
      .where(sql`${t.condominio_id} is null`),
    index("turnos_operador_idx").on(t.operador, t.iniciado_em.desc()),
  ],
);

export const TIPOS_OCORRENCIA_DB = ["ocorrencia", "recado", "manutencao", "seguranca"] as const;
export const PRIORIDADES_OCORRENCIA_DB = ["baixa", "normal", "alta"] as const;
export const REFERENCIAS_OCORRENCIA_DB = ["registro", "alarme", "encomenda"] as const;
export const NATUREZAS_OCORRENCIA_DB = ["abertura", "complemento", "resolucao"] as const;

/**
 * The book's entries (§5), append-only (migration 0033: UPDATE, DELETE and TRUNCATE refused by
 * trigger and by the app role's grants). An entry opens an item ('abertura'); a complement or the
 * resolution is a new entry pointing at it (`ocorrencia_original_id`), written in an open shift of
 * its author. The trigger copies the item's condominium, type, priority, title, unit and
 * visibility onto its follow-ups, so a síndico reads a resolution exactly when he reads its item.
 */
export const ocorrencias = pgTable(
  "portaria_web_ocorrencias",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id, { onDelete: "no action" }),
    turno_id: uuid("turno_id")
      .notNull()
      .references(() => turnos.id, { onDelete: "no action" }),
    natureza: text("natureza", { enum: NATUREZAS_OCORRENCIA_DB }).notNull().default("abertura"),
    tipo: text("tipo", { enum: TIPOS_OCORRENCIA_DB }).notNull(),
    prioridade: text("prioridade", { enum: PRIORIDADES_OCORRENCIA_DB }).notNull(),
    titulo: text("titulo").notNull(),
    descricao: text("descricao"),
    unidade_id: uuid("unidade_id").references(() => unidades.id, { onDelete: "no action" }),
    /** A link to what the entry is about: an access record, an alarm or a parcel of the same condominium. */
    referencia_tipo: text("referencia_tipo", { enum: REFERENCIAS_OCORRENCIA_DB }),
    referencia_id: uuid("referencia_id"),
    visivel_sindico: boolean("visivel_sindico").notNull().default(false),
    ocorrencia_original_id: uuid("ocorrencia_original_id").references((): AnyPgColumn => ocorrencias.id, { onDelete: "no action" }),
    criada_por: uuid("criada_por")
      .notNull()
      .references(() => usuarios.id, { onDelete: "no action" }),
    criada_por_nome: text("criada_por_nome").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ocorrencias_tipo_valido", sql`${t.tipo} in ('ocorrencia', 'recado', 'manutencao', 'seguranca')`),
    check("ocorrencias_prioridade_valida", sql`${t.prioridade} in ('baixa', 'normal', 'alta')`),
    check("ocorrencias_natureza_valida", sql`${t.natureza} in ('abertura', 'complemento', 'resolucao')`),
    check("ocorrencias_referencia_valida", sql`${t.referencia_tipo} is null or ${t.referencia_tipo} in ('registro', 'alarme', 'encomenda')`),
    check("ocorrencias_referencia_completa", sql`(${t.referencia_tipo} is null) = (${t.referencia_id} is null)`),
    check("ocorrencias_titulo_preenchido", sql`btrim(${t.titulo}) <> ''`),
    check("ocorrencias_criada_por_nome_preenchido", sql`btrim(${t.criada_por_nome}) <> ''`),
    // An item stands alone; a follow-up points at its item.
    check("ocorrencias_original_da_natureza", sql`(${t.natureza} = 'abertura') = (${t.ocorrencia_original_id} is null)`),
    // A complement says something.
    check("ocorrencias_complemento_com_texto", sql`${t.natureza} <> 'complemento' or btrim(coalesce(${t.descricao}, '')) <> ''`),
    // One resolution per item, whoever races for it.
    uniqueIndex("ocorrencias_uma_resolucao")
      .on(t.ocorrencia_original_id)
      .where(sql`${t.natureza} = 'resolucao'`),
    // The list: items newest first, per condominium and company-wide; an item's follow-ups.
    index("ocorrencias_condominio_itens_idx")
      .on(t.condominio_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.natureza} = 'abertura'`),
    index("ocorrencias_itens_idx")
      .on(t.created_at.desc(), t.id.desc())
      .where(sql`${t.natureza} = 'abertura'`),
    index("ocorrencias_original_idx").on(t.ocorrencia_original_id, t.created_at),
    index("ocorrencias_turno_idx").on(t.turno_id),
    index("ocorrencias_titulo_trgm").using("gin", sql`${t.titulo} gin_trgm_ops`),
    index("ocorrencias_descricao_trgm").using("gin", sql`${t.descricao} gin_trgm_ops`),
  ],
);

/**
 * The items still open, one row each: written only by migration 0033's triggers (in when an item
 * is written, out when its resolution is), so the handover and 'open first' never scan the book.
 * Derived, not the record: the book itself stays append-only.
 */
export const ocorrenciasAbertas = pgTable(
  "portaria_web_ocorrencias_abertas",
  {
    ocorrencia_id: uuid("ocorrencia_id")
      .primaryKey()
      .references(() => ocorrencias.id, { onDelete: "no action" }),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id, { onDelete: "no action" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ocorrencias_abertas_condominio_idx").on(t.condominio_id, t.created_at.desc())],
);

/** The users who asked for the síndico's daily summary by e-mail (§5; decision 0280). */
export const resumoDiarioAssinaturas = pgTable("portaria_web_resumo_diario_assinaturas", {
  usuario_id: uuid("usuario_id")
    .primaryKey()
    .references(() => usuarios.id, { onDelete: "cascade" }),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One summary per user and São Paulo day, whichever instance's job gets there first. */
export const resumoDiarioEnvios = pgTable(
  "portaria_web_resumo_diario_envios",
  {
    usuario_id: uuid("usuario_id")
      .notNull()
      .references(() => usuarios.id, { onDelete: "cascade" }),
    dia: date("dia", { mode: "string" }).notNull(),
    enviado_em: timestamp("enviado_em", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.usuario_id, t.dia] })],
);
