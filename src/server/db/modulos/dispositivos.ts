import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { PortaDispositivo } from "@shared/schemas/dispositivos";
import { condominios, registrosAcesso } from "../tabelas";

/**
 * The devices at a condominium's gate (gate-operation-spec §2.1; its module:
 * src/server/modules/dispositivos). `senha` is ciphertext (dispositivos/senha.ts), never the
 * password; `token_integracao` is the secret part of the address a device calls.
 */
export const dispositivos = pgTable(
  "portaria_web_dispositivos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id, { onDelete: "no action" }),
    nome: text("nome").notNull(),
    fabricante: text("fabricante", { enum: ["controlid", "intelbras"] }).notNull(),
    modelo: text("modelo").notNull(),
    conexao: text("conexao", { enum: ["direta", "saida"] }).notNull(),
    endereco: text("endereco"),
    usuario: text("usuario"),
    senha: text("senha"),
    token_integracao: text("token_integracao").notNull(),
    portas: jsonb("portas").$type<PortaDispositivo[]>().notNull(),
    sensor_porta: boolean("sensor_porta").notNull().default(false),
    ativo: boolean("ativo").notNull().default(true),
    estado: text("estado", { enum: ["online", "offline", "erro"] })
      .notNull()
      .default("offline"),
    /** What 'erro' is about, as the screen shows it ('Erro: <erro>'); null in the other states. */
    erro: text("erro"),
    ultimo_contato_em: timestamp("ultimo_contato_em", { withTimezone: true }),
    firmware: text("firmware"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("dispositivos_nome_not_blank", sql`btrim(${t.nome}) <> ''`),
    check("dispositivos_fabricante_valido", sql`${t.fabricante} in ('controlid', 'intelbras')`),
    check("dispositivos_conexao_valida", sql`${t.conexao} in ('direta', 'saida')`),
    check("dispositivos_estado_valido", sql`${t.estado} in ('online', 'offline', 'erro')`),
    // The portal calls a direct device at its address: without one there is nothing to call.
    check("dispositivos_direta_tem_endereco", sql`${t.conexao} <> 'direta' or ${t.endereco} is not null`),
    check("dispositivos_portas_lista", sql`jsonb_typeof(${t.portas}) = 'array' and jsonb_array_length(${t.portas}) between 1 and 8`),
    check("dispositivos_token_longo", sql`length(${t.token_integracao}) >= 32`),
    uniqueIndex("dispositivos_token_idx").on(t.token_integracao),
    // One name per condominium: the console and the alarms name a device by it.
    uniqueIndex("dispositivos_condominio_nome_idx").on(t.condominio_id, sql`lower(${t.nome})`),
    // The list's order (dispositivoOrdem): a page is a range scan of this index from the cursor.
    index("dispositivos_ordem_idx").on(t.nome, t.id),
    index("dispositivos_condominio_ordem_idx").on(t.condominio_id, t.nome, t.id),
  ],
);

/**
 * A door opening asked from the console (gate-operation-spec §2.2), and how it ended. One row per
 * request: the same (solicitado_por, chave_idempotencia) repeated — a double click, a retried
 * request, two instances — is the same command, so the door opens once. The state only moves
 * forward (dispositivos/comandos.ts) and always ends: 'falhou' at its timeout at the latest.
 */
export const comandosDispositivo = pgTable(
  "portaria_web_comandos_dispositivo",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dispositivo_id: uuid("dispositivo_id")
      .notNull()
      .references(() => dispositivos.id, { onDelete: "no action" }),
    porta: integer("porta").notNull(),
    /** The access record the opening belongs to: the entry just registered, or the 'nao_identificado' one made with the reason. */
    registro_id: uuid("registro_id").references(() => registrosAcesso.id),
    /** The user who asked (no foreign key: the command outlives the account, like an access record its operator). */
    solicitado_por: uuid("solicitado_por").notNull(),
    solicitado_por_nome: text("solicitado_por_nome").notNull(),
    chave_idempotencia: text("chave_idempotencia").notNull(),
    estado: text("estado", { enum: ["solicitado", "enviado", "executado", "aberta", "fechada", "falhou"] })
      .notNull()
      .default("solicitado"),
    motivo_falha: text("motivo_falha"),
    solicitado_em: timestamp("solicitado_em", { withTimezone: true }).notNull().defaultNow(),
    enviado_em: timestamp("enviado_em", { withTimezone: true }),
    executado_em: timestamp("executado_em", { withTimezone: true }),
    aberta_em: timestamp("aberta_em", { withTimezone: true }),
    fechada_em: timestamp("fechada_em", { withTimezone: true }),
  },
  (t) => [
    check("comandos_estado_valido", sql`${t.estado} in ('solicitado', 'enviado', 'executado', 'aberta', 'fechada', 'falhou')`),
    check("comandos_falhou_com_motivo", sql`(${t.estado} = 'falhou') = (${t.motivo_falha} is not null)`),
    check("comandos_porta_valida", sql`${t.porta} between 1 and 8`),
    check("comandos_chave_valida", sql`length(${t.chave_idempotencia}) between 8 and 100`),
    // The same request repeated is the same command (§2.2: the door opens once).
    uniqueIndex("comandos_chave_idx").on(t.solicitado_por, t.chave_idempotencia),
    index("comandos_dispositivo_idx").on(t.dispositivo_id, t.solicitado_em.desc()),
    // The sweeper's walk: only the commands still under way (few at any time).
    index("comandos_em_andamento_idx")
      .on(t.solicitado_em)
      .where(sql`${t.estado} in ('solicitado', 'enviado', 'executado', 'aberta')`),
  ],
);
