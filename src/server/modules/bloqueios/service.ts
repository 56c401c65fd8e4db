import type { Bloqueio, BloqueioData } from "@shared/schemas/bloqueios";
import { MSG } from "@shared/messages";
import { AppError, forbidden, notFound } from "../../errors";
import type { CondominioScope } from "../../scope";
import type { ListTotals } from "../common";
import type { Db } from "../../db/client";
import { bloqueiosRepository } from "./repository";

// The blocklist's rules (gatehouse-spec §6): where a block applies and who may remove it. Plain
// inputs (the user's scope and id), no HTTP. The gate's check is `bloqueioAplicavel` (verificar.ts),
// called by the gate's decision (controle-acesso/service.ts).

const INACTIVE_CONDOMINIO = MSG.condominioInativo;
const inactive = () => AppError.from(400, "VALIDATION_ERROR", INACTIVE_CONDOMINIO, { condominio_id: INACTIVE_CONDOMINIO.message });

export function bloqueiosService(db: Db, totals?: ListTotals) {
  const repo = bloqueiosRepository(db, totals);
  return {
    /**
     * One condominium of the scope, or none: every condominium for who serves them all, one block
     * per active condominium of their own for anyone else (docs/decisions/0212-bloqueios.md).
     */
    async criar(scope: CondominioScope, data: BloqueioData, criadoPor: string): Promise<Bloqueio[]> {
      const { condominio_id, ...input } = data;
      let targets: (string | null)[];
      if (condominio_id) {
        targets = await repo.activeCondominios(scope, [condominio_id]);
        if (targets.length === 0) throw inactive();
      } else if (scope.all) {
        targets = [null];
      } else {
        targets = await repo.activeCondominios(scope);
        if (targets.length === 0) throw inactive();
      }
      const ids = await repo.create({ ...input, condominio_id: null }, targets, criadoPor);
      const rows = await Promise.all(ids.map((id) => repo.get(scope, id)));
      return rows.filter((r) => r !== null);
    },

    /** Removes a block in force: one of every condominium only by who serves them all; kept, with who and when. */
    async remover(scope: CondominioScope, id: string, removidoPor: string): Promise<Bloqueio> {
      const current = await repo.get(scope, id);
      if (!current) throw notFound(MSG.bloqueioNotFound);
      if (!scope.all && current.condominio_id === null) throw forbidden(MSG.bloqueioGeralNeedsAll);
      if (current.removido_em) throw AppError.from(409, "ALREADY_REMOVED", MSG.bloqueioJaRemovido);
      if (!(await repo.remove(scope, current.id, removidoPor))) throw notFound(MSG.bloqueioNotFound);
      const removed = await repo.get(scope, current.id);
      if (!removed) throw notFound(MSG.bloqueioNotFound);
      return removed;
    },
  };
}

export type BloqueiosService = ReturnType<typeof bloqueiosService>;
