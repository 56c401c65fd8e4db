import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import type { Db } from "./db/client";
import { condominios, unidades } from "./db/schema";
import { param } from "./db/prepared";
import { MSG } from "@shared/messages";
import { AppError, forbidden } from "./errors";

/**
 * The condominiums a user serves (gatehouse-spec §2): all of them, or the listed ones.
 *
 * Every condominium-bound repository method takes one as its first argument, so a new module
 * cannot read or write such data without deciding whose scope applies; the conditions below are
 * the only way the scope reaches SQL. docs/decisions/0204-escopo-de-condominios.md.
 */
export type CondominioScope = { readonly all: true } | { readonly all: false; readonly ids: readonly string[] };

export const ALL_CONDOMINIOS: CondominioScope = { all: true };

export const scopeFor = (who: { acesso_todos_condominios: boolean; condominio_ids: readonly string[] }): CondominioScope =>
  who.acesso_todos_condominios ? ALL_CONDOMINIOS : { all: false, ids: [...who.condominio_ids].sort() };

/** The scope of a request that passed a "profile" or permission guard. */
export function scopeOf(request: FastifyRequest): CondominioScope {
  const profile = request.session?.profile;
  if (!profile) throw forbidden();
  return scopeFor(profile);
}

/** Whether a condominium id lies in the scope (a record read by id is checked with this). */
export const inScope = (scope: CondominioScope, condominioId: string | null | undefined): boolean =>
  scope.all || (condominioId != null && scope.ids.includes(condominioId));

/** A cache key part that tells scopes apart (cached totals and painel counts are per scope). */
export const scopeKey = (scope: CondominioScope): string => (scope.all ? "*" : scope.ids.join(","));

// ——— Prepared queries (db/prepared.ts): the scope is part of the shape, its ids a placeholder.

/** The shape part: whether the query carries the scope's condition. */
export const scopeShape = (scope: CondominioScope) => ({ scoped: !scope.all });

/** The placeholder values of a scoped shape. */
export const scopeValues = (scope: CondominioScope) => (scope.all ? {} : { scope: scope.ids });

/**
 * The scope's condominium ids as a `uuid[]`: the prepared shape's placeholder, or bound directly.
 * For a condition these helpers do not cover (e.g. usuarios' "every condominium within the scope").
 */
export const scopeIds = (scope: CondominioScope | "placeholder"): SQL =>
  scope === "placeholder" ? sql`${param("scope")}::uuid[]` : sql`${sql.param(scope.all ? [] : scope.ids)}::uuid[]`;

/** `column` (a condominium id) in the scope; for a prepared shape with `scoped`. */
export const condominioInShape = (column: AnyPgColumn | SQL, scoped: boolean): SQL | undefined =>
  scoped ? sql`${column} = any(${scopeIds("placeholder")})` : undefined;

/** `column` (a unit id) belongs to a condominium of the scope; for a prepared shape with `scoped`. */
export const unidadeInShape = (column: AnyPgColumn, scoped: boolean): SQL | undefined =>
  scoped ? sql`${column} = any(array(select ${unidades.id} from ${unidades} where ${unidades.condominio_id} = any(${scopeIds("placeholder")})))` : undefined;

// ——— One-off queries (writes, reads by id): the ids bound directly.

/** `column` (a condominium id) in the scope, or no condition for all-condominium access. */
export const condominioInScope = (scope: CondominioScope, column: AnyPgColumn | SQL): SQL | undefined =>
  scope.all ? undefined : sql`${column} = any(${scopeIds(scope)})`;

/** `column` (a unit id) belongs to a condominium of the scope. */
export const unidadeInScope = (scope: CondominioScope, column: AnyPgColumn): SQL | undefined =>
  scope.all ? undefined : sql`${column} = any(array(select ${unidades.id} from ${unidades} where ${unidades.condominio_id} = any(${scopeIds(scope)})))`;

/** The condition on `condominios` of activeCondominioInScope, for a query that checks it itself. */
export const isActiveCondominioInScope = (scope: CondominioScope, id: string): SQL | undefined =>
  and(eq(condominios.id, id), eq(condominios.ativo, true), condominioInScope(scope, condominios.id));

/**
 * The condominium a record is written to, active and the user's, or the 400 that names the field:
 * another condominium is refused as if it did not exist (gatehouse-spec §2).
 */
export async function requireActiveCondominio(db: Db, scope: CondominioScope, id: string): Promise<{ id: CondominioNoEscopo; nome: string }> {
  const condominio = await activeCondominioInScope(db, scope, id);
  if (!condominio) throw AppError.from(400, "VALIDATION_ERROR", MSG.condominioInativo, { condominio_id: MSG.condominioInativo.message });
  return condominio;
}

/** An active condominium the user serves, or null: where a gate runs and visits are authorised. */
export async function activeCondominioInScope(db: Db, scope: CondominioScope, id: string): Promise<{ id: CondominioNoEscopo; nome: string } | null> {
  const [row] = await db.select({ id: condominios.id, nome: condominios.nome }).from(condominios).where(isActiveCondominioInScope(scope, id));
  return row ? { id: row.id as CondominioNoEscopo, nome: row.nome } : null;
}

declare const NO_ESCOPO: unique symbol;
/**
 * The id of an active condominium the user serves, as only the scope check above hands it out: the
 * gate's repositories of condominium-bound data take this, not a string, so none can be called
 * with an id that did not pass the check (a raw id from a request fails typecheck).
 */
export type CondominioNoEscopo = string & { readonly [NO_ESCOPO]: true };
