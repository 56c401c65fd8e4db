import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Biometria } from "@shared/schemas/biometria";
import type { CartaoInput } from "@shared/schemas/cartoes";
import type { z } from "zod";
import type { moradorInputSchema } from "@shared/schemas/moradores";
import type { veiculoInputSchema } from "@shared/schemas/veiculos";
import type { StatusFilter } from "~/components/portaria/status-list-filters";
import { api, retryServerErrors } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys, useInvalidate } from "~/lib/query-keys";

export type MoradorValues = z.output<typeof moradorInputSchema>;
export type VeiculoValues = z.output<typeof veiculoInputSchema>;

/** Every resident in the user's condominiums, by name (issue 14: /portaria-web/moradores). */
export const moradoresInfiniteQueryOptions = (filters: { q: string; condominio_id: string; status: StatusFilter }) =>
  pagedQueryOptions(queryKeys.moradoresList, "/api/moradores", filters);

/**
 * The unit's residents by name, each with their vehicles (§7 Residents, Vehicles). Who manages
 * only vehicles receives each resident's name and id (MoradorResumo), not their personal data;
 * who may not see vehicles receives only how many each resident has (veiculos_total).
 */
export const moradoresQueryOptions = (unidadeId: string) =>
  queryOptions({
    queryKey: queryKeys.moradores(unidadeId),
    queryFn: ({ signal }) => api.GET("/api/unidades/{id}/moradores", { params: { path: { id: unidadeId } }, signal }),
    select: (data) => data.rows,
    retry: retryServerErrors,
    staleTime: 0,
  });

/** A resident or vehicle change refreshes the unit's residents and what counts them (lib/query-keys.ts). */
export function useInvalidateMoradores(unidadeId: string) {
  const invalidate = useInvalidate("moradores");
  return () => invalidate({ also: [queryKeys.moradores(unidadeId)] });
}

export function useSaveMorador(unidadeId: string) {
  const invalidate = useInvalidateMoradores(unidadeId);
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: MoradorValues }) =>
      id
        ? api.PUT("/api/moradores/{id}", { params: { path: { id } }, body: values })
        : api.POST("/api/unidades/{id}/moradores", { params: { path: { id: unidadeId } }, body: values }),
    onSuccess: invalidate,
  });
}

/** The server deletes the resident's vehicles with them. */
export function useDeleteMorador(unidadeId: string) {
  const invalidate = useInvalidateMoradores(unidadeId);
  return useMutation({
    mutationFn: (id: string) => api.DELETE("/api/moradores/{id}", { params: { path: { id } } }),
    onSuccess: invalidate,
  });
}

// The unit page manages each resident's vehicles (§2): a vehicle change refreshes the same
// screens as a resident's.

export function useSaveVeiculo(unidadeId: string) {
  const invalidate = useInvalidateMoradores(unidadeId);
  return useMutation({
    mutationFn: ({ moradorId, id, values }: { moradorId: string; id?: string; values: VeiculoValues }) =>
      id
        ? api.PUT("/api/veiculos/{id}", { params: { path: { id } }, body: values })
        : api.POST("/api/moradores/{id}/veiculos", { params: { path: { id: moradorId } }, body: values }),
    onSuccess: invalidate,
  });
}

export function useDeleteVeiculo(unidadeId: string) {
  const invalidate = useInvalidateMoradores(unidadeId);
  return useMutation({
    mutationFn: (id: string) => api.DELETE("/api/veiculos/{id}", { params: { path: { id } } }),
    onSuccess: invalidate,
  });
}

// The residents' Área do Morador accounts (gate-operation-spec §3.1): a badge per resident that
// has one, and 'Convidar para a Área do Morador'.
export const contasMoradoresQueryOptions = (unidadeId: string) =>
  queryOptions({
    queryKey: queryKeys.contasMoradoresDaUnidade(unidadeId),
    queryFn: ({ signal }) => api.GET("/api/unidades/{id}/contas-moradores", { params: { path: { id: unidadeId } }, signal }),
    select: (data) => new Map(data.rows.map((conta) => [conta.morador_id, conta])),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** Sends the resident the invitation (a new one replaces the one before); the unit's badges follow. */
export function useConvidarMorador() {
  const invalidate = useInvalidate("contasMoradores");
  return useMutation({
    mutationFn: (moradorId: string) => api.POST("/api/moradores/{id}/convite", { params: { path: { id: moradorId } } }),
    onSuccess: () => invalidate(),
  });
}

// A resident's face photo and biometric consent (gate-operation-spec §2.4).
const biometriaKey = (id: string) => ["moradores", "biometria", id] as const;

export const biometriaQuery = (id: string) =>
  queryOptions({
    queryKey: biometriaKey(id),
    queryFn: ({ signal }) => api.GET("/api/moradores/{id}/biometria", { params: { path: { id } }, signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

export function useBiometria(id: string) {
  const client = useQueryClient();
  const guardar = (b: Biometria) => client.setQueryData(biometriaKey(id), b);
  return {
    enviarFoto: useMutation({
      mutationFn: (foto: string) => api.POST("/api/moradores/{id}/biometria/foto", { params: { path: { id } }, body: { foto } }),
      onSuccess: guardar,
    }),
    apagarFoto: useMutation({ mutationFn: () => api.DELETE("/api/moradores/{id}/biometria/foto", { params: { path: { id } } }), onSuccess: guardar }),
    consentimento: useMutation({
      mutationFn: (consentimento: boolean) => api.PUT("/api/moradores/{id}/biometria/consentimento", { params: { path: { id } }, body: { consentimento } }),
      onSuccess: guardar,
    }),
  };
}

// A resident's cards and tags (§2.4): what the devices' readers read.
const cartoesKey = (id: string) => ["moradores", "cartoes", id] as const;

export const cartoesQuery = (id: string) =>
  queryOptions({
    queryKey: cartoesKey(id),
    queryFn: ({ signal }) => api.GET("/api/moradores/{id}/cartoes", { params: { path: { id } }, signal }),
    select: (data) => data.rows,
    retry: retryServerErrors,
    staleTime: 0,
  });

export function useCartoes(id: string) {
  const client = useQueryClient();
  const recarregar = () => client.invalidateQueries({ queryKey: cartoesKey(id) });
  return {
    adicionar: useMutation({
      mutationFn: (cartao: CartaoInput) => api.POST("/api/moradores/{id}/cartoes", { params: { path: { id } }, body: cartao }),
      onSuccess: recarregar,
    }),
    remover: useMutation({
      mutationFn: (cartaoId: string) => api.DELETE("/api/moradores/{id}/cartoes/{cartaoId}", { params: { path: { id, cartaoId } } }),
      onSuccess: recarregar,
    }),
  };
}
