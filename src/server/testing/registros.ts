import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { registrosAcesso } from "../db/schema";
import { selarCabecas } from "../modules/registros/selos";
import { TEST_CHAIN_KEY } from "./harness";

export type NovoRegistro = typeof registrosAcesso.$inferInsert;

/** A visitor's entry, let in by hand: what a test changes is given in `extra`. */
export const registro = (condominio_id: string, extra: Partial<NovoRegistro> = {}): NovoRegistro => ({
  condominio_id,
  tipo_pessoa: "visitante",
  nome_pessoa: "Visitante de Teste",
  documento: "12345678909",
  sentido: "entrada",
  resultado: "liberado",
  metodo: "manual",
  operador_nome: "Porteiro de Teste",
  ...extra,
});

/**
 * Inserts access records as an import of history does (`portal.importacao`): each keeps its
 * `registrado_em` (the chaining trigger otherwise stamps the clock). In the order given, which
 * is the chain's order. Sealed as a batch with the tests' key, as the portal's own import is
 * (registros/selos.ts).
 */
export async function importarRegistros(db: Db, rows: NovoRegistro[]) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.importacao', 'on', true)`);
    // Several rows per statement (the chaining trigger still runs row by row, in this order):
    // one statement per record made the export test of 4,500 records slow on a busy machine.
    const inserted = [];
    for (let i = 0; i < rows.length; i += 500)
      inserted.push(
        ...(await tx
          .insert(registrosAcesso)
          .values(rows.slice(i, i + 500))
          .returning()),
      );
    await selarCabecas(tx, Buffer.from(TEST_CHAIN_KEY, "utf8"), [...new Set(rows.map((row) => row.condominio_id))]);
    return inserted;
  });
}
