import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys } from "~/lib/query-keys";

export type VeiculoStatusFilter = "todos" | "ativo" | "inativo";

export const veiculosInfiniteQueryOptions = (filters: { q: string; condominio_id: string; status: VeiculoStatusFilter }) =>
  pagedQueryOptions(queryKeys.veiculosList, "/api/veiculos", filters);
