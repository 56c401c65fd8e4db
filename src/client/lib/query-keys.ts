import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback } from "react";
import { reloadSession } from "./auth";

/**
 * Every query key of the app, and what a change to each resource makes stale: one table instead
 * of each feature knowing which other screens show its data.
 */
export const queryKeys = {
  painel: ["painel"] as const,
  painelStats: (condominioId: string) => ["painel", condominioId] as const,
  painelAcessos: (condominioId: string) => ["painel", "acessos", condominioId] as const,
  condominiosAtivos: ["painel", "condominios"] as const,
  condominios: ["condominios"] as const,
  condominiosList: ["condominios", "list"] as const,
  condominio: (id: string) => ["condominios", "detail", id] as const,
  unidades: ["unidades"] as const,
  unidadesList: ["unidades", "list"] as const,
  unidade: (id: string) => ["unidades", "detail", id] as const,
  moradores: (unidadeId: string) => ["moradores", unidadeId] as const,
  moradoresList: ["moradores", "list"] as const,
  /** The residents' Área do Morador accounts (gate-operation-spec §3.1), every unit's and one unit's. */
  contasMoradores: ["contas-moradores"] as const,
  contasMoradoresDaUnidade: (unidadeId: string) => ["contas-moradores", unidadeId] as const,
  /** The signed-in resident and their units (the Área do Morador). */
  moradorEu: ["morador", "eu"] as const,
  /** What an invitation link is for (the public invitation page). */
  moradorConvite: (token: string) => ["morador", "convite", token] as const,
  /** The console's requests waiting for the resident's answer (gate-operation-spec §3.3). */
  moradorSolicitacoes: ["morador", "solicitacoes"] as const,
  veiculos: ["veiculos"] as const,
  veiculosList: ["veiculos", "list"] as const,
  prestadores: ["prestadores"] as const,
  prestadoresList: ["prestadores", "list"] as const,
  prestador: (id: string) => ["prestadores", "detail", id] as const,
  usuarios: ["usuarios"] as const,
  usuario: (id: string) => ["usuarios", "detail", id] as const,
  grupos: ["grupos"] as const,
  gruposList: ["grupos", "list"] as const,
  grupo: (id: string) => ["grupos", "detail", id] as const,
  permissoes: ["permissoes"] as const,
  permissoesList: ["permissoes", "list"] as const,
  minhasSessoes: ["minha-conta", "sessoes"] as const,
  bloqueios: ["bloqueios"] as const,
  bloqueiosList: ["bloqueios", "list"] as const,
  registrosList: ["registros", "list"] as const,
  visitantes: ["visitantes"] as const,
  visitantesList: ["visitantes", "list"] as const,
  visitante: (id: string) => ["visitantes", "detail", id] as const,
  visitanteQrCode: (id: string) => ["visitantes", "qrcode", id] as const,
  controleAcesso: ["controle-acesso"] as const,
  controleAcessoBusca: (condominioId: string, q: string) => ["controle-acesso", "busca", condominioId, q] as const,
  /**
   * A code or QR searched at the gate: outside "controle-acesso", so a registration does not ask
   * it again by itself (an invalid code asked again counts again against the attempts' limit); the
   * console refreshes it when it opened an authorisation.
   */
  controleAcessoCodigo: (condominioId: string, q: string) => ["controle-acesso-codigo", condominioId, q] as const,
  controleAcessoPresentes: (condominioId: string, q = "", tipo = "todos") => ["controle-acesso", "presentes", condominioId, q, tipo] as const,
  controleAcessoUnidades: (condominioId: string) => ["controle-acesso", "unidades", condominioId] as const,
  controleAcessoMoradores: (unidadeId: string) => ["controle-acesso", "moradores", unidadeId] as const,
  /** One 'Pedir autorização ao morador' request and its state (gate-operation-spec §3.3). */
  controleAcessoSolicitacao: (id: string) => ["controle-acesso", "solicitacao", id] as const,
  /** Parcels (gate-operation-spec §4): the list, one parcel with its custody, the painel's card. */
  encomendas: ["encomendas"] as const,
  encomendasList: ["encomendas", "list"] as const,
  encomenda: (id: string) => ["encomendas", "detail", id] as const,
  encomendasAguardando: ["encomendas", "aguardando"] as const,
  /** The shift book (gate-operation-spec §5): the open shift, a post's handover, the entries, one entry, link candidates. */
  livro: ["livro"] as const,
  livroTurnoAtual: ["livro", "turno-atual"] as const,
  livroPassagem: (posto: string) => ["livro", "passagem", posto] as const,
  livroList: ["livro", "list"] as const,
  livroOcorrencia: (id: string) => ["livro", "detail", id] as const,
  livroReferencias: (condominioId: string, tipo: string, q: string) => ["livro", "referencias", condominioId, tipo, q] as const,
};

