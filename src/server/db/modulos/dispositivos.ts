import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
    /** The last synchronisation (§2.4) that ended, and what it saw of who may enter (a change starts the next one). */
    sincronizado_em: timestamp("sincronizado_em", { withTimezone: true }),
    sincronizacao_marca: text("sincronizacao_marca"),
    /**
     * A round under way on a device that calls out holds it until then (renewed by each of its
     * requests): one round at a time per device, on any instance (docs/decisions/0270).
     */
    sincronizando_ate: timestamp("sincronizando_ate", { withTimezone: true }),
    /** The highest number of the device's own event log seen: a jump past it is a gap (§2.3). */
    ultimo_numero_evento: bigint("ultimo_numero_evento", { mode: "number" }),
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

/**
 * What devices reported (gate-operation-spec §2.3): identifications, door movements, alarms of
 * their own. Unique per device and the device's own number: an event delivered twice is stored
 * once. `registro_id`: the access record an identification made. Never updated or deleted but to
 * link that record in the same transaction.
 */
export const eventosDispositivo = pgTable(
  "portaria_web_eventos_dispositivo",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dispositivo_id: uuid("dispositivo_id")
      .notNull()
      .references(() => dispositivos.id, { onDelete: "no action" }),
    id_no_dispositivo: text("id_no_dispositivo").notNull(),
    tipo: text("tipo", { enum: ["identificacao", "porta_aberta", "porta_fechada", "porta_forcada", "porta_mantida_aberta"] }).notNull(),
    ocorrido_em: timestamp("ocorrido_em", { withTimezone: true }).notNull(),
    recebido_em: timestamp("recebido_em", { withTimezone: true }).notNull().defaultNow(),
    dados: jsonb("dados").$type<Record<string, unknown>>().notNull(),
    registro_id: uuid("registro_id").references(() => registrosAcesso.id),
  },
  (t) => [
    check("eventos_tipo_valido", sql`${t.tipo} in ('identificacao', 'porta_aberta', 'porta_fechada', 'porta_forcada', 'porta_mantida_aberta')`),
    check("eventos_id_no_dispositivo", sql`length(${t.id_no_dispositivo}) between 1 and 100`),
    uniqueIndex("eventos_dispositivo_numero_idx").on(t.dispositivo_id, t.id_no_dispositivo),
    // The device page's recent events.
    index("eventos_dispositivo_recebido_idx").on(t.dispositivo_id, t.recebido_em.desc()),
  ],
);

/**
 * A gap in a device's event numbering being read back from its log (docs/decisions/0269): written
 * in the same statement that moves the numbering, deleted once the gap is read or announced. A
 * process killed in between leaves the row, and the sweep reads the gap again at `tentar_em`.
 */
