import { and, asc, count, countDistinct, eq, type SQL } from "drizzle-orm";
import type { CondominioOption, PainelStats } from "../../../shared/schemas/painel";
import type { Db } from "../../db/client";
import { condominios, moradores, prestadores, unidades, veiculos } from "../../db/schema";

/**
 * §7 Dashboard counts: active residents, units, vehicles and providers, for every condominium
 * or one; occupancy = active units with at least one active resident / active units (§9).
 * Residents and vehicles are scoped through their unit's condominium.
 */
export function painelRepository(db: Db) {
  return {
    async stats(condominioId: string | null): Promise<PainelStats> {
      const inCondominio = (column: typeof unidades.condominio_id): SQL | undefined =>
        condominioId ? eq(column, condominioId) : undefined;

      const [[u], [m], [v], [p], [o]] = await Promise.all([
        db.select({ n: count() }).from(unidades).where(and(eq(unidades.ativo, true), inCondominio(unidades.condominio_id))),
        db
          .select({ n: count() })
          .from(moradores)
          .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
          .where(and(eq(moradores.ativo, true), inCondominio(unidades.condominio_id))),
        db
          .select({ n: count() })
          .from(veiculos)
          .innerJoin(unidades, eq(unidades.id, veiculos.unidade_id))
          .where(and(eq(veiculos.ativo, true), inCondominio(unidades.condominio_id))),
        db
          .select({ n: count() })
          .from(prestadores)
          .where(and(eq(prestadores.ativo, true), condominioId ? eq(prestadores.condominio_id, condominioId) : undefined)),
        db
          .select({ n: countDistinct(moradores.unidade_id) })
          .from(moradores)
          .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
          .where(and(eq(moradores.ativo, true), eq(unidades.ativo, true), inCondominio(unidades.condominio_id))),
      ]);
      const unidadesAtivas = u!.n;
      const ocupadas = o!.n;
      return {
        moradores_ativos: m!.n,
        unidades_ativas: unidadesAtivas,
        veiculos_ativos: v!.n,
        prestadores_ativos: p!.n,
        unidades_ocupadas: ocupadas,
        taxa_ocupacao: unidadesAtivas ? Math.round((ocupadas / unidadesAtivas) * 1000) / 10 : 0,
      };
    },

    async activeCondominios(): Promise<CondominioOption[]> {
      return db
        .select({ id: condominios.id, nome: condominios.nome })
        .from(condominios)
        .where(eq(condominios.ativo, true))
        .orderBy(asc(condominios.nome));
    },
  };
}
