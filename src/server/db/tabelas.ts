import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

// ---------------------------------------------------------------------------------------------
// Authentication tables, owned by better-auth (its field names, snake_case columns).
// ---------------------------------------------------------------------------------------------

const authTimestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  ...authTimestamps,
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...authTimestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...authTimestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...authTimestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Product tables (spec §3). Names are the contract.
// ---------------------------------------------------------------------------------------------

const id = () => uuid("id").primaryKey().defaultRandom();
const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
const trgm = (name: string, column: AnyPgColumn) => index(name).using("gin", sql`${column} gin_trgm_ops`);

export const leads = pgTable(
  "leads",
  {
    id: id(),
    nome: text("nome").notNull(),
    telefone_celular: text("telefone_celular"),
    email: text("email").notNull(),
    descricao: text("descricao").notNull().default(""),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("leads_nome_not_blank", sql`btrim(${t.nome}) <> ''`),
    check("leads_email_not_blank", sql`btrim(${t.email}) <> ''`),
    index("leads_created_at_idx").on(t.created_at),
  ],
);

export const usuarios = pgTable(
  "portaria_web_usuarios",
  {
    id: id(),
    auth_user_id: text("auth_user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    nome_completo: text("nome_completo").notNull(),
    email: text("email").notNull(),
    telefone_celular: text("telefone_celular"),
    cpf: varchar("cpf", { length: 11 }),
    status: text("status").notNull().default("pendente_confirmacao"),
    primeiro_acesso_concluido: boolean("primeiro_acesso_concluido").notNull().default(false),
    /** Serves every condominium (gatehouse-spec §2); otherwise those of portaria_web_usuario_condominios. */
    acesso_todos_condominios: boolean("acesso_todos_condominios").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("usuarios_status_check", sql`${t.status} in ('ativo', 'inativo', 'pendente_confirmacao', 'bloqueado')`),
    check("usuarios_nome_not_blank", sql`btrim(${t.nome_completo}) <> ''`),
    check("usuarios_cpf_digits", sql`${t.cpf} is null or ${t.cpf} ~ '^[0-9]{11}$'`),
    uniqueIndex("usuarios_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("usuarios_cpf_unique").on(t.cpf),
    index("usuarios_nome_idx").on(t.nome_completo),
    index("usuarios_status_idx").on(t.status),
    trgm("usuarios_nome_trgm", t.nome_completo),
    trgm("usuarios_email_trgm", t.email),
    trgm("usuarios_cpf_trgm", t.cpf),
  ],
);

export const grupos = pgTable(
  "portaria_web_grupos",
  {
    id: id(),
    nome_grupo: text("nome_grupo").notNull(),
    descricao: text("descricao"),
    ...timestamps,
  },
  (t) => [
    check("grupos_nome_not_blank", sql`btrim(${t.nome_grupo}) <> ''`),
    uniqueIndex("grupos_nome_unique").on(sql`lower(${t.nome_grupo})`),
    index("grupos_nome_idx").on(t.nome_grupo),
  ],
);

export const usuarioGrupos = pgTable(
  "portaria_web_usuario_grupos",
  {
    usuario_id: uuid("usuario_id")
      .notNull()
      .references(() => usuarios.id, { onDelete: "cascade" }),
    grupo_id: uuid("grupo_id")
      .notNull()
      .references(() => grupos.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.usuario_id, t.grupo_id] }), index("usuario_grupos_grupo_idx").on(t.grupo_id)],
);

/** The condominiums a user without all-condominium access serves (gatehouse-spec §2). */
export const usuarioCondominios = pgTable(
  "portaria_web_usuario_condominios",
  {
    usuario_id: uuid("usuario_id")
      .notNull()
      .references(() => usuarios.id, { onDelete: "cascade" }),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.usuario_id, t.condominio_id] }), index("usuario_condominios_condominio_idx").on(t.condominio_id)],
);

