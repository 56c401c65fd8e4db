import { and, asc, count, eq, ilike, or } from "drizzle-orm";
import { normalizePlaca } from "../../../shared/br/placa";
import type { Page } from "../../../shared/schemas/common";
import type { VeiculoListItem } from "../../../shared/schemas/veiculos";
import type { Db } from "../../db/client";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { condominios, moradores, unidades, veiculos } from "../../db/schema";
import { afterKey, cachedTotal, containsPattern, inCondominio, keysetPage, offsetParam, pageLimit, pagingShape, type ListTotals, type PagingShape } from "../common";
import { fewMatches, matchingRows } from "../text-search";

export interface VeiculoListQuery {
  q: string;
  condominio_id: string;
  status: "todos" | "ativo" | "inativo";
  limit: number;
  offset: number;
  after?: [string, string];
}

/** Which filters a list request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = { q: boolean; placa: boolean; status: boolean; condominio: boolean };

// The plate column only when the text can be part of a plate (normalizePlaca).
const listWhere = (f: Filters) =>
  and(
    f.q ? or(f.placa ? ilike(veiculos.placa, param("placa")) : undefined, ilike(veiculos.marca, param("text")), ilike(veiculos.modelo, param("text")), ilike(veiculos.cor, param("text"))) : undefined,
    f.status ? eq(veiculos.ativo, param("ativo")) : undefined,
    f.condominio ? inCondominio(veiculos.unidade_id, param("condominio")) : undefined,
  );

// The read-only vehicle list (§2 Vehicles): search, condominium and status filters, by plate.
export function veiculosRepository(db: Db, totals?: ListTotals) {
  const listPage = byShape((shape: Filters & PagingShape & { few: boolean }) => {
    const matching = shape.few ? matchingRows(db, veiculos, listWhere(shape)) : undefined;
    // The page first (by plate, veiculos_placa_idx), then its resident, unit and condominium.
    const pagina = db
      .select({ id: veiculos.id, placa: veiculos.placa })
      .from(matching ?? veiculos)
      .where(and(matching ? undefined : listWhere(shape), shape.after ? afterKey([veiculos.placa, veiculos.id], [param("afterPlaca"), param("afterId")]) : undefined))
      .orderBy(asc(veiculos.placa), asc(veiculos.id))
      .limit(param("limit"))
      .offset(offsetParam(shape))
      .as("pagina");
    return db
      .select({
        id: veiculos.id,
        morador_id: veiculos.morador_id,
        unidade_id: veiculos.unidade_id,
        placa: veiculos.placa,
        marca: veiculos.marca,
        modelo: veiculos.modelo,
        cor: veiculos.cor,
        tipo_veiculo: veiculos.tipo_veiculo,
        ativo: veiculos.ativo,
        morador: { id: moradores.id, nome_completo: moradores.nome_completo },
        unidade: { id: unidades.id, numero_unidade: unidades.numero_unidade, bloco: unidades.bloco },
        condominio: { id: condominios.id, nome: condominios.nome },
      })
      .from(pagina)
      .innerJoin(veiculos, eq(veiculos.id, pagina.id))
      .innerJoin(moradores, eq(moradores.id, veiculos.morador_id))
      .innerJoin(unidades, eq(unidades.id, veiculos.unidade_id))
      .innerJoin(condominios, eq(condominios.id, unidades.condominio_id))
      .orderBy(asc(pagina.placa), asc(pagina.id))
      .prepare(NAMED_BY_TEXT);
  });
  const listCount = byShape((filters: Filters) => db.select({ n: count() }).from(veiculos).where(listWhere(filters)).prepare(NAMED_BY_TEXT));

  return {
    async list(query: VeiculoListQuery): Promise<Page<VeiculoListItem>> {
      const plate = query.q && normalizePlaca(query.q);
      const filters: Filters = { q: Boolean(query.q), placa: Boolean(plate), status: query.status !== "todos", condominio: query.condominio_id !== "todos" };
      const values = {
        text: query.q && containsPattern(query.q),
        placa: plate && containsPattern(plate),
        ativo: query.status === "ativo",
        condominio: query.condominio_id,
        afterPlaca: query.after?.[0],
        afterId: query.after?.[1],
        limit: pageLimit(query.limit),
        offset: query.offset,
      };
      const counting = cachedTotal(totals, ["veiculos", query.q, query.condominio_id, query.status], async () => (await listCount(filters).execute(values))[0]!.n);
      // A search waits for its count: it decides where the page is read from (text-search.ts).
      const few = fewMatches(filters.q, filters.q ? await counting : 0);
      const [rows, total] = await Promise.all([listPage({ ...filters, ...pagingShape(query), few }).execute(values), counting]);
      return { ...keysetPage(rows as VeiculoListItem[], query.limit, (r) => [r.placa, r.id]), total };
    },
  };
}
