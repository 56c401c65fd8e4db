import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import { queryKeys } from "./query-keys";

// The pick-lists more than one feature offers, each asked in one place (one query key, one call).

/**
 * The active condominiums, by name: the options of every condominium pick-list and filter (§4).
 * Pages read it and pass it down to the forms and filters of their features.
 */
export function condominiosAtivosQuery() {
  return queryOptions({
    queryKey: queryKeys.condominiosAtivos,
    queryFn: () => api.GET("/api/painel/condominios"),
    select: (data) => data.rows,
  });
}

/**
 * A condominium's active units, through the gate's routes: the destination of a visitor at the
 * gate (controle de acesso) and of a pre-authorisation (visitantes). They need
 * registrar_acesso_visitante, both screens' own permission, and answer only within the user's
 * condominiums.
 */
export const unidadesPortariaQuery = (condominioId: string) =>
  queryOptions({
    queryKey: queryKeys.controleAcessoUnidades(condominioId),
    queryFn: ({ signal }) => api.GET("/api/controle-acesso/unidades", { params: { query: { condominio_id: condominioId } }, signal }),
    select: (data) => data.rows,
    enabled: Boolean(condominioId),
  });

/** 'Autorizado por': the active residents of the destination unit. */
export const moradoresPortariaQuery = (unidadeId: string) =>
  queryOptions({
    queryKey: queryKeys.controleAcessoMoradores(unidadeId),
    queryFn: ({ signal }) => api.GET("/api/controle-acesso/unidades/{id}/moradores", { params: { path: { id: unidadeId } }, signal }),
    select: (data) => data.rows,
    enabled: Boolean(unidadeId),
  });
