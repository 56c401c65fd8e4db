import { sql } from "drizzle-orm";
import { check, customType, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { moradores, unidades } from "../tabelas";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A resident's face photo and biometric consent (gate-operation-spec §2.4; its module:
 * src/server/modules/biometria). Apart from the resident's row, so no list ever reads a photo.
 * Without consent no face goes to any device (LGPD art. 11): the photo stays, unused.
 */
export const biometriaMoradores = pgTable(
  "portaria_web_biometria_moradores",
  {
    morador_id: uuid("morador_id")
      .primaryKey()
      .references(() => moradores.id, { onDelete: "cascade" }),
    foto: bytea("foto"),
    foto_tipo: text("foto_tipo"),
    foto_enviada_em: timestamp("foto_enviada_em", { withTimezone: true }),
    /** Who recorded the consent and when; null: no consent (or withdrawn). */
    consentimento_biometria_em: timestamp("consentimento_biometria_em", { withTimezone: true }),
    consentimento_biometria_por: uuid("consentimento_biometria_por"),
    consentimento_biometria_por_nome: text("consentimento_biometria_por_nome"),
    /** Bumped on every change: the devices' synchronisation sees the face changed. */
    versao: integer("versao").notNull().default(1),
  },
  (t) => [
    check(
      "biometria_foto_tipo",
      sql`(${t.foto} is null) = (${t.foto_tipo} is null) and (${t.foto_tipo} is null or ${t.foto_tipo} in ('image/jpeg', 'image/png'))`,
    ),
    check("biometria_foto_tamanho", sql`${t.foto} is null or octet_length(${t.foto}) <= 512000`),
    check("biometria_consentimento_completo", sql`(${t.consentimento_biometria_em} is null) = (${t.consentimento_biometria_por_nome} is null)`),
  ],
);

/**
 * A resident's cards and tags (gate-operation-spec §2.4; module src/server/modules/biometria),
 * written by the synchronisation to the condominium's devices. `numero` is the number as its
 * reader reads it, digits without leading zeros; one holder per number in a condominium.
 * `unidade_id` and `condominio_id` are the resident's, kept so by the two foreign keys below
 * (as the vehicles' are): a unit that moves to another condominium takes its cards along, and the
 * uniqueness then holds in the new one. docs/decisions/0267-cartoes-e-qrcodes.md.
 */
export const cartoesMoradores = pgTable(
  "portaria_web_cartoes_moradores",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    morador_id: uuid("morador_id")
      .notNull()
      .references(() => moradores.id, { onDelete: "cascade" }),
    unidade_id: uuid("unidade_id").notNull(),
    condominio_id: uuid("condominio_id").notNull(),
    tipo: text("tipo", { enum: ["cartao", "tag"] }).notNull(),
    numero: text("numero").notNull(),
    criado_por: uuid("criado_por"),
    criado_em: timestamp("criado_em", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("cartoes_moradores_tipo", sql`${t.tipo} in ('cartao', 'tag')`),
    // 1 to 20 digits, no leading zero (src/shared/schemas/cartoes.ts `numeroCartao`).
    check("cartoes_moradores_numero", sql`${t.numero} ~ '^[1-9][0-9]{0,19}$'`),
    foreignKey({ name: "cartoes_moradores_morador_unidade_fk", columns: [t.morador_id, t.unidade_id], foreignColumns: [moradores.id, moradores.unidade_id] })
      .onDelete("cascade")
      .onUpdate("cascade"),
    foreignKey({
      name: "cartoes_moradores_unidade_condominio_fk",
      columns: [t.unidade_id, t.condominio_id],
      foreignColumns: [unidades.id, unidades.condominio_id],
    }).onUpdate("cascade"),
    uniqueIndex("cartoes_moradores_condominio_numero_unique").on(t.condominio_id, t.numero),
    index("cartoes_moradores_morador_idx").on(t.morador_id, t.criado_em),
    index("cartoes_moradores_unidade_idx").on(t.unidade_id),
  ],
);
