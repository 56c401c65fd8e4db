import { and, asc, count, eq, ilike, or } from "drizzle-orm";
import type { Condominio, CondominioListItem } from "../../../shared/schemas/condominios";
import type { Page } from "../../../shared/schemas/common";
import type { Db } from "../../db/client";
import { condominios } from "../../db/schema";
import { afterKey, cachedTotal, containsPattern, keysetPage, pageLimit, toIso, type ListTotals } from "../common";
import { normalizeCnpj } from "../../../shared/br/cnpj";

type Input = Omit<Condominio, "id" | "created_at" | "updated_at">;
type Row = typeof condominios.$inferSelect;

const toCondominio = (row: Row): Condominio => ({ ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) });

export function condominiosRepository(db: Db, totals?: ListTotals) {
  return {
    async list(query: { q: string; limit: number; offset: number; after?: [string, string] }): Promise<Page<CondominioListItem>> {
      // The document column only when the text has a digit: "ab" is a name, not a CNPJ.
      const cnpj = /\d/.test(query.q) ? normalizeCnpj(query.q) : "";
      const where = query.q
        ? or(ilike(condominios.nome, containsPattern(query.q)), ...(cnpj ? [ilike(condominios.cnpj, containsPattern(cnpj))] : []))
        : undefined;
      const [rows, total] = await Promise.all([
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
          .where(and(where, query.after && afterKey([condominios.nome, condominios.id], query.after)))
          .orderBy(asc(condominios.nome), asc(condominios.id))
          .limit(pageLimit(query.limit))
          .offset(query.offset),
        cachedTotal(totals, ["condominios", query.q], async () => (await db.select({ n: count() }).from(condominios).where(where))[0]!.n),
      ]);
      return { ...keysetPage(rows, query.limit, (r) => [r.nome, r.id]), total };
    },

    async get(id: string): Promise<Condominio | null> {
      const [row] = await db.select().from(condominios).where(eq(condominios.id, id));
      return row ? toCondominio(row) : null;
    },

    async create(input: Input): Promise<Condominio> {
      const [row] = await db.insert(condominios).values(input).returning();
      return toCondominio(row!);
    },

    async update(id: string, input: Input): Promise<Condominio | null> {
      const [row] = await db.update(condominios).set({ ...input, updated_at: new Date() }).where(eq(condominios.id, id)).returning();
      return row ? toCondominio(row) : null;
    },

    async remove(id: string): Promise<boolean> {
      return (await db.delete(condominios).where(eq(condominios.id, id)).returning({ id: condominios.id })).length > 0;
    },
  };
}
