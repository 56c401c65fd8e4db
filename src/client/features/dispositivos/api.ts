import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { dispositivoInputSchema } from "@shared/schemas/dispositivos";
import { api, retryServerErrors } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";

// The devices' calls to the API (the typed client, generated from the server's OpenAPI document).

export type DispositivoValues = z.output<typeof dispositivoInputSchema>;

const PORTARIA = "/portaria-web/dispositivos";
/** The module's screens. */
export const DISPOSITIVOS_PATHS = {
  lista: PORTARIA,
  novo: `${PORTARIA}/novo`,
  dispositivo: (id: string) => `${PORTARIA}/${encodeURIComponent(id)}`,
};

/** The module's query key: its list and every device it shows. */
const KEY = ["dispositivos"] as const;
const detailKey = (id: string) => [...KEY, "detail", id] as const;

export const dispositivosListQuery = (filters: { q: string; condominio_id: string }) => pagedQueryOptions([...KEY, "list"], "/api/dispositivos", filters);

export const dispositivoQuery = (id: string) =>
  queryOptions({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => api.GET("/api/dispositivos/{id}", { params: { path: { id } }, signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** After a change: the list again, and the device's page with the answer the server gave. */
function useSaved() {
  const client = useQueryClient();
  return (saved?: { id: string }) => {
    if (saved) client.setQueryData(detailKey(saved.id), saved);
    return client.invalidateQueries({ queryKey: [...KEY, "list"] });
  };
}

export function useCriarDispositivo() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: DispositivoValues) => api.POST("/api/dispositivos", { body }),
    onSuccess: (created) => saved(created),
  });
}

export function useAtualizarDispositivo() {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: DispositivoValues }) => api.PUT("/api/dispositivos/{id}", { params: { path: { id } }, body: values }),
    onSuccess: (updated) => saved(updated),
  });
}

export function useGerarNovoEndereco() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (id: string) => api.POST("/api/dispositivos/{id}/novo-endereco", { params: { path: { id } } }),
    onSuccess: (updated) => saved(updated),
  });
}

/** 'Testar conexão': the answer is the test's outcome; the device's state changed with it. */
export function useTestarConexao() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.POST("/api/dispositivos/{id}/testar", { params: { path: { id } } }),
    onSettled: (_data, _error, id) =>
      Promise.all([client.invalidateQueries({ queryKey: detailKey(id) }), client.invalidateQueries({ queryKey: [...KEY, "list"] })]),
  });
}

export function useExcluirDispositivo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.DELETE("/api/dispositivos/{id}", { params: { path: { id } } }),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: detailKey(id) });
      return client.invalidateQueries({ queryKey: [...KEY, "list"] });
    },
  });
}

/** The device's recent events (§2.1): read again every 15 s while its page is open. */
export const eventosDoDispositivoQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, "eventos", id],
    queryFn: ({ signal }) => api.GET("/api/dispositivos/{id}/eventos", { params: { path: { id } }, signal }),
    retry: retryServerErrors,
    refetchInterval: 15_000,
  });

/** Per person, what the device holds of them (§2.4). */
export const sincronizacaoQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, "sincronizacao", id],
    queryFn: ({ signal }) => api.GET("/api/dispositivos/{id}/sincronizacao", { params: { path: { id } }, signal }),
    retry: retryServerErrors,
  });

/** 'Sincronizar agora': the round's summary; the device's state and its people are read again. */
export function useSincronizarAgora() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.POST("/api/dispositivos/{id}/sincronizar", { params: { path: { id } } }),
    onSettled: (_data, _error, id) =>
      Promise.all([client.invalidateQueries({ queryKey: [...KEY, "sincronizacao", id] }), client.invalidateQueries({ queryKey: detailKey(id) })]),
  });
}
