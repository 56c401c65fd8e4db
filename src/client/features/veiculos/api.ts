import type { VeiculoListItem } from "@shared/schemas/veiculos";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys } from "~/lib/query-keys";

export type VeiculoStatusFilter = "todos" | "ativo" | "inativo";

export const veiculosInfiniteQueryOptions = (filters: { q: string; condominio_id: string; status: VeiculoStatusFilter }) =>
  pagedQueryOptions<VeiculoListItem>(queryKeys.veiculosList, "/api/veiculos", filters);
