import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ALARMES_TEXTOS, type Alarme } from "@shared/schemas/alarmes";
import { COMANDOS_TEXTOS, ESTADOS_COMANDO, type Comando } from "@shared/schemas/comandos";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { api, eventSourceApi, retryServerErrors, type Body } from "~/lib/api";

// The gates of the console's condominium and their commands (gate-operation-spec §2.2): the list,
// 'Abrir', and the live stream of each command's state (Server-Sent Events).

export type AbrirValues = Body<"post", "/api/controle-acesso/abrir">;

const portoesKey = (condominioId: string) => ["portoes", condominioId, "portoes"] as const;
const comandosKey = (condominioId: string) => ["portoes", condominioId, "comandos"] as const;
const alarmesKey = (condominioId: string) => ["portoes", condominioId, "alarmes"] as const;

export const portoesQuery = (condominioId: string) =>
  queryOptions({
    queryKey: portoesKey(condominioId),
    queryFn: ({ signal }) => api.GET("/api/controle-acesso/portoes", { params: { query: { condominio_id: condominioId } }, signal }),
    retry: retryServerErrors,
    // The devices' states: read again now and then, and on every reconnection of the stream.
    refetchInterval: 60_000,
  });

export const comandosQuery = (condominioId: string) =>
  queryOptions({
    queryKey: comandosKey(condominioId),
    queryFn: ({ signal }) => api.GET("/api/controle-acesso/comandos", { params: { query: { condominio_id: condominioId } }, signal }),
    retry: retryServerErrors,
  });

export function usePortoes(condominioId: string) {
  const query = useQuery({ ...portoesQuery(condominioId), enabled: Boolean(condominioId) });
  useQueryErrorToast(query.error, COMANDOS_TEXTOS.portoes);
  return query;
}

export const useComandos = (condominioId: string) => useQuery({ ...comandosQuery(condominioId), enabled: Boolean(condominioId) });

/** The condominium's alarms nobody acknowledged yet (§2.3): on the console until 'Ciente'. */
export const alarmesQuery = (condominioId: string) =>
  queryOptions({
    queryKey: alarmesKey(condominioId),
    queryFn: ({ signal }) => api.GET("/api/alarmes", { params: { query: { condominio_id: condominioId, situacao: "abertos" } }, signal }),
    retry: retryServerErrors,
  });

export function useAlarmesDoConsole(condominioId: string) {
  const query = useQuery({ ...alarmesQuery(condominioId), enabled: Boolean(condominioId) });
  useQueryErrorToast(query.error, ALARMES_TEXTOS.carregar);
  return query;
}

/** A new alarm at the top of the console's list (once: the stream and a re-read may both bring it). */
function guardarAlarme(client: QueryClient, alarme: Alarme) {
  client.setQueryData(alarmesKey(alarme.condominio.id), (old: { alarmes: Alarme[] } | undefined) => {
    const outros = (old?.alarmes ?? []).filter((a) => a.id !== alarme.id);
    return { alarmes: alarme.ciente_em ? outros : [alarme, ...outros] };
  });
}

/** 'Ciente': who and when are recorded by the server; the alarm leaves the console. */
export function useCiente(condominioId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.POST("/api/alarmes/{id}/ciente", { params: { path: { id } } }),
    onSuccess: (alarme) => guardarAlarme(client, { ...alarme, condominio: { ...alarme.condominio, id: condominioId } }),
  });
}

/** How far a command went: a state arriving late never takes the screen back. */
const passo = (c: Comando) => (c.estado === "falhou" ? ESTADOS_COMANDO.length : ESTADOS_COMANDO.indexOf(c.estado));

/** The command into the condominium's list, newest first, unless the list already holds a later state of it. */
function guardar(client: QueryClient, comando: Comando) {
  client.setQueryData(comandosKey(comando.condominio_id), (old: { comandos: Comando[] } | undefined) => {
    const comandos = old?.comandos ?? [];
    const atual = comandos.find((c) => c.id === comando.id);
    if (atual && passo(atual) > passo(comando)) return old;
    const outros = comandos.filter((c) => c.id !== comando.id);
    return { comandos: [comando, ...outros].sort((a, b) => b.solicitado_em.localeCompare(a.solicitado_em)).slice(0, 20) };
  });
}

/** 'Abrir': a new idempotency key per click; the same click retried by the network opens once. */
export function useAbrirPortao() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: AbrirValues) => api.POST("/api/controle-acesso/abrir", { body: values }),
    onSuccess: (comando) => guardar(client, comando),
  });
}

/** A fresh key for one request (the browser's UUID, its dashes kept: the server takes [A-Za-z0-9_-]). */
export const novaChave = () => crypto.randomUUID();

/**
 * The console's live stream: every state of every command of the condominium, from any server
 * instance. On each (re)connection the list is read again: nothing missed while away stays missing.
 */
export function useTempoReal(condominioId: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (!condominioId) return;
    const fonte = eventSourceApi("/api/controle-acesso/tempo-real", { condominio_id: condominioId });
    const reler = () => {
      void client.invalidateQueries({ queryKey: comandosKey(condominioId) });
      void client.invalidateQueries({ queryKey: portoesKey(condominioId) });
      void client.invalidateQueries({ queryKey: alarmesKey(condominioId) });
    };
    fonte.addEventListener("pronto", reler);
    fonte.addEventListener("reler", reler);
    fonte.addEventListener("comando", (event) => {
      try {
        guardar(client, JSON.parse((event as MessageEvent<string>).data) as Comando);
      } catch {
        reler();
      }
    });
    fonte.addEventListener("alarme", (event) => {
      try {
        const alarme = JSON.parse((event as MessageEvent<string>).data) as Alarme;
        guardarAlarme(client, alarme);
        // A read of the list that left before the alarm was committed would answer without it:
        // read again now (alarms are rare; the NOTIFY came at commit, so this read has it).
        void client.invalidateQueries({ queryKey: alarmesKey(condominioId) });
        // A device offline or back: its state on the gates' list changed too.
        if (alarme.tipo === "dispositivo_offline") void client.invalidateQueries({ queryKey: portoesKey(condominioId) });
      } catch {
        reler();
      }
    });
    return () => fonte.close();
  }, [client, condominioId]);
}
