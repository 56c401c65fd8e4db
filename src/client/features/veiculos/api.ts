import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { Veiculo, VeiculoListItem, veiculoInputSchema } from "@shared/schemas/veiculos";
import { useInvalidateMoradores } from "~/features/moradores/api";
import { api } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";

export type VeiculoValues = z.output<typeof veiculoInputSchema>;
export type VeiculoStatusFilter = "todos" | "ativo" | "inativo";

export const VEICULOS_PATH = "/portaria-web/veiculos";
export const veiculosKey = ["veiculos"] as const;

export const veiculosInfiniteQueryOptions = (filters: { q: string; condominio_id: string; status: VeiculoStatusFilter }) =>
  pagedQueryOptions<VeiculoListItem>([...veiculosKey, "list"], "/api/veiculos", filters);

export function useSaveVeiculo(unidadeId: string) {
  const invalidate = useInvalidateMoradores(unidadeId);
  return useMutation({
    mutationFn: ({ moradorId, id, values }: { moradorId: string; id?: string; values: VeiculoValues }) =>
      id
        ? api<Veiculo>(`/api/veiculos/${encodeURIComponent(id)}`, { method: "PUT", json: values })
        : api<Veiculo>(`/api/moradores/${encodeURIComponent(moradorId)}/veiculos`, { method: "POST", json: values }),
    onSuccess: invalidate,
  });
}

export function useDeleteVeiculo(unidadeId: string) {
  const invalidate = useInvalidateMoradores(unidadeId);
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/veiculos/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
