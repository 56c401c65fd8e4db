import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { registrosAcesso } from "../db/schema";

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
 * is the chain's order.
 */
export async function importarRegistros(db: Db, rows: NovoRegistro[]) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.importacao', 'on', true)`);
    const inserted = [];
    for (const row of rows) inserted.push((await tx.insert(registrosAcesso).values(row).returning())[0]!);
    return inserted;
  });
}