export const lacunasDispositivo = pgTable(
  "portaria_web_lacunas_dispositivo",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dispositivo_id: uuid("dispositivo_id")
      .notNull()
      .references(() => dispositivos.id, { onDelete: "cascade" }),
    de: bigint("de", { mode: "number" }).notNull(),
    ate: bigint("ate", { mode: "number" }).notNull(),
    criada_em: timestamp("criada_em", { withTimezone: true }).notNull().defaultNow(),
    /** When the sweep may take it: a while after it was seen, so the instance reading it now finishes first. */
    tentar_em: timestamp("tentar_em", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '60 seconds'`),
  },
  (t) => [check("lacunas_intervalo", sql`${t.de} between 1 and ${t.ate}`), index("lacunas_tentar_idx").on(t.tentar_em)],
);

/**
 * A request for a device that calls out (push mode, docs/decisions/0270): waiting until the device
 * next asks for one ('aguardando'), handed to it ('entregue'), answered ('respondido'). Transport,
 * not record: the instance that asked deletes the row once answered or out of time; the sweep
 * deletes what a killed process left. `corpo` may carry a resident's photo: it lives no longer.
 */
export const pedidosDispositivo = pgTable(
  "portaria_web_pedidos_dispositivo",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dispositivo_id: uuid("dispositivo_id")
      .notNull()
      .references(() => dispositivos.id, { onDelete: "cascade" }),
    verbo: text("verbo").notNull(),
    endpoint: text("endpoint").notNull(),
    /** The request's body as JSON text. */
    corpo: text("corpo").notNull(),
    estado: text("estado", { enum: ["aguardando", "entregue", "respondido"] })
      .notNull()
      .default("aguardando"),
    /** The device's answer (JSON text) or its error text, once respondido. */
    resposta: text("resposta"),
    erro: text("erro"),
    criado_em: timestamp("criado_em", { withTimezone: true }).notNull().defaultNow(),
    entregue_em: timestamp("entregue_em", { withTimezone: true }),
    respondido_em: timestamp("respondido_em", { withTimezone: true }),
    /** Past this nobody waits for it: it is no longer handed out. */
    expira_em: timestamp("expira_em", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("pedidos_estado_valido", sql`${t.estado} in ('aguardando', 'entregue', 'respondido')`),
    // The device's next request: its oldest still waiting.
    index("pedidos_aguardando_idx")
      .on(t.dispositivo_id, t.criado_em)
      .where(sql`${t.estado} = 'aguardando'`),
    index("pedidos_expira_idx").on(t.expira_em),
  ],
);

/**
 * Who a device knows, by the device's own user number (§2.4: filled by the synchronisation). An
 * identification by face, card or tag names the device's user; this says which person it is.
 * `pessoa_chave` is the gate's key ('morador:<id>', 'prestador:<id>', 'autorizacao:<id>').
 */
export const pessoasDispositivo = pgTable(
  "portaria_web_pessoas_dispositivo",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dispositivo_id: uuid("dispositivo_id")
      .notNull()
      .references(() => dispositivos.id, { onDelete: "cascade" }),
    pessoa_chave: text("pessoa_chave").notNull(),
    /** The name written to the device (a removed person's record still reads as someone). */
    nome: text("nome"),
    id_no_dispositivo: text("id_no_dispositivo").notNull(),
    estado: text("estado", { enum: ["sincronizado", "pendente", "falhou"] })
      .notNull()
      .default("pendente"),
    motivo: text("motivo"),
    /** What was written to the device (a digest of name, cards and face): a change rewrites it. */
    conteudo: text("conteudo"),
    /** The person no longer may enter: to be removed, and counted removed only when the device's list no longer holds them. */
    remover: boolean("remover").notNull().default(false),
    atualizado_em: timestamp("atualizado_em", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("pessoas_dispositivo_estado", sql`${t.estado} in ('sincronizado', 'pendente', 'falhou')`),
    check("pessoas_dispositivo_chave", sql`${t.pessoa_chave} ~ '^(morador|prestador|autorizacao):[0-9a-f-]{36}$'`),
    uniqueIndex("pessoas_dispositivo_pessoa_idx").on(t.dispositivo_id, t.pessoa_chave),
    uniqueIndex("pessoas_dispositivo_numero_idx").on(t.dispositivo_id, t.id_no_dispositivo),
  ],
);

/**
 * Alarms (§2.3), raised by the gateway and shown on every console of the condominium until an
 * operator's 'Ciente'. Never deleted; one that ends by itself (the device came back) is closed.
 */
export const alarmes = pgTable(
  "portaria_web_alarmes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    condominio_id: uuid("condominio_id")
      .notNull()
      .references(() => condominios.id, { onDelete: "no action" }),
    dispositivo_id: uuid("dispositivo_id").references(() => dispositivos.id, { onDelete: "set null" }),
    tipo: text("tipo", { enum: ["dispositivo_offline", "porta_forcada", "porta_aberta_demais", "liberacao_indevida", "eventos_perdidos"] }).notNull(),
    mensagem: text("mensagem").notNull(),
    criado_em: timestamp("criado_em", { withTimezone: true }).notNull().defaultNow(),
    encerrado_em: timestamp("encerrado_em", { withTimezone: true }),
    /** Who acknowledged (no foreign key: the alarm outlives the account). */
    ciente_por: uuid("ciente_por"),
    ciente_por_nome: text("ciente_por_nome"),
    ciente_em: timestamp("ciente_em", { withTimezone: true }),
  },
  (t) => [
    check("alarmes_tipo_valido", sql`${t.tipo} in ('dispositivo_offline', 'porta_forcada', 'porta_aberta_demais', 'liberacao_indevida', 'eventos_perdidos')`),
    check("alarmes_ciente_completo", sql`(${t.ciente_em} is null) = (${t.ciente_por_nome} is null)`),
    // One open 'offline' per device: two instances' sweepers raise it once.
    uniqueIndex("alarmes_offline_aberto_idx")
      .on(t.dispositivo_id)
      .where(sql`${t.tipo} = 'dispositivo_offline' and ${t.encerrado_em} is null`),
    // 'Alarmes' and the console: the ones not yet acknowledged, newest first.
    index("alarmes_abertos_idx")
      .on(t.condominio_id, t.criado_em.desc())
      .where(sql`${t.ciente_em} is null`),
    index("alarmes_condominio_idx").on(t.condominio_id, t.criado_em.desc()),
  ],
);