export type ChangedResource =
  | "condominios"
  | "unidades"
  | "moradores"
  | "contasMoradores"
  | "prestadores"
  | "usuarios"
  | "grupos"
  | "permissoes"
  | "minhasSessoes"
  | "bloqueios"
  | "acessos"
  | "visitantes"
  | "encomendas"
  | "livro";

/**
 * What shows each resource. A condominium's name and status appear in the painel (numbers and
 * filter), the pick-lists and the unit, resident, vehicle and provider lists; a unit in the
 * resident and vehicle lists; a resident or vehicle in its unit, the unit lists (resident count),
 * the resident and vehicle lists and the painel; a group in the user screens; a permission in the group screens.
 */
const STALE_AFTER: Record<ChangedResource, readonly QueryKey[]> = {
  condominios: [queryKeys.condominios, queryKeys.painel, queryKeys.unidades, queryKeys.moradoresList, queryKeys.veiculos, queryKeys.prestadores],
  unidades: [queryKeys.unidadesList, queryKeys.moradoresList, queryKeys.veiculos, queryKeys.painel],
  moradores: [queryKeys.unidadesList, queryKeys.moradoresList, queryKeys.veiculos, queryKeys.painel],
  // An invitation sent: the accounts' badges of the unit page (nothing else shows them yet).
  contasMoradores: [queryKeys.contasMoradores],
  prestadores: [queryKeys.prestadores, queryKeys.painel],
  usuarios: [queryKeys.usuarios, queryKeys.grupos],
  grupos: [queryKeys.grupos, queryKeys.usuarios],
  permissoes: [queryKeys.permissoes, queryKeys.grupos],
  minhasSessoes: [queryKeys.minhasSessoes],
  bloqueios: [queryKeys.bloqueios],
  // An entry or exit at the gate: the console's search ('No condomínio desde') and who is inside.
  acessos: [queryKeys.controleAcesso, queryKeys.visitantes],
  // A pre-authorisation created or cancelled: its list and detail, and the console's search ('Visitantes').
  visitantes: [queryKeys.visitantes, queryKeys.controleAcesso],
  // A parcel received, handed out or sent back: the list, its detail and the painel's card.
  encomendas: [queryKeys.encomendas],
  // A shift opened or closed, an entry written: the shift bar, the handovers, the list and the detail.
  livro: [queryKeys.livro],
};

/** Changes that may alter the signed-in user's own name, groups or permissions. */
const TOUCHES_SESSION: ReadonlySet<ChangedResource> = new Set(["usuarios", "grupos", "permissoes"]);

/**
 * Refreshes what a change made stale. `also` adds keys of the change itself (the unit whose
 * residents changed); `leaving` is a record that was deleted or left the user's reach: its detail
 * is not refetched (it would answer 404 while its page goes away).
 */
export function useInvalidate(resource: ChangedResource) {
  const queryClient = useQueryClient();
  return useCallback(
    (options: { also?: readonly QueryKey[]; leaving?: QueryKey } = {}) => {
      const leaving = options.leaving ? JSON.stringify(options.leaving) : null;
      return Promise.all([
        ...[...STALE_AFTER[resource], ...(options.also ?? [])].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, predicate: (query) => leaving === null || JSON.stringify(query.queryKey) !== leaving }),
        ),
        TOUCHES_SESSION.has(resource) ? reloadSession() : null,
      ]);
    },
    [queryClient, resource],
  );
}
