import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AlarmesQuery } from "@shared/schemas/alarmes";
import { api, retryServerErrors } from "~/lib/api";

// 'Alarmes' (gate-operation-spec §2.3): the alarms of the user's condominiums and 'Ciente'.

export const ALARMES_PATH = "/portaria-web/alarmes";

const KEY = ["alarmes"] as const;

export const alarmesQuery = (filtro: Required<AlarmesQuery>) =>
  queryOptions({
    queryKey: [...KEY, filtro],
    queryFn: ({ signal }) => api.GET("/api/alarmes", { params: { query: filtro }, signal }),
    retry: retryServerErrors,
    // An alarm is raised by a device at any moment: the page reads again while it is open.
    refetchInterval: 15_000,
  });

/** 'Ciente': the server records who and when; the list is read again. */
export function useCienteDoAlarme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.POST("/api/alarmes/{id}/ciente", { params: { path: { id } } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
