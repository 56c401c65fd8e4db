import type { Transportadora } from "@shared/schemas/encomendas";

/**
 * What the parcels' service asks of the residents' notices (gate-operation-spec §3.4, §4),
 * implemented by the notices' queue (notificacoes/service.ts): the service knows no channel.
 */
export interface AvisosDaEncomenda {
  /**
   * A parcel was received (its row committed): tells the unit's residents with an account, on
   * their channels, with the pickup code (read back from the parcel's ciphertext). Resolves with
   * how many residents were told; never throws (a failure is logged, the parcel stays received).
   */
  aoReceber(encomenda: { id: string; unidade_id: string; transportadora: Transportadora }): Promise<number>;
}
