import { and, asc, count, eq, exists, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CondominioOption, PainelStats } from "../../../shared/schemas/painel";
import type { Db } from "../../db/client";
import { condominios, moradores, prestadores, unidades, veiculos } from "../../db/schema";
import { inCondominio } from "../common";
import { NAMED_BY_TEXT } from "../../db/prepared";

/**
 * §7 Dashboard counts: active residents, units, vehicles and providers, for every condominium
 * or one; occupancy = active units with at least one active resident / active units (§9).
 * Residents and vehicles are scoped through their unit's condominium (no join needed for
 * 'todos': every resident and vehicle has a unit).
 */
export function painelRepository(db: Db) {
  // Every filter and the unit form ask for it: built once (db/prepared.ts).
  const activeCondominiosQuery = db
    .select({ id: condominios.id, nome: condominios.nome })
    .from(condominios)
    .where(eq(condominios.ativo, true))
    .orderBy(asc(condominios.nome))
    .prepare(NAMED_BY_TEXT);

  return {
    async stats(condominioId: string | null): Promise<PainelStats> {
      const ofCondominio = (unidadeId: AnyPgColumn): SQL | undefined => (condominioId ? inCondominio(unidadeId, condominioId) : undefined);
      const unidadesAtivas = and(eq(unidades.ativo, true), condominioId ? eq(unidades.condominio_id, condominioId) : undefined);
      const residenteAtivo = db
        .select({ one: sql`1` })
        .from(moradores)
        .where(and(eq(moradores.unidade_id, unidades.id), eq(moradores.ativo, true)));

      const [[u], [m], [v], [p], [o]] = await Promise.all([
        db.select({ n: count() }).from(unidades).where(unidadesAtivas),
        db
          .select({ n: count() })
          .from(moradores)
          .where(and(eq(moradores.ativo, true), ofCondominio(moradores.unidade_id))),
        db
          .select({ n: count() })
          .from(veiculos)
          .where(and(eq(veiculos.ativo, true), ofCondominio(veiculos.unidade_id))),
        db
          .select({ n: count() })
          .from(prestadores)
          .where(and(eq(prestadores.ativo, true), condominioId ? eq(prestadores.condominio_id, condominioId) : undefined)),
        db
          .select({ n: count() })
          .from(unidades)
          .where(and(unidadesAtivas, exists(residenteAtivo))),
      ]);
      const ativas = u!.n;
      const ocupadas = o!.n;
      return {
        moradores_ativos: m!.n,
        unidades_ativas: ativas,
        veiculos_ativos: v!.n,
        prestadores_ativos: p!.n,
        unidades_ocupadas: ocupadas,
        taxa_ocupacao: ativas ? Math.round((ocupadas / ativas) * 1000) / 10 : 0,
      };
    },

    async activeCondominios(): Promise<CondominioOption[]> {
      return activeCondominiosQuery.execute();
    },
  };
}
