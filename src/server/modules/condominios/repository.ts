import { and, eq, ilike, or } from "drizzle-orm";
import { condominioOrdem, type Condominio, type CondominioListItem } from "@shared/schemas/condominios";
import type { Page } from "@shared/schemas/common";
import type { Db } from "../../db/client";
import { condominios } from "../../db/schema";
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
import { normalizeCnpj } from "@shared/br/cnpj";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { condominioInScope, condominioInShape, scopeKey, scopeShape, scopeValues, type CondominioScope } from "../../scope";

type Input = Omit<Condominio, "id" | "created_at" | "updated_at">;
type Row = typeof condominios.$inferSelect;

const toCondominio = (row: Row): Condominio => ({ ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) });

/** Which filters a list request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = { q: boolean; cnpj: boolean; scoped: boolean };

// The document column only when the text has a digit: "ab" is a name, not a CNPJ.
const listWhere = (f: Filters) =>
  and(
    f.q ? or(ilike(condominios.nome, param("text")), f.cnpj ? ilike(condominios.cnpj, param("cnpj")) : undefined) : undefined,
    condominioInShape(condominios.id, f.scoped),
  );

const ordem = keysetOrder(condominioOrdem, { nome: condominios.nome, id: condominios.id });

export function condominiosRepository(db: Db, totals?: ListTotals) {
  const listPage = byShape((shape: Filters & PagingShape) =>
    db
      .select({
        id: condominios.id,
        nome: condominios.nome,
        cnpj: condominios.cnpj,
        cidade: condominios.cidade,
        estado: condominios.estado,
        ativo: condominios.ativo,
      })
      .from(condominios)
      .where(and(listWhere(shape), ordem.after(shape)))
      .orderBy(...ordem.orderBy)
      .limit(param("limit"))
      .offset(offsetParam(shape))
      .prepare(NAMED_BY_TEXT),
  );
  const countRows = listCounter(db, condominios, listWhere);

  return {
    async list(scope: CondominioScope, query: { q: string; limit: number; offset: number; after?: [string, string] }): Promise<Page<CondominioListItem>> {
      const cnpj = /\d/.test(query.q) ? normalizeCnpj(query.q) : "";
      const filters: Filters = { q: Boolean(query.q), cnpj: Boolean(cnpj), ...scopeShape(scope) };
      const values = {
        text: query.q && containsPattern(query.q),
        cnpj: cnpj && containsPattern(cnpj),
        ...scopeValues(scope),
        ...pagingValues(query),
      };
      const [rows, total] = await Promise.all([
        listPage({ ...filters, ...pagingShape(query) }).execute(values),
        cachedTotal(totals, ["condominios", scopeKey(scope), query.q], () => countRows(filters, values)),
      ]);
      return { ...ordem.page(rows, query.limit), total };
    },

    async get(scope: CondominioScope, id: string): Promise<Condominio | null> {
      const [row] = await db
        .select()
        .from(condominios)
        .where(and(eq(condominios.id, id), condominioInScope(scope, condominios.id)));
      return row ? toCondominio(row) : null;
    },

    async create(input: Input): Promise<Condominio> {
      const [row] = await db.insert(condominios).values(input).returning();
      return toCondominio(row!);
    },

    async update(scope: CondominioScope, id: string, input: Input): Promise<Condominio | null> {
      const [row] = await db
        .update(condominios)
        .set({ ...input, updated_at: new Date() })
        .where(and(eq(condominios.id, id), condominioInScope(scope, condominios.id)))
        .returning();
      return row ? toCondominio(row) : null;
    },

    async remove(scope: CondominioScope, id: string): Promise<boolean> {
      return (
        (
          await db
            .delete(condominios)
            .where(and(eq(condominios.id, id), condominioInScope(scope, condominios.id)))
            .returning({ id: condominios.id })
        ).length > 0
      );
    },
  };
}
