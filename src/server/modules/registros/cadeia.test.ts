import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { condominios, registrosAcesso, registrosCadeia } from "../../db/schema";
import { pgErrorCode } from "../../errors";
import { createTestApp, databaseSnapshot } from "../../testing/harness";
import { verificarCadeia } from "./cadeia";

// The access records are append-only and chained per condominium (gatehouse-spec §5), enforced by
// the database itself (migration 0014): checked here with plain SQL, as a careless script or an
// intruder with the application's credentials would try.

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

let condominio = "";
let outro = "";

const entrada = (condominioId: string, nome: string) => ({
  condominio_id: condominioId,
  tipo_pessoa: "visitante",
  nome_pessoa: nome,
  documento: "12345678900",
  placa: "ABC1D23",
  sentido: "entrada",
  resultado: "liberado",
  metodo: "manual",
  autorizado_por: "Ana Souza",
  operador_nome: "Porteiro da Noite",
});

async function refused(work: () => Promise<unknown>) {
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the database accepted it").not.toBeNull();
  return error;
}

beforeAll(async () => {
  const [a, b] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Cadeia" }, { nome: "Condomínio Vizinho" }])
    .returning();
  condominio = a!.id;
  outro = b!.id;
});

describe("chaining", () => {
  it("numbers each condominium's records and chains each to the one before it", async () => {
    const [first] = await db.insert(registrosAcesso).values(entrada(condominio, "Primeira Pessoa")).returning();
    const [second] = await db.insert(registrosAcesso).values(entrada(condominio, "Segunda Pessoa")).returning();
    const [elsewhere] = await db.insert(registrosAcesso).values(entrada(outro, "Em Outro Condomínio")).returning();
    expect(first).toMatchObject({ seq: 1, hash_anterior: "" });
    expect(first!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toMatchObject({ seq: 2, hash_anterior: first!.hash });
    expect(elsewhere).toMatchObject({ seq: 1, hash_anterior: "" });
    expect(await verificarCadeia(db, condominio)).toEqual({ integra: true, verificados: 2 });
  });

  it("ignores a number, a hash or a time sent by the caller", async () => {
    const before = new Date(Date.now() - 86_400_000);
    const [row] = await db
      .insert(registrosAcesso)
      .values({ ...entrada(condominio, "Tentou Forjar"), seq: 999, hash: "f".repeat(64), hash_anterior: "x", registrado_em: before })
      .returning();
    expect(row!.seq).toBe(3);
    expect(row!.hash).not.toBe("f".repeat(64));
    expect(row!.registrado_em.getTime()).toBeGreaterThan(before.getTime() + 3_600_000);
    expect((await verificarCadeia(db, condominio)).integra).toBe(true);
  });

  it("keeps the chain whole when many gates of one condominium register at the same instant", async () => {
    const [fresh] = await db.insert(condominios).values({ nome: "Residencial Concorrido" }).returning();
    await Promise.all(Array.from({ length: 25 }, (_, i) => db.insert(registrosAcesso).values(entrada(fresh!.id, `Pessoa ${i}`))));
    const rows = await db.select({ seq: registrosAcesso.seq }).from(registrosAcesso).where(eq(registrosAcesso.condominio_id, fresh!.id));
    expect(rows.map((r) => r.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await verificarCadeia(db, fresh!.id)).toEqual({ integra: true, verificados: 25 });
    const [head] = await db.select().from(registrosCadeia).where(eq(registrosCadeia.condominio_id, fresh!.id));
    expect(head!.ultimo_seq).toBe(25);
  });
});

describe("append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE, and nothing changes", async () => {
    const before = await databaseSnapshot(t);
    for (const statement of [
      sql`update portaria_web_registros_acesso set nome_pessoa = 'Outro Nome' where condominio_id = ${condominio}`,
      sql`update portaria_web_registros_acesso set resultado = 'negado', motivo = 'x'`,
      sql`delete from portaria_web_registros_acesso where condominio_id = ${condominio}`,
      sql`truncate portaria_web_registros_acesso cascade`,
      sql`truncate portaria_web_registros_cadeia cascade`,
      sql`delete from portaria_web_registros_cadeia`,
    ]) {
      const error = await refused(() => db.execute(statement));
      expect(pgErrorCode(error), String(error)).toBe("P0001");
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("lets only the retention job blank the personal data, and the chain still verifies", async () => {
    const [row] = await db.insert(registrosAcesso).values(entrada(condominio, "Pessoa Antiga")).returning();
    const anonymise = (extra = sql``) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('portal.anonimizacao', 'on', true)`);
        await tx.execute(
          sql`update portaria_web_registros_acesso set nome_pessoa = 'Anonimizado', documento = null, placa = null, autorizado_por = null, observacao = null, anonimizado_em = now() ${extra} where id = ${row!.id}`,
        );
      });
    // Even the job may not change anything else.
    await refused(() => anonymise(sql`, resultado = 'negado', motivo = 'alterado'`));
    await refused(() => anonymise(sql`, operador_nome = 'Outro'`));
    // Without the job's setting, not at all.
    await refused(() =>
      db.execute(
        sql`update portaria_web_registros_acesso set nome_pessoa = 'Anonimizado', documento = null, placa = null, autorizado_por = null, observacao = null, anonimizado_em = now() where id = ${row!.id}`,
      ),
    );
    await anonymise();
    const [after] = await db.select().from(registrosAcesso).where(eq(registrosAcesso.id, row!.id));
    expect(after).toMatchObject({ nome_pessoa: "Anonimizado", documento: null, placa: null, hash: row!.hash });
    // Once anonymised, never again.
    await refused(() => anonymise());
    expect((await verificarCadeia(db, condominio)).integra).toBe(true);
  });
});

describe("verificarCadeia", () => {
  /** A copy of the chain where one record was tampered with by someone who got past the triggers. */
  async function tamperedCopy(tamper: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], ids: string[]) => Promise<unknown>) {
    const [fresh] = await db
      .insert(condominios)
      .values({ nome: `Residencial Adulterado ${Math.random()}` })
      .returning();
    const ids: string[] = [];
    for (const nome of ["Um", "Dois", "Três", "Quatro"]) ids.push((await db.insert(registrosAcesso).values(entrada(fresh!.id, nome)).returning())[0]!.id);
    await db.transaction(async (tx) => {
      // Only a superuser can do this; the application's code never does.
      await tx.execute(sql`alter table portaria_web_registros_acesso disable trigger portaria_web_registros_imutaveis`);
      try {
        await tamper(tx, ids);
      } finally {
        await tx.execute(sql`alter table portaria_web_registros_acesso enable trigger portaria_web_registros_imutaveis`);
      }
    });
    return { condominioId: fresh!.id, ids };
  }

  it("names the first record that was changed", async () => {
    const { condominioId, ids } = await tamperedCopy((tx, ids) =>
      tx.execute(sql`update portaria_web_registros_acesso set nome_pessoa = 'Nome Trocado' where id = ${ids[2]}`),
    );
    const result = await verificarCadeia(db, condominioId);
    expect(result).toMatchObject({ integra: false, verificados: 2, registro: { id: ids[2], seq: 3, nome_pessoa: "Nome Trocado" } });
  });

  it("notices a record removed from the middle", async () => {
    const { condominioId, ids } = await tamperedCopy((tx, ids) => tx.execute(sql`delete from portaria_web_registros_acesso where id = ${ids[1]}`));
    expect(await verificarCadeia(db, condominioId)).toMatchObject({ integra: false, verificados: 1, registro: { id: ids[2], seq: 3 } });
  });

  it("verifies a period from its first record, against the record before it", async () => {
    const rows = await queryRows<{ seq: number }>(db, sql`select max(seq)::int as seq from portaria_web_registros_acesso where condominio_id = ${condominio}`);
    const last = rows[0]!.seq;
    expect(await verificarCadeia(db, condominio, 2, last)).toEqual({ integra: true, verificados: last - 1 });
  });
});
