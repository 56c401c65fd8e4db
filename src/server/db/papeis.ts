import type pg from "pg";
import { jobSchemaGrants } from "./job-schema";

/**
 * PostgreSQL with two roles (docs/operations.md): the owner of the tables runs the migrations
 * (MIGRATION_DATABASE_URL) and the portal connects as a role that may read and write the
 * application's tables but, of the access records' chain (gatehouse-spec §5), may only insert and
 * read: no UPDATE (except the retention job's blanking of personal data, which the append-only
 * trigger still checks), no DELETE, no TRUNCATE, and, not being the owner, no ALTER TABLE ...
 * DISABLE TRIGGER. Run by the owner after every migration, so new tables are covered too.
 */
export const appRoleGrants = (appRole: string): string[] => {
  const role = `"${appRole.replaceAll('"', '""')}"`;
  const chain = "portaria_web_registros_acesso, portaria_web_registros_cadeia, portaria_web_registros_selos";
  return [
    `grant usage on schema public to ${role}`,
    `revoke create on schema public from ${role}`,
    `grant select, insert, update, delete on all tables in schema public to ${role}`,
    `grant usage, select, update on all sequences in schema public to ${role}`,
    `revoke update, delete, truncate, references, trigger on ${chain}, portaria_web_exportacoes_registros from ${role}`,
    // The chain head is written by the chaining trigger with its owner's rights (migration 0019).
    `revoke insert on portaria_web_registros_cadeia from ${role}`,
    // The parcels' custody chain (migration 0031): insert and read only; its head by the trigger.
    `revoke update, delete, truncate, references, trigger on portaria_web_encomenda_eventos, portaria_web_encomendas_cadeia from ${role}`,
    `revoke insert on portaria_web_encomendas_cadeia from ${role}`,
    // The shift book (migration 0033): entries insert and read only; shifts never deleted; the open
    // items written only by the book's trigger.
    `revoke update, delete, truncate, references, trigger on portaria_web_ocorrencias from ${role}`,
    `revoke delete, truncate, references, trigger on portaria_web_turnos from ${role}`,
    `revoke insert, update, delete, truncate, references, trigger on portaria_web_ocorrencias_abertas from ${role}`,
    // The retention job (registros/retencao.ts): only these columns, and only as the trigger allows.
    `grant update (nome_pessoa, documento, placa, autorizado_por, observacao, anonimizado_em) on portaria_web_registros_acesso to ${role}`,
    // An export's record is finished with its count (the trigger of migration 0015 allows only that).
    `grant update on portaria_web_exportacoes_registros to ${role}`,
    // The job queue's tables (pg-boss): the owner installs them with the migrations.
    ...jobSchemaGrants(role),
  ];
};

/** The grants of appRoleGrants, as the owner (on the migration connection), in one transaction. */
export async function grantAppRole(owner: pg.ClientBase, appRole: string): Promise<void> {
  await owner.query("begin");
  try {
    for (const statement of appRoleGrants(appRole)) await owner.query(statement);
    await owner.query("commit");
  } catch (error) {
    await owner.query("rollback");
    throw error;
  }
}
