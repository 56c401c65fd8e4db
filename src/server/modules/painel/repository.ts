import { and, asc, count, eq, exists, gte, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CondominioOption, PainelAcessos, PainelStats } from "@shared/schemas/painel";
import { periodInSaoPaulo } from "@shared/time";
import type { Db } from "../../db/client";
import { condominios, moradores, presencas, prestadores, registrosAcesso, unidades, veiculos } from "../../db/schema";
import { inCondominio } from "../common";
import { byShape, NAMED_BY_TEXT } from "../../db/prepared";
import { condominioInScope, condominioInShape, scopeShape, scopeValues, unidadeInScope, type CondominioScope } from "../../scope";

/**
 * §7 Dashboard counts: active residents, units, vehicles and providers, for every condominium
 * or one; occupancy = active units with at least one active resident / active units (§9).
 * Residents and vehicles are scoped through their unit's condominium (no join needed for
 * 'todos': every resident and vehicle has a unit).
 */
export function painelRepository(db: Db) {
  // Every filter and the unit form ask for it: built once per scope shape (db/prepared.ts).
  const activeCondominiosQuery = byShape((shape: { scoped: boolean }) =>
    db
      .select({ id: condominios.id, nome: condominios.nome })
      .from(condominios)
      .where(and(eq(condominios.ativo, true), condominioInShape(condominios.id, shape.scoped)))
      .orderBy(asc(condominios.nome))
      .prepare(NAMED_BY_TEXT),
  );

  return {
    /** 'todos' (null) is every condominium of the scope (§2); a condominium outside it counts nothing. */
    async stats(scope: CondominioScope, condominioId: string | null): Promise<PainelStats> {
      const ofCondominio = (unidadeId: AnyPgColumn): SQL | undefined =>
        and(condominioId ? inCondominio(unidadeId, condominioId) : undefined, unidadeInScope(scope, unidadeId));
      const unidadesAtivas = and(
        eq(unidades.ativo, true),
        condominioId ? eq(unidades.condominio_id, condominioId) : undefined,
        condominioInScope(scope, unidades.condominio_id),
      );
      // 'Geral' providers (no condominium) count under 'todos' for everyone who sees providers.
      const prestadoresDoFiltro = condominioId
        ? and(eq(prestadores.condominio_id, condominioId), condominioInScope(scope, prestadores.condominio_id))
        : scope.all
          ? undefined
          : or(isNull(prestadores.condominio_id), condominioInScope(scope, prestadores.condominio_id));
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
          .where(and(eq(prestadores.ativo, true), prestadoresDoFiltro)),
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

    /**
     * Today at the gate (São Paulo's day `hoje`): entries let in, refusals, entries per hour, and
     * who is inside now; 'todos' is every condominium of the scope. The day's bounds are the
     * instants of the shared helper (as Registros' period), so the records' time index answers the range.
     */
    async acessos(scope: CondominioScope, condominioId: string | null, hoje: string): Promise<PainelAcessos> {
      const dia = periodInSaoPaulo(hoje, hoje);
      const doDia = and(
        gte(registrosAcesso.registrado_em, dia.desde),
        lt(registrosAcesso.registrado_em, dia.antes),
        condominioId ? eq(registrosAcesso.condominio_id, condominioId) : undefined,
        condominioInScope(scope, registrosAcesso.condominio_id),
        // A correction repeats its original's event: counted once, as the original.
        isNull(registrosAcesso.corrige_registro_id),
      );
      const hora = sql<number>`extract(hour from ${registrosAcesso.registrado_em} at time zone 'America/Sao_Paulo')::int`;
      const [porHora, [recusas], [dentro]] = await Promise.all([
        db
          .select({ hora, n: count() })
          .from(registrosAcesso)
          .where(and(doDia, eq(registrosAcesso.sentido, "entrada"), eq(registrosAcesso.resultado, "liberado")))
          .groupBy(hora),
        db
          .select({ n: count() })
          .from(registrosAcesso)
          .where(and(doDia, eq(registrosAcesso.resultado, "negado"))),
        db
          .select({ n: count() })
          .from(presencas)
          .where(and(condominioId ? eq(presencas.condominio_id, condominioId) : undefined, condominioInScope(scope, presencas.condominio_id))),
      ]);
      const entradas_por_hora = Array.from({ length: 24 }, () => 0);
      for (const row of porHora) entradas_por_hora[Number(row.hora)] = row.n;
      return {
        entradas_hoje: entradas_por_hora.reduce((a, b) => a + b, 0),
        recusas_hoje: recusas!.n,
        dentro_agora: dentro!.n,
        entradas_por_hora,
      };
    },

    async activeCondominios(scope: CondominioScope): Promise<CondominioOption[]> {
      return activeCondominiosQuery(scopeShape(scope)).execute(scopeValues(scope));
    },
  };
}
