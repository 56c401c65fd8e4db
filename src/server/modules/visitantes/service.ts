import type { Autorizacao, AutorizacaoData } from "@shared/schemas/visitantes";
import { MSG } from "@shared/messages";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { requireActiveCondominio, type CondominioScope } from "../../scope";
import { visitantesRepository } from "./repository";

// Visitantes' rules (gatehouse-spec §4): who may be authorised, what may be cancelled or sent.
// Plain inputs (the user's scope, the clock `agora`), no HTTP. At the gate, a code or QR is
// resolved by portaria.ts and the decision is Controle de Acesso's (controle-acesso/service.ts).

const NOT_FOUND = MSG.autorizacaoNotFound;
const invalid = (field: string, message: string) => AppError.from(400, "VALIDATION_ERROR", { title: MSG.invalidInput.title, message }, { [field]: message });

export function visitantesService(db: Db, agora: () => number) {
  const repo = visitantesRepository(db);
  return {
    /**
     * 'Nova Autorização': at an active condominium of the scope, an active unit of it, an active
     * resident of the unit. `criadoPor`: the Portaria Web user, or null when the resident made it
     * in the Área do Morador (then `morador_id` is who made and authorised it).
     */
    async criar(scope: CondominioScope, data: AutorizacaoData, criadoPor: string | null): Promise<Autorizacao> {
      // Outside the scope as unknown as a condominium that does not exist (§2).
      const condominio = await requireActiveCondominio(db, scope, data.condominio_id);
      if (!(await repo.unidadeAtivaDoCondominio(condominio.id, data.unidade_id))) throw invalid("unidade_id", MSG.unidadeInativa.message);
      if (!(await repo.moradorAtivoDaUnidade(data.unidade_id, data.morador_id))) throw invalid("morador_id", MSG.moradorInativo.message);
      const id = await repo.create(data, criadoPor);
      return (await repo.get(scope, id, agora()))!;
    },

    /** 'Cancelar': only an active one. */
    async cancelar(scope: CondominioScope, id: string): Promise<Autorizacao> {
      const found = await repo.get(scope, id, agora());
      if (!found) throw notFound(NOT_FOUND);
      if (found.status !== "ativa" || !(await repo.cancel(scope, found.id))) {
        throw AppError.from(409, "CONFLICT", found.status === "cancelada" ? MSG.autorizacaoJaCancelada : MSG.autorizacaoCancelarInativa);
      }
      return (await repo.get(scope, found.id, agora()))!;
    },

    /** The authorisation whose invitation may be sent now: it has an e-mail and is in force. */
    async paraConvite(scope: CondominioScope, id: string): Promise<Autorizacao & { email: string }> {
      const found = await repo.get(scope, id, agora());
      if (!found) throw notFound(NOT_FOUND);
      if (!found.email) throw AppError.from(400, "SEM_EMAIL", MSG.autorizacaoSemEmail);
      if (found.situacao !== "ativa") throw AppError.from(409, "CONFLICT", MSG.autorizacaoEmailInativa);
      return { ...found, email: found.email };
    },
  };
}

export type VisitantesService = ReturnType<typeof visitantesService>;
