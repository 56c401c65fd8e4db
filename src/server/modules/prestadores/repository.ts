import { and, asc, count, eq, ilike, isNull, or, type SQL } from "drizzle-orm";
import { normalizeCnpj } from "../../../shared/br/cnpj";
import type { Prestador } from "../../../shared/schemas/prestadores";
import type { Db } from "../../db/client";
import { condominios, prestadores } from "../../db/schema";
import { afterKey, cachedTotal, containsPattern, keysetPage, pageLimit, type ListTotals } from "../common";
import { matchingRows } from "../text-search";

type Fields = Omit<Prestador, "id" | "condominio">;

const columns = {
  id: prestadores.id,
  nome_empresa_profissional: prestadores.nome_empresa_profissional,
  cnpj_cpf: prestadores.cnpj_cpf,
  telefone: prestadores.telefone,
  email: prestadores.email,
  tipo_servico: prestadores.tipo_servico,
  data_inicio_autorizacao: prestadores.data_inicio_autorizacao,
  data_fim_autorizacao: prestadores.data_fim_autorizacao,
  condominio_id: prestadores.condominio_id,
  observacoes: prestadores.observacoes,
  ativo: prestadores.ativo,
  condominio_nome: condominios.nome,
};

type Row = { [K in keyof typeof columns]: K extends "condominio_nome" ? string | null : Prestador[Exclude<K, "condominio_nome"> & keyof Prestador] };

const toPrestador = ({ condominio_nome, ...row }: Row): Prestador => ({
  ...row,
  condominio: row.condominio_id && condominio_nome ? { id: row.condominio_id, nome: condominio_nome } : null,
});

export function prestadoresRepository(db: Db, totals?: ListTotals) {
  // `source`: the matching rows of a search, aliased as the table (text-search.ts).
  const base = (source?: ReturnType<typeof matchingRows>) =>
    db
      .select(columns)
      .from(source ?? prestadores)
      .leftJoin(condominios, eq(condominios.id, prestadores.condominio_id));

  return {
    async list(query: { q: string; condominio_id: string; status: string; limit: number; offset: number; after?: [string, string] }) {
      const conditions: SQL[] = [];
      if (query.q) {
        const text = containsPattern(query.q);
        // The document column only when the text has a digit: "ab" is a name, not a CNPJ.
        const doc = /\d/.test(query.q) ? normalizeCnpj(query.q) : "";
        conditions.push(
          or(
            ilike(prestadores.nome_empresa_profissional, text),
            ilike(prestadores.tipo_servico, text),
            ...(doc ? [ilike(prestadores.cnpj_cpf, containsPattern(doc))] : []),
          )!,
        );
      }
      if (query.condominio_id === "geral") conditions.push(isNull(prestadores.condominio_id));
      else if (query.condominio_id !== "todos") conditions.push(eq(prestadores.condominio_id, query.condominio_id));
      if (query.status !== "todos") conditions.push(eq(prestadores.ativo, query.status === "ativo"));
      const where = conditions.length ? and(...conditions) : undefined;
      const counting = cachedTotal(totals, ["prestadores", query.q, query.condominio_id, query.status], async () => (await db.select({ n: count() }).from(prestadores).where(where))[0]!.n);
      // A search waits for its count: it decides where the page is read from (text-search.ts).
      const matching = query.q ? matchingRows(db, prestadores, where, await counting) : undefined;
      const [rows, total] = await Promise.all([
        base(matching)
          .where(and(matching ? undefined : where, query.after && afterKey([prestadores.nome_empresa_profissional, prestadores.id], query.after)))
          .orderBy(asc(prestadores.nome_empresa_profissional), asc(prestadores.id))
          .limit(pageLimit(query.limit))
          .offset(query.offset),
        counting,
      ]);
      const page = keysetPage(rows as Row[], query.limit, (r) => [r.nome_empresa_profissional, r.id]);
      return { rows: page.rows.map(toPrestador), total, next: page.next };
    },

    async get(id: string): Promise<Prestador | null> {
      const [row] = await base().where(eq(prestadores.id, id));
      return row ? toPrestador(row as Row) : null;
    },

    async isActiveCondominio(id: string): Promise<boolean> {
      const [row] = await db.select({ ativo: condominios.ativo }).from(condominios).where(eq(condominios.id, id));
      return row?.ativo === true;
    },

    async create(input: Fields): Promise<string> {
      const [row] = await db.insert(prestadores).values(input).returning({ id: prestadores.id });
      return row!.id;
    },

    async update(id: string, input: Fields): Promise<boolean> {
      return (await db.update(prestadores).set({ ...input, updated_at: new Date() }).where(eq(prestadores.id, id)).returning({ id: prestadores.id })).length > 0;
    },

    async remove(id: string): Promise<boolean> {
      return (await db.delete(prestadores).where(eq(prestadores.id, id)).returning({ id: prestadores.id })).length > 0;
    },
  };
}
