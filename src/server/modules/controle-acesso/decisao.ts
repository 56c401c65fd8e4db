import { situacaoNoDia } from "@shared/prestador-situacao";
import {
  AUTORIZACAO_CANCELADA,
  AUTORIZACAO_UTILIZADA,
  horaCurta,
  mensagemAntesDoInicio,
  mensagemExpirada,
  mensagemForaDoHorario,
  weekdayInSaoPaulo,
  type AutorizacaoRegras,
} from "@shared/schemas/visitantes";
import { dateInSaoPaulo, formatDate, formatTime } from "@shared/time";
import { mensagemBloqueio, type BloqueioAplicavel } from "../bloqueios/verificar";

// The gate's decision as pure functions (no database, no clock of its own): the service
// (service.ts) gathers the facts and calls `decidir`; the demo generator (scripts/demo/) calls it
// on its own facts, so that its refusals read exactly like the console's.

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

/** Everything the gate weighs: the record's facts and, for a pre-authorised visitor, the authorisation's. */
export interface CandidatoNaPortaria extends Candidato {
  autorizacao?: AutorizacaoRegras | null;
  /**
   * The authorisation was read again because another gate used it up or cancelled it in between:
   * if its own rules no longer say why, it is 'Autorização já utilizada.' all the same.
   */
  releitura?: boolean;
}

/**
 * The record's part of the decision, on São Paulo's day `hoje` (YYYY-MM-DD): the blocklist first
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

/**
 * Why the authorisation does not let its visitor in at `agora` (São Paulo time), or null: cancelled,
 * used up, expired, not yet valid, outside its weekdays or daily window. The blocklist is the
 * gate's own check, before this one (a hard stop). Server-side only: the client shows the
 * refusal the server computed (VisitanteEncontrado.recusa), never decides it.
 */
export function recusaAutorizacao(a: AutorizacaoRegras, agora: Date | number): string | null {
  const now = new Date(agora).getTime();
  if (a.status === "cancelada") return AUTORIZACAO_CANCELADA;
  if (a.status === "utilizada" || (a.max_entradas !== null && a.entradas_usadas >= a.max_entradas)) return AUTORIZACAO_UTILIZADA;
  if (now > new Date(a.valido_ate).getTime()) return mensagemExpirada(a.valido_ate);
  if (now < new Date(a.valido_de).getTime()) return mensagemAntesDoInicio(a.valido_de, a.valido_ate);
  const diaOk = !a.dias_semana || a.dias_semana.length === 0 || a.dias_semana.includes(weekdayInSaoPaulo(now));
  const hora = formatTime(now);
  const horaOk = !a.hora_inicio || !a.hora_fim || (hora >= horaCurta(a.hora_inicio) && hora <= horaCurta(a.hora_fim));
  if (!diaOk || !horaOk) return mensagemForaDoHorario(a.dias_semana, a.hora_inicio ?? "00:00", a.hora_fim ?? "23:59");
  return null;
}

/**
 * THE decision at the gate at `instante` (ms): may this person or vehicle enter now, and if not,
 * why. The blocklist first (a hard stop), then the record's own rules, then a pre-authorisation's
 * (São Paulo time). Null: may enter. A refusal with `bloqueio: false` may be overridden by the
 * porteiro, naming who authorised.
 */
export function decidir(candidato: CandidatoNaPortaria, instante: number): Recusa | null {
  const doCadastro = recusa(candidato, dateInSaoPaulo(instante));
  if (doCadastro || !candidato.autorizacao) return doCadastro;
  const motivo = recusaAutorizacao(candidato.autorizacao, instante) ?? (candidato.releitura ? AUTORIZACAO_UTILIZADA : null);
  return motivo ? { motivo, bloqueio: false } : null;
}
