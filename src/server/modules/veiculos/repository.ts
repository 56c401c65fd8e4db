import { and, asc, eq, ilike, or } from "drizzle-orm";
import { normalizePlaca } from "@shared/br/placa";
import type { Page } from "@shared/schemas/common";
import { veiculoOrdem, type VeiculoListItem } from "@shared/schemas/veiculos";
import type { Db } from "../../db/client";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { condominios, moradores, unidades, veiculos } from "../../db/schema";
import {
  cachedTotal,
  containsPattern,
  inCondominio,
  keysetOrder,
  listCounter,
  pagingShape,
  statusListFilters,
  type ListTotals,
  type PagingShape,
} from "../common";
import { pageKeys, searchedPage } from "../text-search";
import { scopeKey, unidadeInShape, type CondominioScope } from "../../scope";

export interface VeiculoListQuery {
  q: string;
  condominio_id: string;
  status: "todos" | "ativo" | "inativo";
  limit: number;
  offset: number;
  after?: [string, string];
}

/** A vehicle's own columns as the lists show them (the resident section adds `observacoes`). */
export const veiculoListColumns = {
  id: veiculos.id,
  morador_id: veiculos.morador_id,
  unidade_id: veiculos.unidade_id,
  placa: veiculos.placa,
  marca: veiculos.marca,
  modelo: veiculos.modelo,
  cor: veiculos.cor,
  tipo_veiculo: veiculos.tipo_veiculo,
  ativo: veiculos.ativo,
};

/** Which filters a list request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = { q: boolean; placa: boolean; status: boolean; condominio: boolean; scoped: boolean };

// The plate column only when the text can be part of a plate (normalizePlaca).
const listWhere = (f: Filters) =>
  and(
    f.q
      ? or(
          f.placa ? ilike(veiculos.placa, param("placa")) : undefined,
          ilike(veiculos.marca, param("text")),
          ilike(veiculos.modelo, param("text")),
          ilike(veiculos.cor, param("text")),
        )
      : undefined,
    f.status ? eq(veiculos.ativo, param("ativo")) : undefined,
    f.condominio ? inCondominio(veiculos.unidade_id, param("condominio")) : undefined,
    unidadeInShape(veiculos.unidade_id, f.scoped),
  );

// The read-only vehicle list (§2 Vehicles): search, condominium and status filters, by plate.
const ordem = keysetOrder(veiculoOrdem, { placa: veiculos.placa, id: veiculos.id });

export function veiculosRepository(db: Db, totals?: ListTotals) {
  const listPage = byShape((shape: Filters & PagingShape & { few: boolean }) => {
    // The page first (by plate, veiculos_placa_idx), then its resident, unit and condominium.
    const pagina = pageKeys(db, veiculos, listWhere(shape), shape, ordem);
    return db
      .select({
        ...veiculoListColumns,
        morador: { id: moradores.id, nome_completo: moradores.nome_completo },
        unidade: { id: unidades.id, numero_unidade: unidades.numero_unidade, bloco: unidades.bloco },
        condominio: { id: condominios.id, nome: condominios.nome },
      })
      .from(pagina)
      .innerJoin(veiculos, eq(veiculos.id, pagina.id))
      .innerJoin(moradores, eq(moradores.id, veiculos.morador_id))
      .innerJoin(unidades, eq(unidades.id, veiculos.unidade_id))
      .innerJoin(condominios, eq(condominios.id, unidades.condominio_id))
      .orderBy(...veiculoOrdem.names.map((name) => asc(pagina[name])))
      .prepare(NAMED_BY_TEXT);
  });
  const countRows = listCounter(db, veiculos, listWhere);

  return {
    async list(scope: CondominioScope, query: VeiculoListQuery): Promise<Page<VeiculoListItem>> {
      const plate = query.q && normalizePlaca(query.q);
      const common = statusListFilters(scope, query);
      const filters: Filters = { ...common.filters, placa: Boolean(plate) };
      const values = { ...common.values, placa: plate && containsPattern(plate) };
      const counting = cachedTotal(totals, ["veiculos", scopeKey(scope), query.q, query.condominio_id, query.status], () => countRows(filters, values));
      const readPage = (few: boolean) => listPage({ ...filters, ...pagingShape(query), few }).execute(values);
      return searchedPage<VeiculoListItem>(counting, filters.q, readPage, query.limit, ordem.keyOf);
    },
  };
}
