import { and, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { normalizeCnpj } from "@shared/br/cnpj";
import { situacaoNoDia, type SituacaoPrestador } from "@shared/prestador-situacao";
import { prestadorOrdem, type Prestador } from "@shared/schemas/prestadores";
import { today } from "@shared/time";
import type { Db } from "../../db/client";
import { condominios, prestadores } from "../../db/schema";
import { cachedTotal, containsPattern, keysetOrder, listCounter, offsetParam, pagingShape, pagingValues, type ListTotals, type PagingShape } from "../common";
import { fewMatches, matchingRows } from "../text-search";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { condominioInScope, condominioInShape, scopeKey, scopeShape, scopeValues, type CondominioScope } from "../../scope";

type Fields = Omit<Prestador, "id" | "condominio" | "situacao">;

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

/** The row as the API gives it, with its situation on the day `hoje` (São Paulo's today). */
const toPrestador = ({ condominio_nome, ...row }: Row, hoje: string): Prestador => ({
  ...row,
  condominio: row.condominio_id && condominio_nome ? { id: row.condominio_id, nome: condominio_nome } : null,
  situacao: situacaoNoDia(row.data_inicio_autorizacao, row.data_fim_autorizacao, hoje),
});

/** Which filters a list request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = { q: boolean; doc: boolean; condominio: "todos" | "geral" | "um"; status: boolean; scoped: boolean; situacao: "todas" | SituacaoPrestador };

// The four cases of situacaoNoDia (src/shared/prestador-situacao.ts) in SQL, against São Paulo's
// today passed as the parameter `hoje` (the server's own clock and zone play no part).
const inicio = prestadores.data_inicio_autorizacao;
const fim = prestadores.data_fim_autorizacao;
const hoje = sql`${param("hoje")}::date`;
const situacaoWhere: Record<SituacaoPrestador, SQL> = {
  vencida: sql`${fim} < ${hoje}`,
  a_iniciar: sql`${inicio} > ${hoje} and (${fim} is null or ${fim} >= ${hoje})`,
  vigente: sql`${fim} >= ${hoje} and (${inicio} is null or ${inicio} <= ${hoje})`,
  indeterminado: sql`${fim} is null and (${inicio} is null or ${inicio} <= ${hoje})`,
};

// The document column only when the text has a digit: "ab" is a name, not a CNPJ.
const listWhere = (f: Filters) =>
  and(
    f.q
      ? or(
          ilike(prestadores.nome_empresa_profissional, param("text")),
          ilike(prestadores.tipo_servico, param("text")),
          f.doc ? ilike(prestadores.cnpj_cpf, param("doc")) : undefined,
        )
      : undefined,
    f.condominio === "geral" ? isNull(prestadores.condominio_id) : f.condominio === "um" ? eq(prestadores.condominio_id, param("condominio")) : undefined,
    f.status ? eq(prestadores.ativo, param("ativo")) : undefined,
    f.situacao === "todas" ? undefined : situacaoWhere[f.situacao],
    // 'Geral' providers (no condominium) are seen by everyone who sees providers (§2).
    f.scoped ? or(isNull(prestadores.condominio_id), condominioInShape(prestadores.condominio_id, true)) : undefined,
  );

/** A provider the scope may change: one of its condominiums; a 'Geral' one only with all-condominium access. */
const writable = (scope: CondominioScope) => condominioInScope(scope, prestadores.condominio_id);

const ordem = keysetOrder(prestadorOrdem, { nome_empresa_profissional: prestadores.nome_empresa_profissional, id: prestadores.id });

export function prestadoresRepository(db: Db, totals?: ListTotals) {
  // `source`: the matching rows of a search, aliased as the table (text-search.ts).
  const base = (source?: ReturnType<typeof matchingRows>) =>
    db
      .select(columns)
      .from(source ?? prestadores)
      .leftJoin(condominios, eq(condominios.id, prestadores.condominio_id));
  const listPage = byShape((shape: Filters & PagingShape & { few: boolean }) => {
    const matching = shape.few ? matchingRows(db, prestadores, listWhere(shape)) : undefined;
    return base(matching)
      .where(and(matching ? undefined : listWhere(shape), ordem.after(shape)))
      .orderBy(...ordem.orderBy)
      .limit(param("limit"))
      .offset(offsetParam(shape))
      .prepare(NAMED_BY_TEXT);
  });
  const countRows = listCounter(db, prestadores, listWhere);

  return {
    async list(
      scope: CondominioScope,
      query: {
        q: string;
        condominio_id: string;
        status: string;
        situacao: "todas" | SituacaoPrestador;
        limit: number;
        offset: number;
        after?: [string, string];
      },
    ) {
      const day = today();
      const doc = /\d/.test(query.q) ? normalizeCnpj(query.q) : "";
      const filters: Filters = {
        q: Boolean(query.q),
        doc: Boolean(doc),
        condominio: query.condominio_id === "todos" || query.condominio_id === "geral" ? query.condominio_id : "um",
        status: query.status !== "todos",
        ...scopeShape(scope),
        situacao: query.situacao,
      };
      const values = {
        ...scopeValues(scope),
        text: query.q && containsPattern(query.q),
        doc: doc && containsPattern(doc),
        condominio: query.condominio_id,
        ativo: query.status === "ativo",
        hoje: day,
        ...pagingValues(query),
      };
      const counting = cachedTotal(totals, ["prestadores", scopeKey(scope), query.q, query.condominio_id, query.status, query.situacao, day], () =>
        countRows(filters, values),
      );
      // A search waits for its count: it decides where the page is read from (text-search.ts).
      const few = filters.q && fewMatches(await counting);
      const [rows, total] = await Promise.all([listPage({ ...filters, ...pagingShape(query), few }).execute(values), counting]);
      const page = ordem.page(rows as Row[], query.limit);
      return { rows: page.rows.map((row) => toPrestador(row, day)), total, next: page.next };
    },

    async get(scope: CondominioScope, id: string): Promise<Prestador | null> {
      const visible = scope.all ? undefined : or(isNull(prestadores.condominio_id), condominioInScope(scope, prestadores.condominio_id));
      const [row] = await base().where(and(eq(prestadores.id, id), visible));
      return row ? toPrestador(row as Row, today()) : null;
    },

    /** An active condominium of the scope: one outside it is as unknown as one that does not exist (§2). */
    async isActiveCondominio(scope: CondominioScope, id: string): Promise<boolean> {
      const [row] = await db
        .select({ ativo: condominios.ativo })
        .from(condominios)
        .where(and(eq(condominios.id, id), condominioInScope(scope, condominios.id)));
      return row?.ativo === true;
    },

    async create(input: Fields): Promise<string> {
      const [row] = await db.insert(prestadores).values(input).returning({ id: prestadores.id });
      return row!.id;
    },

    async update(scope: CondominioScope, id: string, input: Fields): Promise<boolean> {
      return (
        (
          await db
            .update(prestadores)
            .set({ ...input, updated_at: new Date() })
            .where(and(eq(prestadores.id, id), writable(scope)))
            .returning({ id: prestadores.id })
        ).length > 0
      );
    },

    async remove(scope: CondominioScope, id: string): Promise<boolean> {
      return (
        (
          await db
            .delete(prestadores)
            .where(and(eq(prestadores.id, id), writable(scope)))
            .returning({ id: prestadores.id })
        ).length > 0
      );
    },
  };
}
