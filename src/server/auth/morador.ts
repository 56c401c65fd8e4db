import { and, asc, eq } from "drizzle-orm";
import { rotuloDaUnidade, type UnidadeDoMorador } from "@shared/schemas/morador";
import type { Db } from "../db/client";
import { condominios, moradorContas, moradores, unidades } from "../db/schema";

/**
 * The units a signed-in person reaches in the Área do Morador (gate-operation-spec §3.1): those
 * of their active accounts whose resident, unit and condominium are active. A resident deactivated
 * or deleted, or a unit or condominium deactivated, leaves the list at the next request (the
 * guard's session cache is emptied by every change).
 */
export async function loadUnidadesDoMorador(db: Db, authUserId: string): Promise<UnidadeDoMorador[]> {
  const rows = await db
    .select({
      morador_id: moradores.id,
      unidade_id: unidades.id,
      condominio_id: condominios.id,
      condominio: condominios.nome,
      bloco: unidades.bloco,
      numero_unidade: unidades.numero_unidade,
    })
    .from(moradorContas)
    .innerJoin(moradores, eq(moradores.id, moradorContas.morador_id))
    .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
    .innerJoin(condominios, eq(condominios.id, unidades.condominio_id))
    .where(
      and(
        eq(moradorContas.auth_user_id, authUserId),
        eq(moradorContas.status, "ativo"),
        eq(moradores.ativo, true),
        eq(unidades.ativo, true),
        eq(condominios.ativo, true),
      ),
    )
    .orderBy(asc(condominios.nome), asc(unidades.bloco), asc(unidades.numero_unidade));
  return rows.map((r) => ({ ...r, rotulo: rotuloDaUnidade(r) }));
}
