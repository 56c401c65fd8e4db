import { sql } from "drizzle-orm";
import { check, customType, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { moradores } from "../tabelas";

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
