import { situacaoNoDia } from "@shared/prestador-situacao";
import { formatDate } from "@shared/time";
import { mensagemBloqueio, type BloqueioAplicavel } from "../bloqueios/verificar";

/** Why someone may not enter (gatehouse-spec §9); `bloqueio` is the hard stop no porteiro overrides. */
export interface Recusa {
  motivo: string;
  bloqueio: boolean;
}

export interface Candidato {
  /**
   * An active block that applies (bloqueios/verificar.ts), if any: a hard stop, or, when only the
   * name matched (`confira`), a stop the porteiro may override naming who authorised.
   */
  bloqueio: Pick<BloqueioAplicavel, "tipo" | "motivo" | "confira"> | null;
  ativo: boolean;
  /** A provider's authorisation period (dates, São Paulo calendar). */
  periodo?: { inicio: string | null; fim: string | null };
}

/**
 * The server's decision at the gate, on São Paulo's day `hoje` (YYYY-MM-DD): the blocklist first
 * (a hard stop, but for a name-only match), then an inactive record, then a provider outside its period. Null: may enter.
 */
export function recusa(candidato: Candidato, hoje: string): Recusa | null {
  if (candidato.bloqueio) return { motivo: mensagemBloqueio(candidato.bloqueio), bloqueio: !candidato.bloqueio.confira };
  if (!candidato.ativo) return { motivo: "Cadastro inativo.", bloqueio: false };
  if (candidato.periodo) {
    const { inicio, fim } = candidato.periodo;
    const situacao = situacaoNoDia(inicio, fim, hoje);
    if (situacao === "vencida" || situacao === "a_iniciar") {
      const de = inicio ? formatDate(inicio) : "sem início";
      const ate = fim ? formatDate(fim) : "Indeterminado";
      return { motivo: `Prestador fora do período autorizado (${de} até ${ate}).`, bloqueio: false };
    }
  }
  return null;
}
