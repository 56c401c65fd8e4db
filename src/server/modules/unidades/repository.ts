import { and, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { unidadeOrdem, type Unidade, type UnidadeListItem } from "@shared/schemas/unidades";
import type { Db } from "../../db/client";
import { condominios, moradores, unidades } from "../../db/schema";
import type { Page } from "@shared/schemas/common";
import {
  cachedTotal,
  containsPattern,
  keysetOrder,
  listCounter,
  offsetParam,
  pagingShape,
  pagingValues,
  toIso,
  type ListTotals,
  type PagingShape,
} from "../common";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { condominioInScope, condominioInShape, scopeKey, scopeShape, scopeValues, type CondominioScope } from "../../scope";

/** Natural order of unit numbers: the leading number by value (2 before 10), then the text. */
const numeroOrdemOf = (numero: SQL | AnyPgColumn) => sql`coalesce(lpad(substring(${numero} from '^[0-9]{1,18}'), 18, '0'), '~')`;
export const numeroOrdem = numeroOrdemOf(unidades.numero_unidade);

/**
 * Houses (no block) first: '' sorts before every block, and a blank block is stored as null (the
 * unique index already takes null and '' as the same block). Not null, so that the whole sort key
 * is one row comparison for `after` (docs/decisions/0169-paginacao-por-cursor.md).
 */
const blocoOrdem = sql`coalesce(${unidades.bloco}, '')`;

/**
 * The list's order (`unidadeOrdem`); unidades_ordem_idx and unidades_condominio_ordem_idx follow it.
 * A cursor's number stands for two terms, its natural order (computed from the cursor's text as the
 * index computes it) and the text.
 */
const ordem = keysetOrder(unidadeOrdem, {
  bloco: { sql: [blocoOrdem], fromCursor: (bloco) => [sql`${bloco}`], value: (row) => row.bloco ?? "" },
  numero_unidade: { sql: [numeroOrdem, sql`${unidades.numero_unidade}`], fromCursor: (numero) => [numeroOrdemOf(sql`${numero}::text`), sql`${numero}`] },
  id: unidades.id,
});

const moradoresCount = sql<number>`(select count(*)::int from ${moradores} where ${moradores.unidade_id} = ${unidades.id})`;

const listColumns = {
  id: unidades.id,
  bloco: unidades.bloco,
  numero_unidade: unidades.numero_unidade,
  andar: unidades.andar,
  tipo_unidade: unidades.tipo_unidade,
  ativo: unidades.ativo,
  condominio: { id: condominios.id, nome: condominios.nome },
  moradores_count: moradoresCount,
};

export type UnidadeFields = Omit<Unidade, "id" | "condominio" | "moradores_count" | "created_at" | "updated_at">;

/** Which filters a list request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = { q: boolean; condominio: boolean; scoped: boolean };

const listWhere = (shape: Filters) =>
  and(
    shape.q ? or(ilike(unidades.bloco, param("text")), ilike(unidades.numero_unidade, param("text")), ilike(unidades.tipo_unidade, param("text"))) : undefined,
    shape.condominio ? eq(unidades.condominio_id, param("condominio")) : undefined,
    condominioInShape(unidades.condominio_id, shape.scoped),
  );

export function unidadesRepository(db: Db, totals?: ListTotals) {
  const listPage = byShape((shape: Filters & PagingShape) => {
    // The page first (in the order of unidades_ordem_idx / unidades_condominio_ordem_idx), then
    // its condominium and resident count: joins and counts for the page's rows, not for every match.
    const pagina = db
      .select({
        id: unidades.id,
        condominio_id: unidades.condominio_id,
        bloco: unidades.bloco,
        ordem: sql<string>`${numeroOrdem}`.as("ordem"),
        numero_unidade: unidades.numero_unidade,
      })
      .from(unidades)
      .where(and(listWhere(shape), ordem.after(shape)))
      .orderBy(...ordem.orderBy)
      .limit(param("limit"))
      .offset(offsetParam(shape))
      .as("pagina");
    return db
      .select(listColumns)
      .from(pagina)
      .innerJoin(unidades, eq(unidades.id, pagina.id))
      .innerJoin(condominios, eq(condominios.id, pagina.condominio_id))
      .orderBy(...ordem.direct(sql`coalesce(${pagina.bloco}, '')`, pagina.ordem, pagina.numero_unidade, pagina.id))
      .prepare(NAMED_BY_TEXT);
  });
  const countRows = listCounter(db, unidades, listWhere);
  const getQuery = byShape((shape: { scoped: boolean }) =>
    db
      .select({
        ...listColumns,
        condominio_id: unidades.condominio_id,
        observacoes: unidades.observacoes,
        created_at: unidades.created_at,
        updated_at: unidades.updated_at,
      })
      .from(unidades)
      .innerJoin(condominios, eq(condominios.id, unidades.condominio_id))
      .where(and(eq(unidades.id, param("id")), condominioInShape(unidades.condominio_id, shape.scoped)))
      .prepare(NAMED_BY_TEXT),
  );

  return {
    async list(
      scope: CondominioScope,
      query: { q: string; condominio_id: string; limit: number; offset: number; after?: [string, string, string] },
    ): Promise<Page<UnidadeListItem>> {
      const filters: Filters = { q: Boolean(query.q), condominio: query.condominio_id !== "todos", ...scopeShape(scope) };
      const values = {
        text: query.q && containsPattern(query.q),
        condominio: query.condominio_id,
        ...scopeValues(scope),
        ...pagingValues(query),
      };
      const [rows, total] = await Promise.all([
        listPage({ ...filters, ...pagingShape(query) }).execute(values),
        cachedTotal(totals, ["unidades", scopeKey(scope), query.q, query.condominio_id], () => countRows(filters, values)),
      ]);
      return { ...ordem.page(rows, query.limit), total };
    },

    async get(scope: CondominioScope, id: string): Promise<Unidade | null> {
      const [row] = await getQuery(scopeShape(scope)).execute({ id, ...scopeValues(scope) });
      return row ? { ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) } : null;
    },

    /** An active condominium of the scope: one outside it is as unknown as one that does not exist (§2). */
    async isActiveCondominio(scope: CondominioScope, id: string): Promise<boolean> {
      const [row] = await db
        .select({ ativo: condominios.ativo })
        .from(condominios)
        .where(and(eq(condominios.id, id), condominioInScope(scope, condominios.id)));
      return row?.ativo === true;
    },

    async create(input: UnidadeFields): Promise<string> {
      const [row] = await db.insert(unidades).values(input).returning({ id: unidades.id });
      return row!.id;
    },

    async update(scope: CondominioScope, id: string, input: UnidadeFields): Promise<boolean> {
      const rows = await db
        .update(unidades)
        .set({ ...input, updated_at: new Date() })
        .where(and(eq(unidades.id, id), condominioInScope(scope, unidades.condominio_id)))
        .returning({ id: unidades.id });
      return rows.length > 0;
    },

    async remove(scope: CondominioScope, id: string): Promise<boolean> {
      return (
        (
          await db
            .delete(unidades)
            .where(and(eq(unidades.id, id), condominioInScope(scope, unidades.condominio_id)))
            .returning({ id: unidades.id })
        ).length > 0
      );
    },
  };
}