export const permissoes = pgTable(
  "portaria_web_permissoes",
  {
    id: id(),
    nome_permissao: text("nome_permissao").notNull().unique(),
    descricao: text("descricao"),
    categoria: text("categoria").notNull().default("Outras"),
    ...timestamps,
  },
  (t) => [
    check("permissoes_nome_format", sql`${t.nome_permissao} ~ '^[a-z0-9_]+$'`),
    check("permissoes_categoria_not_blank", sql`btrim(${t.categoria}) <> ''`),
    index("permissoes_ordem_idx").on(t.categoria, t.nome_permissao),
  ],
);

export const grupoPermissoes = pgTable(
  "portaria_web_grupo_permissoes",
  {
    grupo_id: uuid("grupo_id")
      .notNull()
      .references(() => grupos.id, { onDelete: "cascade" }),
    // A permission in use cannot be deleted (23503), as §5 requires.
    permissao_id: uuid("permissao_id")
      .notNull()
      .references(() => permissoes.id, { onDelete: "no action" }),
  },
  (t) => [primaryKey({ columns: [t.grupo_id, t.permissao_id] }), index("grupo_permissoes_permissao_idx").on(t.permissao_id)],
);

export const pageViews = pgTable(
  "portaria_web_page_views",
  {
    id: id(),
    usuario_id: uuid("usuario_id")
      .notNull()
      .references(() => usuarios.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_views_usuario_idx").on(t.usuario_id), index("page_views_created_idx").on(t.created_at)],
);

export const condominios = pgTable(
  "portaria_web_condominios",
  {
    id: id(),
    nome: text("nome").notNull(),
    cnpj: varchar("cnpj", { length: 14 }),
    endereco: text("endereco"),
    cidade: text("cidade"),
    estado: varchar("estado", { length: 2 }),
    cep: varchar("cep", { length: 8 }),
    telefone: text("telefone"),
    email: text("email"),
    sindico_nome: text("sindico_nome"),
    sindico_contato: text("sindico_contato"),
    ativo: boolean("ativo").notNull().default(true),
    /** Years the access records are kept with names and documents (gatehouse-spec §5; then anonymised). */
    retencao_anos: integer("retencao_anos").notNull().default(5),
    /** Hours inside after which a visitor, provider or delivery is flagged 'Saída não registrada' (gatehouse-spec §3, §10). */
    horas_saida_nao_registrada: integer("horas_saida_nao_registrada").notNull().default(12),
    ...timestamps,
  },
  (t) => [
    check("condominios_nome_not_blank", sql`btrim(${t.nome}) <> ''`),
    check("condominios_retencao_anos", sql`${t.retencao_anos} between 1 and 50`),
    check("condominios_horas_saida_nao_registrada", sql`${t.horas_saida_nao_registrada} between 1 and 72`),
    check("condominios_estado_uf", sql`${t.estado} is null or ${t.estado} ~ '^[A-Z]{2}$'`),
    check("condominios_cep_digits", sql`${t.cep} is null or ${t.cep} ~ '^[0-9]{8}$'`),
    check("condominios_cnpj_format", sql`${t.cnpj} is null or ${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`),
    index("condominios_nome_idx").on(t.nome),
    index("condominios_ativo_nome_idx").on(t.ativo, t.nome),
    trgm("condominios_nome_trgm", t.nome),
    trgm("condominios_cnpj_trgm", t.cnpj),
    // Issue 14: one condominium per CNPJ, and no two with the same name up to case and spaces.
    // Created by migration 0011 only where existing rows allow it (see portal_indices_unicos).
    uniqueIndex("condominios_cnpj_unique").on(t.cnpj),
    uniqueIndex("condominios_nome_unique").on(sql`lower(regexp_replace(btrim(${t.nome}), '\\s+', ' ', 'g'))`),
  ],
);

export const unidades = pgTable(
  "portaria_web_unidades",
  {
    id: id(),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id, { onDelete: "no action" }),
    bloco: text("bloco"),
    numero_unidade: text("numero_unidade").notNull(),
    andar: text("andar"),
    tipo_unidade: text("tipo_unidade"),
    observacoes: text("observacoes"),
    ativo: boolean("ativo").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("unidades_numero_not_blank", sql`btrim(${t.numero_unidade}) <> ''`),
    // Target of veiculos_unidade_condominio_fk (a vehicle's condominium is its unit's).
    unique("unidades_id_condominio_key").on(t.id, t.condominio_id),
    // One "bloco A, 101" per condominium (block and number compared without case).
    uniqueIndex("unidades_condominio_bloco_numero_unique").on(t.condominio_id, sql`lower(coalesce(${t.bloco}, ''))`, sql`lower(${t.numero_unidade})`),
    // The list's order exactly (bloco with the houses' null as '' first, then unit numbers by
    // value: 2 before 10, see numeroOrdem; then id), for all units and within one condominium: a
    // page of the list is read in index order instead of sorting every unit, and the page after a
    // cursor is a range scan from it (no term is null, so the key is one row comparison).
    index("unidades_ordem_idx").on(
      sql`coalesce(${t.bloco}, '')`,
      sql`coalesce(lpad(substring(${t.numero_unidade} from '^[0-9]{1,18}'), 18, '0'), '~')`,
      t.numero_unidade,
      t.id,
    ),
    index("unidades_condominio_ordem_idx").on(
      t.condominio_id,
      sql`coalesce(${t.bloco}, '')`,
      sql`coalesce(lpad(substring(${t.numero_unidade} from '^[0-9]{1,18}'), 18, '0'), '~')`,
      t.numero_unidade,
      t.id,
    ),
    trgm("unidades_bloco_trgm", t.bloco),
    trgm("unidades_numero_trgm", t.numero_unidade),
    trgm("unidades_tipo_trgm", t.tipo_unidade),
  ],
);

export const moradores = pgTable(
  "portaria_web_moradores",
  {
    id: id(),
    // A unit with residents cannot be deleted (23503).
    unidade_id: uuid("unidade_id")
      .notNull()
      .references(() => unidades.id, { onDelete: "no action" }),
    nome_completo: text("nome_completo").notNull(),
    cpf: varchar("cpf", { length: 11 }),
    rg: text("rg"),
    data_nascimento: date("data_nascimento", { mode: "string" }),
    email: text("email"),
    telefone_celular: text("telefone_celular"),
    tipo_morador: text("tipo_morador").notNull(),
    ativo: boolean("ativo").notNull().default(true),
    observacoes: text("observacoes"),
    ...timestamps,
  },
  (t) => [
    check("moradores_nome_not_blank", sql`btrim(${t.nome_completo}) <> ''`),
    check("moradores_tipo_check", sql`${t.tipo_morador} in ('proprietario', 'inquilino', 'dependente', 'outro')`),
    check("moradores_cpf_digits", sql`${t.cpf} is null or ${t.cpf} ~ '^[0-9]{11}$'`),
    index("moradores_unidade_nome_idx").on(t.unidade_id, t.nome_completo),
    index("moradores_ativo_idx").on(t.ativo),
    trgm("moradores_nome_trgm", t.nome_completo),
    // The residents list (issue 14): its order (keyset paging by name) and its CPF and phone search.
    index("moradores_nome_ordem_idx").on(t.nome_completo, t.id),
    trgm("moradores_cpf_trgm", t.cpf),
    trgm("moradores_telefone_trgm", t.telefone_celular),
    // Target of veiculos_morador_unidade_fk (a foreign key needs a unique key to point at).
    unique("moradores_id_unidade_key").on(t.id, t.unidade_id),
    // Issue 14: a CPF appears once per unit.
    uniqueIndex("moradores_unidade_cpf_unique").on(t.unidade_id, t.cpf),
  ],
);

export const veiculos = pgTable(
  "portaria_web_veiculos",
  {
    id: id(),
    // Deleting a resident deletes their vehicles.
    morador_id: uuid("morador_id")
      .notNull()
      .references(() => moradores.id, { onDelete: "cascade" }),
    unidade_id: uuid("unidade_id")
      .notNull()
      .references(() => unidades.id, { onDelete: "no action" }),
    // The unit's condominium, copied by the trigger veiculos_condominio (migration 0011) so that a
    // plate can be unique per condominium; veiculos_unidade_condominio_fk keeps it the unit's.
    // Optional on insert: the trigger fills it from unidade_id.
    condominio_id: uuid("condominio_id")
      .notNull()
      .$defaultFn(() => sql`null`),
    placa: varchar("placa", { length: 7 }).notNull(),
    marca: text("marca"),
    modelo: text("modelo"),
    cor: text("cor"),
    tipo_veiculo: text("tipo_veiculo").notNull(),
    ativo: boolean("ativo").notNull().default(true),
    observacoes: text("observacoes"),
    ...timestamps,
  },
  (t) => [
    check("veiculos_tipo_check", sql`${t.tipo_veiculo} in ('carro', 'moto', 'outro')`),
    check("veiculos_placa_format", sql`${t.placa} ~ '^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$'`),
    // A vehicle's unit is its resident's unit: the vehicle list shows (and the painel counts) it
    // by unidade_id, so the two may never disagree.
    foreignKey({ name: "veiculos_morador_unidade_fk", columns: [t.morador_id, t.unidade_id], foreignColumns: [moradores.id, moradores.unidade_id] }).onDelete(
      "cascade",
    ),
    // A unit that moves to another condominium takes its vehicles' condominio_id along.
    foreignKey({
      name: "veiculos_unidade_condominio_fk",
      columns: [t.unidade_id, t.condominio_id],
      foreignColumns: [unidades.id, unidades.condominio_id],
    }).onUpdate("cascade"),
    // Issue 14: a plate (stored normalized: ABC1234) is registered once per condominium.
    uniqueIndex("veiculos_condominio_placa_unique").on(t.condominio_id, t.placa),
    index("veiculos_morador_idx").on(t.morador_id),
    index("veiculos_unidade_idx").on(t.unidade_id),
    index("veiculos_placa_idx").on(t.placa),
    trgm("veiculos_placa_trgm", t.placa),
    trgm("veiculos_marca_trgm", t.marca),
    trgm("veiculos_modelo_trgm", t.modelo),
    trgm("veiculos_cor_trgm", t.cor),
  ],
);

export const prestadores = pgTable(
  "portaria_web_prestadores_servicos",
  {
    id: id(),
    nome_empresa_profissional: text("nome_empresa_profissional").notNull(),
    cnpj_cpf: varchar("cnpj_cpf", { length: 14 }),
    telefone: text("telefone"),
    email: text("email"),
    tipo_servico: text("tipo_servico").notNull(),
    data_inicio_autorizacao: date("data_inicio_autorizacao", { mode: "string" }),
    data_fim_autorizacao: date("data_fim_autorizacao", { mode: "string" }),
    condominio_id: uuid("condominio_id").references(() => condominios.id, { onDelete: "no action" }),
    observacoes: text("observacoes"),
    ativo: boolean("ativo").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("prestadores_nome_not_blank", sql`btrim(${t.nome_empresa_profissional}) <> ''`),
    check("prestadores_tipo_not_blank", sql`btrim(${t.tipo_servico}) <> ''`),
    check(
      "prestadores_periodo_check",
      sql`${t.data_fim_autorizacao} is null or ${t.data_inicio_autorizacao} is null or ${t.data_fim_autorizacao} >= ${t.data_inicio_autorizacao}`,
    ),
    index("prestadores_nome_idx").on(t.nome_empresa_profissional),
    index("prestadores_condominio_idx").on(t.condominio_id),
    trgm("prestadores_nome_trgm", t.nome_empresa_profissional),
    trgm("prestadores_cnpj_cpf_trgm", t.cnpj_cpf),
    trgm("prestadores_tipo_trgm", t.tipo_servico),
  ],
);

/** Internal key/value settings (e.g. the generated auth secret shared by every instance). */
export const portalSettings = pgTable("portal_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The e-mail outbox (issue 12): a request only inserts here, in its own transaction; a worker
 * sends over SMTP with retries and back-off. A message is 'pendente' until sent ('enviado', its
 * body then erased: a recovery link must not outlive its use in the database) or until it ran
 * out of attempts ('falhou', kept for the operator: `npm run emails`).
 */
export const filaEmails = pgTable(
  "portal_fila_emails",
  {
    id: id(),
    tipo: text("tipo").notNull(),
    destinatario: text("destinatario").notNull(),
    assunto: text("assunto").notNull(),
    texto: text("texto").notNull(),
    html: text("html").notNull(),
    status: text("status").notNull().default("pendente"),
    tentativas: integer("tentativas").notNull().default(0),
    proxima_tentativa_em: timestamp("proxima_tentativa_em", { withTimezone: true }).notNull().defaultNow(),
    ultimo_erro: text("ultimo_erro"),
    /** Inline images of the message (base64, with their Content-ID): a visitor's QR code. Erased with the body once sent. */
    anexos: jsonb("anexos").$type<{ filename: string; contentType: string; cid: string; content: string }[]>(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    enviado_em: timestamp("enviado_em", { withTimezone: true }),
  },
  (t) => [
    check("portal_fila_emails_status_valido", sql`${t.status} in ('pendente', 'enviado', 'falhou')`),
    check("portal_fila_emails_tentativas", sql`${t.tentativas} >= 0`),
    index("portal_fila_emails_pendentes_idx")
      .on(t.proxima_tentativa_em)
      .where(sql`${t.status} = 'pendente'`),
  ],
);

/**
 * Attempt counters shared by every instance (issue 12): sign-in failures per account, recovery
 * e-mails per address. `chave` holds a purpose and a hash of the address, never the address.
 */
export const limitesTentativas = pgTable("portal_limites_tentativas", {
  chave: text("chave").primaryKey(),
  inicio: timestamp("inicio", { withTimezone: true }).notNull().defaultNow(),
  contagem: integer("contagem").notNull().default(0),
});

// ——— The gate (gatehouse-spec §3, §5, §6, §7) ———

/**
 * Every entry, exit and refused attempt (gatehouse-spec §5). Append-only: triggers refuse UPDATE,
 * DELETE and TRUNCATE (migration 0014), but for the retention job's anonymisation; a BEFORE
 * INSERT trigger numbers each condominium's records (`seq`) and chains them (`hash_anterior`,
 * `hash`), so whatever path inserts a record, it is chained. People are kept by id and as seen at
 * the gate, without foreign keys: a resident deleted later keeps their history.
 */
export const registrosAcesso = pgTable(
  "portaria_web_registros_acesso",
  {
    id: id(),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id),
    unidade_id: uuid("unidade_id").references(() => unidades.id),
    tipo_pessoa: text("tipo_pessoa").notNull(),
    morador_id: uuid("morador_id"),
    prestador_id: uuid("prestador_id"),
    autorizacao_id: uuid("autorizacao_id").references((): AnyPgColumn => autorizacoesVisita.id),
    nome_pessoa: text("nome_pessoa").notNull(),
    documento: text("documento"),
    placa: varchar("placa", { length: 7 }),
    sentido: text("sentido").notNull(),
    resultado: text("resultado").notNull(),
    motivo: text("motivo"),
    metodo: text("metodo").notNull(),
    autorizado_por: text("autorizado_por"),
    /** The porteiro's note (a visitor without pre-authorisation): personal data, anonymised with the rest. */
    observacao: text("observacao"),
    /** 'Liberar mesmo assim': let in although refused (never past the blocklist). */
    liberado_manualmente: boolean("liberado_manualmente").notNull().default(false),
    operador_id: uuid("operador_id"),
    operador_nome: text("operador_nome"),
    registrado_em: timestamp("registrado_em", { withTimezone: true }).notNull().defaultNow(),
    corrige_registro_id: uuid("corrige_registro_id").references((): AnyPgColumn => registrosAcesso.id),
    /** Set by the chaining trigger: the record's number within its condominium. */
    seq: bigint("seq", { mode: "number" }).notNull().default(0),
    hash_anterior: text("hash_anterior").notNull().default(""),
    /** Digest of the personal data (name, document, plate, authoriser): the chain survives anonymisation. */
    dados_hash: text("dados_hash").notNull().default(""),
    hash: text("hash").notNull().default(""),
    anonimizado_em: timestamp("anonimizado_em", { withTimezone: true }),
  },
  (t) => [
    // 'nao_identificado': a door opened from the console with a reason and nobody registered (gate-operation-spec §2.2).
    check("registros_tipo_pessoa", sql`${t.tipo_pessoa} in ('morador', 'visitante', 'prestador', 'entregador', 'nao_identificado')`),
    check("registros_sentido", sql`${t.sentido} in ('entrada', 'saida')`),
    check("registros_resultado", sql`${t.resultado} in ('liberado', 'negado')`),
    // 'remoto': opened from the console; 'dispositivo': identified at a device (gate-operation-spec §2.2, §2.3).
    check("registros_metodo", sql`${t.metodo} in ('busca', 'codigo', 'qrcode', 'manual', 'remoto', 'dispositivo')`),
    check("registros_negado_com_motivo", sql`${t.resultado} <> 'negado' or ${t.motivo} is not null`),
    uniqueIndex("registros_condominio_seq_unique").on(t.condominio_id, t.seq),
    index("registros_condominio_recentes_idx").on(t.condominio_id, t.registrado_em.desc(), t.id.desc()),
    index("registros_recentes_idx").on(t.registrado_em.desc(), t.id.desc()),
    index("registros_placa_idx").on(t.placa, t.registrado_em.desc()),
    trgm("registros_nome_trgm", t.nome_pessoa),
    trgm("registros_documento_trgm", t.documento),
    // Migration 0015: the list's text search by plate and by unit, and the retention job's walk.
    trgm("registros_placa_trgm", t.placa),
    index("registros_unidade_recentes_idx").on(t.unidade_id, t.registrado_em.desc(), t.id.desc()),
    // 'Negado' is the síndico's usual filter and ~5% of the records: its own (partial) order.
    index("registros_negados_idx")
      .on(t.condominio_id, t.registrado_em.desc(), t.id.desc())
      .where(sql`${t.resultado} = 'negado'`),
    index("registros_negados_recentes_idx")
      .on(t.registrado_em.desc(), t.id.desc())
      .where(sql`${t.resultado} = 'negado'`),
    index("registros_a_anonimizar_idx")
      .on(t.condominio_id, t.registrado_em)
      .where(sql`${t.anonimizado_em} is null`),
    // Migration 0020: a record's corrections, shown next to it in Registros (few: partial).
    index("registros_correcoes_idx")
      .on(t.corrige_registro_id, t.registrado_em)
      .where(sql`${t.corrige_registro_id} is not null`),
  ],
);

/**
 * Every 'Exportar CSV' of the access records (gatehouse-spec §5): who, when, which filter, how
 * many rows. Recorded before the first row leaves; `linhas` and `concluida_em` are written once,
 * when the export ends (completed or interrupted). No DELETE (migration 0015).
 */
export const exportacoesRegistros = pgTable(
  "portaria_web_exportacoes_registros",
  {
    id: id(),
    // No foreign key: the record outlives the user, like an access record its operator.
    usuario_id: uuid("usuario_id"),
    usuario_nome: text("usuario_nome").notNull(),
    filtro: jsonb("filtro").notNull(),
    iniciada_em: timestamp("iniciada_em", { withTimezone: true }).notNull().defaultNow(),
    concluida_em: timestamp("concluida_em", { withTimezone: true }),
    linhas: integer("linhas"),
    completa: boolean("completa"),
  },
  (t) => [index("exportacoes_registros_iniciada_idx").on(t.iniciada_em.desc()), index("exportacoes_registros_usuario_idx").on(t.usuario_id)],
);

/** The head of each condominium's chain of records: the row the chaining trigger locks. */
export const registrosCadeia = pgTable("portaria_web_registros_cadeia", {
  condominio_id: uuid("condominio_id")
    .primaryKey()
    .references(() => condominios.id),
  ultimo_seq: bigint("ultimo_seq", { mode: "number" }).notNull().default(0),
  ultimo_hash: text("ultimo_hash").notNull().default(""),
});

/** Who is inside now (gatehouse-spec §7): kept with each entry and exit, never scanned from the records. */
export const presencas = pgTable(
  "portaria_web_presencas",
  {
    id: id(),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id),
    /** Who, as one key per condominium ('morador:<id>', 'prestador:<id>', 'autorizacao:<id>', 'visitante:<documento>'). */
    pessoa_chave: text("pessoa_chave").notNull(),
    tipo_pessoa: text("tipo_pessoa").notNull(),
    morador_id: uuid("morador_id"),
    prestador_id: uuid("prestador_id"),
    autorizacao_id: uuid("autorizacao_id"),
    nome_pessoa: text("nome_pessoa").notNull(),
    documento: text("documento"),
    unidade_id: uuid("unidade_id").references(() => unidades.id, { onDelete: "set null" }),
    placa: varchar("placa", { length: 7 }),
    registro_entrada_id: uuid("registro_entrada_id")
      .notNull()
      .references(() => registrosAcesso.id),
    entrou_em: timestamp("entrou_em", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("presencas_pessoa_unique").on(t.condominio_id, t.pessoa_chave),
    index("presencas_condominio_entrada_idx").on(t.condominio_id, t.entrou_em),
  ],
);

/** Persons and vehicles who must not enter (gatehouse-spec §6); removing one keeps it, with who and when. */
export const bloqueios = pgTable(
  "portaria_web_bloqueios",
  {
    id: id(),
    /** Null: every condominium. */
    condominio_id: uuid("condominio_id").references(() => condominios.id),
    tipo: text("tipo").notNull(),
    nome: text("nome"),
    documento_numero: text("documento_numero"),
    placa: varchar("placa", { length: 7 }),
    motivo: text("motivo").notNull(),
    /** Last day of the block (São Paulo calendar), or null: indefinitely. */
    valido_ate: date("valido_ate", { mode: "string" }),
    criado_por: uuid("criado_por"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    removido_por: uuid("removido_por"),
    removido_em: timestamp("removido_em", { withTimezone: true }),
  },
  (t) => [
    check("bloqueios_tipo", sql`${t.tipo} in ('pessoa', 'veiculo')`),
    check("bloqueios_motivo_not_blank", sql`btrim(${t.motivo}) <> ''`),
    check("bloqueios_pessoa", sql`${t.tipo} <> 'pessoa' or coalesce(btrim(${t.documento_numero}), btrim(${t.nome}), '') <> ''`),
    check("bloqueios_veiculo", sql`${t.tipo} <> 'veiculo' or ${t.placa} is not null`),
    index("bloqueios_documento_ativos_idx")
      .on(t.documento_numero)
      .where(sql`${t.removido_em} is null`),
    index("bloqueios_placa_ativos_idx")
      .on(t.placa)
      .where(sql`${t.removido_em} is null`),
    index("bloqueios_condominio_idx").on(t.condominio_id, t.created_at),
  ],
);

/** The short code's alphabet (src/shared/schemas/visitantes.ts CODIGO_ALFABETO), as a CHECK sees it. */
const CODIGO_REGEX = "^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$";

/**
 * Pre-authorised visitors (gatehouse-spec §4, §7). `status` is what happened to the authorisation
 * ('ativa', 'utilizada', 'cancelada'); 'expirada' is not stored but read from `valido_ate` (the
 * last instant of validity) against the clock. docs/decisions/0229-autorizacoes-de-visita.md.
 */
export const autorizacoesVisita = pgTable(
  "portaria_web_autorizacoes_visita",
  {
    id: id(),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id),
    unidade_id: uuid("unidade_id")
      .notNull()
      .references(() => unidades.id),
    /** The resident who authorised; an authorisation outlives the resident's record (set null). */
    morador_id: uuid("morador_id").references(() => moradores.id, { onDelete: "set null" }),
    nome_visitante: text("nome_visitante").notNull(),
    documento_tipo: text("documento_tipo"),
    /** Letters and digits only (src/shared/br/documento.ts), as the blocklist keeps it. */
    documento_numero: text("documento_numero"),
    telefone: text("telefone"),
    email: text("email"),
    placa: varchar("placa", { length: 7 }),
    tipo: text("tipo").notNull(),
    /** First and last instants of validity (São Paulo days' start and end). */
    valido_de: timestamp("valido_de", { withTimezone: true }).notNull(),
    valido_ate: timestamp("valido_ate", { withTimezone: true }).notNull(),
    /** Weekdays (0 = domingo … 6 = sábado) of a recurring authorisation. */
    dias_semana: integer("dias_semana").array(),
    /** The daily window, São Paulo wall clock. */
    hora_inicio: time("hora_inicio"),
    hora_fim: time("hora_fim"),
    max_entradas: integer("max_entradas"),
    entradas_usadas: integer("entradas_usadas").notNull().default(0),
    codigo: varchar("codigo", { length: 8 }).notNull(),
    status: text("status").notNull().default("ativa"),
    criado_por: uuid("criado_por"),
    observacoes: text("observacoes"),
    ...timestamps,
  },
  (t) => [
    check("autorizacoes_tipo", sql`${t.tipo} in ('unica', 'periodo', 'recorrente')`),
    check("autorizacoes_status", sql`${t.status} in ('ativa', 'utilizada', 'cancelada')`),
    check("autorizacoes_nome_not_blank", sql`btrim(${t.nome_visitante}) <> ''`),
    check("autorizacoes_documento_tipo", sql`${t.documento_tipo} is null or ${t.documento_tipo} in ('cpf', 'rg', 'cnh', 'passaporte', 'outro')`),
    check("autorizacoes_periodo", sql`${t.valido_ate} >= ${t.valido_de}`),
    check("autorizacoes_max_entradas", sql`${t.max_entradas} is null or ${t.max_entradas} >= 1`),
    check("autorizacoes_entradas_usadas", sql`${t.entradas_usadas} >= 0 and (${t.max_entradas} is null or ${t.entradas_usadas} <= ${t.max_entradas})`),
    check("autorizacoes_unica_uma_entrada", sql`${t.tipo} <> 'unica' or ${t.max_entradas} = 1`),
    check(
      "autorizacoes_recorrente",
      sql`${t.tipo} <> 'recorrente' or (${t.dias_semana} is not null and ${t.hora_inicio} is not null and ${t.hora_fim} is not null)`,
    ),
    check(
      "autorizacoes_dias_semana",
      sql`${t.dias_semana} is null or (cardinality(${t.dias_semana}) between 1 and 7 and ${t.dias_semana} <@ array[0, 1, 2, 3, 4, 5, 6])`,
    ),
    check("autorizacoes_horario", sql`(${t.hora_inicio} is null) = (${t.hora_fim} is null) and (${t.hora_fim} is null or ${t.hora_fim} > ${t.hora_inicio})`),
    check("autorizacoes_codigo", sql`${t.codigo} ~ ${sql.raw(`'${CODIGO_REGEX}'`)}`),
    // Unique among active authorisations; a used or cancelled one keeps its code for the history.
    uniqueIndex("autorizacoes_codigo_ativas_unique")
      .on(t.codigo)
      .where(sql`${t.status} = 'ativa'`),
    index("autorizacoes_codigo_idx").on(t.codigo),
    index("autorizacoes_condominio_recentes_idx").on(t.condominio_id, t.created_at.desc(), t.id.desc()),
    index("autorizacoes_recentes_idx").on(t.created_at.desc(), t.id.desc()),
    index("autorizacoes_unidade_idx").on(t.unidade_id),
    index("autorizacoes_morador_idx").on(t.morador_id),
    trgm("autorizacoes_nome_trgm", t.nome_visitante),
    trgm("autorizacoes_documento_trgm", t.documento_numero),
    trgm("autorizacoes_codigo_trgm", t.codigo),
  ],
);
