import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
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
    ...timestamps,
  },
  (t) => [
    check("condominios_nome_not_blank", sql`btrim(${t.nome}) <> ''`),
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
