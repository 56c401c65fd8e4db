import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { condominios, registrosAcesso } from "../../db/schema";
import { createTestApp } from "../../testing/harness";
import { importarRegistros, registro } from "../../testing/registros";
import { verificarCadeia } from "./cadeia";
import { anonimizarRegistrosAntigos } from "./retencao";

// Retention (gatehouse-spec §5): records older than the condominium's retention lose names and
// documents; counts, the rest of each record and the chain stay.

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

const AGORA = new Date("2026-11-25T15:00:00Z");
const anosAtras = (anos: number, dias = 0) => new Date(Date.UTC(2026 - anos, 10, 25 - dias, 15));

describe("anonimizarRegistrosAntigos", () => {
  it("anonymises records past the retention (default 5 years, or the condominium's), in batches, and the chain still verifies", async () => {
    const [padrao, curta] = await db
      .insert(condominios)
      .values([{ nome: "Residencial Retenção Padrão" }, { nome: "Residencial Retenção Curta", retencao_anos: 1 }])
      .returning();
    const antigos = Array.from({ length: 7 }, (_, i) =>
      registro(padrao!.id, {
        nome_pessoa: `Antigo ${i}`,
        placa: "ABC1D23",
        autorizado_por: "Síndico",
        observacao: "Trouxe encomenda",
        registrado_em: anosAtras(5, 10 - i),
      }),
    );
    await importarRegistros(db, [
      ...antigos,
      registro(padrao!.id, { nome_pessoa: "Recente Padrão", placa: "XYZ9A88", registrado_em: anosAtras(4) }),
      registro(curta!.id, { nome_pessoa: "Antigo Curta", registrado_em: anosAtras(1, 1) }),
      registro(curta!.id, { nome_pessoa: "Recente Curta", registrado_em: anosAtras(0, 30) }),
    ]);

    // Batches of 3: 8 old records in three batches (7 + 1 across condominiums).
    expect(await anonimizarRegistrosAntigos(db, AGORA, 3)).toBe(8);

    const rows = await db.select().from(registrosAcesso).orderBy(registrosAcesso.registrado_em);
    const mine = rows.filter((r) => r.condominio_id === padrao!.id || r.condominio_id === curta!.id);
    expect(mine).toHaveLength(10);
    const anonimizados = mine.filter((r) => r.anonimizado_em !== null);
    expect(anonimizados).toHaveLength(8);
    for (const r of anonimizados)
      expect(r).toMatchObject({ nome_pessoa: "Anonimizado", documento: null, placa: null, autorizado_por: null, observacao: null, sentido: "entrada" });
    expect(mine.filter((r) => r.anonimizado_em === null).map((r) => [r.nome_pessoa, r.documento, r.placa])).toEqual([
      ["Recente Padrão", "12345678909", "XYZ9A88"],
      ["Recente Curta", "12345678909", null],
    ]);

    expect(await verificarCadeia(db, padrao!.id)).toEqual({ integra: true, verificados: 8 });
    expect(await verificarCadeia(db, curta!.id)).toEqual({ integra: true, verificados: 2 });
    // Nothing left to do: a second run changes nothing.
    expect(await anonimizarRegistrosAntigos(db, AGORA, 3)).toBe(0);
  });

  it("keeps the retention between 1 and 50 years", async () => {
    for (const anos of [0, 51]) {
      const error = await db
        .insert(condominios)
        .values({ nome: `Retenção ${anos}`, retencao_anos: anos })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).not.toBeNull();
    }
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(condominios)
      .where(eq(condominios.nome, "Retenção 0"));
    expect(row!.n).toBe(0);
  });
});
