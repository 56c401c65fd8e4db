import type { Transportadora } from "@shared/schemas/encomendas";
import type { Db } from "../../db/client";

/**
 * What the parcels' service asks of the residents' notices (gate-operation-spec §3.4, §4),
 * implemented by the notices' queue (notificacoes/service.ts): the service knows no channel.
 */
export interface AvisosDaEncomenda {
  /**
   * A parcel is being received: writes, in the parcel's own transaction `tx`, the notices of the
   * unit's residents with an account, on their channels (the code is read back from the parcel's
   * ciphertext when each is sent). The parcel and its notices commit together or not at all, so a
   * process killed in between leaves neither a parcel nobody was told of nor a notice of nothing.
   * Resolves with how many residents were told and what to do once the transaction committed.
   */
  aoReceber(tx: Db, encomenda: { id: string; unidade_id: string; transportadora: Transportadora }): Promise<{ avisados: number; enviar(): void }>;
}
