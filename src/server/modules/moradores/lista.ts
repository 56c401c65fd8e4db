import { and, asc, eq, ilike, or } from "drizzle-orm";
import type { Page } from "@shared/schemas/common";
import { moradorOrdem, searchDigits, type MoradorListItem } from "@shared/schemas/moradores";
import type { Db } from "../../db/client";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { condominios, moradores, unidades } from "../../db/schema";
import {
  cachedTotal,
  containsPattern,
  inCondominio,
  keysetOrder,
  listCounter,
  pagingShape,
  statusListFilters,
  unidadeMatchesText,
  type ListTotals,
  type PagingShape,
  type StatusListQuery,
} from "../common";
import { pageKeys, searchedPage } from "../text-search";
import { scopeKey, unidadeInShape, type CondominioScope } from "../../scope";

/** Which filters a list request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = { q: boolean; digits: boolean; status: boolean; condominio: boolean; scoped: boolean };

// The CPF and phone columns (stored as digits) only when the text can be part of one (searchDigits).
const listWhere = (f: Filters) =>
  and(
    f.q
      ? or(
          ilike(moradores.nome_completo, param("text")),
          f.digits ? ilike(moradores.cpf, param("digits")) : undefined,
          f.digits ? ilike(moradores.telefone_celular, param("digits")) : undefined,
          unidadeMatchesText(moradores.unidade_id),
        )
      : undefined,
    f.status ? eq(moradores.ativo, param("ativo")) : undefined,
    f.condominio ? inCondominio(moradores.unidade_id, param("condominio")) : undefined,
    unidadeInShape(moradores.unidade_id, f.scoped),
  );

// The residents list (issue 14): search by name, CPF, phone or unit; condominium and status filters; by name.
const ordem = keysetOrder(moradorOrdem, { nome_completo: moradores.nome_completo, id: moradores.id });

export function moradoresListaRepository(db: Db, totals?: ListTotals) {
  const listPage = byShape((shape: Filters & PagingShape & { few: boolean }) => {
    // The page first (by name, moradores_nome_ordem_idx), then its unit and condominium.
    const pagina = pageKeys(db, moradores, listWhere(shape), shape, ordem);
    return db
      .select({
        id: moradores.id,
        unidade_id: moradores.unidade_id,
        nome_completo: moradores.nome_completo,
        cpf: moradores.cpf,
        telefone_celular: moradores.telefone_celular,
        tipo_morador: moradores.tipo_morador,
        ativo: moradores.ativo,
        unidade: { id: unidades.id, numero_unidade: unidades.numero_unidade, bloco: unidades.bloco },
        condominio: { id: condominios.id, nome: condominios.nome },
      })
      .from(pagina)
      .innerJoin(moradores, eq(moradores.id, pagina.id))
      .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
      .innerJoin(condominios, eq(condominios.id, unidades.condominio_id))
      .orderBy(...moradorOrdem.names.map((name) => asc(pagina[name])))
      .prepare(NAMED_BY_TEXT);
  });
  const countRows = listCounter(db, moradores, listWhere);

  return {
    async list(scope: CondominioScope, query: StatusListQuery): Promise<Page<MoradorListItem>> {
      const digits = query.q ? searchDigits(query.q) : null;
      const common = statusListFilters(scope, query);
      const filters: Filters = { ...common.filters, digits: digits !== null };
      const values = { ...common.values, digits: digits && containsPattern(digits) };
      const counting = cachedTotal(totals, ["moradores", scopeKey(scope), query.q, query.condominio_id, query.status], () => countRows(filters, values));
      const readPage = (few: boolean) => listPage({ ...filters, ...pagingShape(query), few }).execute(values);
      return searchedPage<MoradorListItem>(counting, filters.q, readPage, query.limit, ordem.keyOf);
    },
  };
}
