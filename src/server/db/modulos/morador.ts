import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { moradores, user } from "../tabelas";

/**
 * A resident's account in the Área do Morador (gate-operation-spec §3.1; its module:
 * src/server/modules/morador). One per resident row, so one per unit: a person who lives in two
 * units has two, both on the same auth user. 'convidado' holds the invitation (single use, 7 days;
 * only its hash is kept); 'ativo' once the resident set a password (or proved the one they have);
 * 'desativado' ends the unit's access. Deleting the resident deletes it.
 */
export const moradorContas = pgTable(
  "portaria_web_morador_contas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    morador_id: uuid("morador_id")
      .notNull()
      .references(() => moradores.id, { onDelete: "cascade" }),
    auth_user_id: text("auth_user_id").references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["convidado", "ativo", "desativado"] })
      .notNull()
      .default("convidado"),
    /** The address the invitation went to (the account's sign-in e-mail). */
    email: text("email").notNull(),
    /** SHA-256 of the invitation's token; null once used. */
    convite_hash: text("convite_hash"),
    convite_expira_em: timestamp("convite_expira_em", { withTimezone: true }),
    convidado_por: text("convidado_por"),
    convidado_em: timestamp("convidado_em", { withTimezone: true }).notNull().defaultNow(),
    ativado_em: timestamp("ativado_em", { withTimezone: true }),
  },
  (t) => [
    check("morador_contas_status_valido", sql`${t.status} in ('convidado', 'ativo', 'desativado')`),
    // An active account belongs to someone who can sign in.
    check("morador_contas_ativa_tem_usuario", sql`${t.status} <> 'ativo' or ${t.auth_user_id} is not null`),
    check("morador_contas_email_preenchido", sql`btrim(${t.email}) <> ''`),
    uniqueIndex("morador_contas_morador_idx").on(t.morador_id),
    uniqueIndex("morador_contas_convite_idx").on(t.convite_hash),
    // The units of a signed-in resident (every request of theirs reads them).
    index("morador_contas_usuario_idx").on(t.auth_user_id),
  ],
);
