import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Retention of the access records (gatehouse-spec §5): records older than their condominium's
 * `retencao_anos` (default 5) lose the personal data seen at the gate — name, document, plate,
 * who authorised — and keep everything else, so counts and the chain stay (the chain hashes
 * that data through `dados_hash`, migration 0014). Each batch is one transaction that turns on
 * `portal.anonimizacao`, the only way the append-only table lets a row change; `skip locked` lets
 * several instances run it at once. Returns how many records were anonymised.
 */
export async function anonimizarRegistrosAntigos(db: Db, agora: Date = new Date(), lote = 1_000): Promise<number> {
  let total = 0;
  for (;;) {
    const anonimizados = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.anonimizacao', 'on', true)`);
      const result = await tx.execute(sql`
        update portaria_web_registros_acesso r
        set nome_pessoa = 'Anonimizado', documento = null, placa = null, autorizado_por = null, observacao = null, anonimizado_em = now()
        where r.id in (
          select a.id
          from portaria_web_condominios c
          cross join lateral (
            select v.id from portaria_web_registros_acesso v
            where v.condominio_id = c.id and v.anonimizado_em is null
              and v.registrado_em < ${agora.toISOString()}::timestamptz - make_interval(years => c.retencao_anos)
            limit ${lote}
          ) a
          limit ${lote}
        )
        returning r.id`);
      return (result as unknown as { rows: unknown[] }).rows.length;
    });
    total += anonimizados;
    if (anonimizados < lote) return total;
  }
}
