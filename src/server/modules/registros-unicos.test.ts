import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@shared/messages";
import { createPendingUniqueIndexes, openPglite, openPostgres, queryRows, type Database, type Db } from "../db/client";
import { condominios, moradores, unidades, veiculos } from "../db/schema";
import { pgConstraint, pgErrorCode } from "../errors";
import { ADMIN, createPostgresDatabase, createTestApp, request, signIn, type TestApp, errorWithoutRequestId } from "../testing/harness";

// Issue 14: unique where the real world is unique, through the API (a 409 with the message on the
// field, nothing written) and at the database (a direct INSERT is refused by the unique index).

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
});
afterAll(() => t?.close());

const send = (method: "POST" | "PUT", url: string, payload: object) => request(t, method, url, { cookie: admin, payload });
const created = async (method: "POST" | "PUT", url: string, payload: object) => {
  const response = await send(method, url, payload);
  expect(response.statusCode, response.body).toBe(method === "POST" ? 201 : 200);
  return response.json();
};

const rows = async () => {
  const db = t.database.db;
  return Promise.all([condominios, unidades, moradores, veiculos].map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n));
};

/** A 409 'Registro duplicado' with `message` under `field`, and no row written or changed. */
async function refusedAsDuplicate(
  write: () => Promise<{ statusCode: number; json(): unknown; headers: Record<string, unknown> }>,
  field: string,
  message: string,
) {
  const before = await rows();
  const response = await write();
  expect(response.statusCode).toBe(409);
  expect(errorWithoutRequestId(response)).toEqual({ error: { code: "DUPLICATE", title: "Registro duplicado", message, fields: { [field]: message } } });
  expect(await rows()).toEqual(before);
}

/** The unique violation of `constraint` that a direct write meets. */
async function violation(write: PromiseLike<unknown>): Promise<[string | undefined, string | undefined]> {
  try {
    await write;
  } catch (error) {
    return [pgErrorCode(error), pgConstraint(error)];
  }
  return [undefined, undefined];
}

let serial = 0;
const condominio = (extra: object = {}) => created("POST", "/api/condominios", { nome: `Condomínio ${++serial} ${Math.random()}`, ...extra });
const unidade = (condominioId: string, numero = String(++serial)) => created("POST", "/api/unidades", { condominio_id: condominioId, numero_unidade: numero });
const morador = (unidadeId: string, extra: object = {}) =>
  created("POST", `/api/unidades/${unidadeId}/moradores`, { nome_completo: `Morador ${++serial}`, tipo_morador: "proprietario", ...extra });
const veiculo = (moradorId: string, placa: string) => created("POST", `/api/moradores/${moradorId}/veiculos`, { placa, tipo_veiculo: "carro" });

describe("a plate is registered once per condominium", () => {
  const message = MSG.veiculoPlacaDuplicate.message;

  it("refuses the same plate, written any way, for any resident of the condominium; allows it in another", async () => {
    const a = await condominio();
    const [u1, u2] = [await unidade(a.id), await unidade(a.id)];
    const [m1, m2] = [await morador(u1.id), await morador(u2.id)];
    const first = await veiculo(m1.id, "QAZ-1234");
    expect(first.placa).toBe("QAZ1234");

    await refusedAsDuplicate(() => send("POST", `/api/moradores/${m2.id}/veiculos`, { placa: "qaz1234", tipo_veiculo: "moto" }), "placa", message);
    await refusedAsDuplicate(() => send("POST", `/api/moradores/${m1.id}/veiculos`, { placa: "Qaz 1234", tipo_veiculo: "carro" }), "placa", message);
    const other = await veiculo(m2.id, "BRA2E19");
    await refusedAsDuplicate(() => send("PUT", `/api/veiculos/${other.id}`, { placa: "qaz-1234", tipo_veiculo: "carro" }), "placa", message);
    const [kept] = await t.database.db.select({ placa: veiculos.placa }).from(veiculos).where(eq(veiculos.id, other.id));
    expect(kept!.placa).toBe("BRA2E19");
    // Saving a vehicle with its own plate is no duplicate.
    await created("PUT", `/api/veiculos/${first.id}`, { placa: "qaz-1234", tipo_veiculo: "carro", cor: "Prata" });

    const b = await condominio();
    const mb = await morador((await unidade(b.id)).id);
    expect((await veiculo(mb.id, "qaz1234")).placa).toBe("QAZ1234");
  });

  it("is a database rule: a direct insert of a repeated plate in the condominium fails", async () => {
    const a = await condominio();
    const m = await morador((await unidade(a.id)).id);
    const m2 = await morador((await unidade(a.id)).id);
    await veiculo(m.id, "RST5U67");
    const [car] = await t.database.db.select({ condominio_id: veiculos.condominio_id }).from(veiculos).where(eq(veiculos.morador_id, m.id));
    expect(car!.condominio_id).toBe(a.id); // filled by the trigger from the unit
    expect(
      await violation(t.database.db.insert(veiculos).values({ morador_id: m2.id, unidade_id: m2.unidade_id, placa: "RST5U67", tipo_veiculo: "carro" })),
    ).toEqual(["23505", "veiculos_condominio_placa_unique"]);
    // A condominium that is not the unit's is refused too (the copy cannot drift).
    const b = await condominio();
    expect(
      (
        await violation(
          t.database.db.insert(veiculos).values({ morador_id: m2.id, unidade_id: m2.unidade_id, condominio_id: b.id, placa: "ZZZ9Z99", tipo_veiculo: "carro" }),
        )
      )[0],
    ).toBeUndefined(); // the trigger writes the unit's condominium whatever was given
    const [row] = await t.database.db.select({ condominio_id: veiculos.condominio_id }).from(veiculos).where(eq(veiculos.placa, "ZZZ9Z99"));
    expect(row!.condominio_id).toBe(a.id);
  });

  it("follows a unit that moves to another condominium, and refuses the move onto a plate already there", async () => {
    const a = await condominio();
    const b = await condominio();
    const ua = await unidade(a.id, "201");
    const ma = await morador(ua.id);
    await veiculo(ma.id, "MOV1A23");
    await created("PUT", `/api/unidades/${ua.id}`, { condominio_id: b.id, numero_unidade: "201" });
    const [moved] = await t.database.db.select({ condominio_id: veiculos.condominio_id }).from(veiculos).where(eq(veiculos.morador_id, ma.id));
    expect(moved!.condominio_id).toBe(b.id);

    const mb = await morador((await unidade(a.id, "301")).id);
    await veiculo(mb.id, "MOV1A23"); // allowed: the first car is in B now
    const message = MSG.unidadePlacaNoDestino.message;
    await refusedAsDuplicate(() => send("PUT", `/api/unidades/${ua.id}`, { condominio_id: a.id, numero_unidade: "201" }), "condominio_id", message);
    const [unit] = await t.database.db.select({ condominio_id: unidades.condominio_id }).from(unidades).where(eq(unidades.id, ua.id));
    expect(unit!.condominio_id).toBe(b.id);
  });
});

describe("a CNPJ belongs to one condominium", () => {
  const message = MSG.condominioCnpjDuplicate.message;

  it("refuses a second condominium with the CNPJ, written any way, on create and on edit", async () => {
    await condominio({ cnpj: "11.222.333/0001-81" });
    await refusedAsDuplicate(() => send("POST", "/api/condominios", { nome: `Outro ${Math.random()}`, cnpj: "11222333000181" }), "cnpj", message);
    const other = await condominio({ cnpj: null });
    await condominio(); // several without CNPJ are fine
    await refusedAsDuplicate(
      () => send("PUT", `/api/condominios/${other.id}`, { nome: `Outro ${Math.random()}`, cnpj: "11.222.333/0001-81" }),
      "cnpj",
      message,
    );
  });

  it("is a database rule", async () => {
    await condominio({ cnpj: "12.ABC.345/01DE-35" });
    expect(await violation(t.database.db.insert(condominios).values({ nome: "Direto", cnpj: "12ABC34501DE35" }))).toEqual(["23505", "condominios_cnpj_unique"]);
  });
});

describe("two condominiums cannot share a name (case and spaces aside)", () => {
  const message = MSG.condominioNomeDuplicate.message;

  it("refuses the same name in other case and spacing, on create and on edit", async () => {
    const first = await created("POST", "/api/condominios", { nome: "Residencial  Bela Vista" });
    await refusedAsDuplicate(() => send("POST", "/api/condominios", { nome: "residencial bela   VISTA " }), "nome", message);
    const other = await created("POST", "/api/condominios", { nome: "Residencial Bela Vista II" });
    await refusedAsDuplicate(() => send("PUT", `/api/condominios/${other.id}`, { nome: "RESIDENCIAL BELA VISTA" }), "nome", message);
    // Its own name, in another case, is no duplicate.
    expect((await created("PUT", `/api/condominios/${first.id}`, { nome: "Residencial Bela Vista" })).nome).toBe("Residencial Bela Vista");
  });

  it("is a database rule", async () => {
    await created("POST", "/api/condominios", { nome: "Edifício Aurora" });
    expect(await violation(t.database.db.insert(condominios).values({ nome: "  edifício\taurora" }))).toEqual(["23505", "condominios_nome_unique"]);
  });
});

describe("a CPF appears once per unit", () => {
  const message = MSG.moradorCpfDuplicate.message;

  it("refuses the CPF twice in a unit, on create and on edit; allows it in another unit", async () => {
    const c = await condominio();
    const u = await unidade(c.id);
    await morador(u.id, { cpf: "529.982.247-25" });
    await refusedAsDuplicate(
      () => send("POST", `/api/unidades/${u.id}/moradores`, { nome_completo: "Outra", tipo_morador: "inquilino", cpf: "52998224725" }),
      "cpf",
      message,
    );
    const other = await morador(u.id, { cpf: null });
    await morador(u.id); // several without CPF are fine
    await refusedAsDuplicate(
      () => send("PUT", `/api/moradores/${other.id}`, { nome_completo: "Outra", tipo_morador: "inquilino", cpf: "529.982.247-25" }),
      "cpf",
      message,
    );
    await morador((await unidade(c.id)).id, { cpf: "529.982.247-25" });
  });

  it("is a database rule", async () => {
    const u = await unidade((await condominio()).id);
    await morador(u.id, { cpf: "111.444.777-35" });
    expect(
      await violation(t.database.db.insert(moradores).values({ unidade_id: u.id, nome_completo: "Direto", tipo_morador: "outro", cpf: "11144477735" })),
    ).toEqual(["23505", "moradores_unidade_cpf_unique"]);
  });
});

describe("a CEP of only zeros", () => {
  it("is refused like any invalid CEP, and nothing is written", async () => {
    const before = await rows();
    for (const cep of ["00000-000", "00000000"]) {
      const response = await send("POST", "/api/condominios", { nome: `Zero ${Math.random()}`, cep });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ cep: "CEP inválido. Use 8 números." });
    }
    expect(await rows()).toEqual(before);
    const c = await condominio({ cep: "01310-100" });
    expect((await send("PUT", `/api/condominios/${c.id}`, { nome: c.nome, cep: "00000-000" })).statusCode).toBe(400);
  });
});

describe("migration 0011 meeting existing duplicates", () => {
  // The migrations up to 0010, then duplicates, then the rest: the start does not fail, the
  // duplicates are reported, and the index is created on the first start after they are resolved.
  let folder: string;
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "migracoes-"));
    cpSync(resolve("drizzle"), folder, { recursive: true });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
    rmSync(folder, { recursive: true, force: true });
  });

  const journal = () => join(folder, "meta", "_journal.json");
  const exists = async (db: Db, index: string) =>
    (await queryRows<{ ok: boolean }>(db, sql`select to_regclass(${`public.${index}`}) is not null as ok`))[0]!.ok;

  it("starts, warns and leaves the index out; the next start after the fix creates it", async () => {
    const full = readFileSync(journal(), "utf8");
    const upTo10 = JSON.parse(full) as { entries: { idx: number }[] };
    upTo10.entries = upTo10.entries.filter((e) => e.idx <= 10);
    writeFileSync(journal(), JSON.stringify(upTo10));
    const open = async () => {
      if (!process.env.TEST_DATABASE_URL) return openPglite(undefined, folder);
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL, "portal_unicos");
      drop = created.drop;
      return openPostgres(created.url, folder, 2);
    };
    database = await open();
    await database.migrate();
    const db = database.db;

    // Raw SQL: the schema of today has columns these older migrations do not.
    const [a, b] = await queryRows<{ id: string }>(
      db,
      sql`insert into portaria_web_condominios (nome, cnpj) values ('Solar das Flores', '11222333000181'), ('solar  das flores', '11222333000181') returning id`,
    );
    const [u] = await db.insert(unidades).values({ condominio_id: a!.id, numero_unidade: "1" }).returning();
    const [m1, m2] = await db
      .insert(moradores)
      .values([
        { unidade_id: u!.id, nome_completo: "Um", tipo_morador: "outro", cpf: "52998224725" },
        { unidade_id: u!.id, nome_completo: "Dois", tipo_morador: "outro", cpf: "52998224725" },
      ])
      .returning();
    await db.execute(
      sql`insert into portaria_web_veiculos (morador_id, unidade_id, placa, tipo_veiculo) values (${m1!.id}, ${u!.id}, 'ABC1234', 'carro'), (${m2!.id}, ${u!.id}, 'ABC1234', 'moto')`,
    );

    writeFileSync(journal(), full);
    await database.migrate(); // 0011 with the duplicates: no failure
    const indexes = ["condominios_cnpj_unique", "condominios_nome_unique", "moradores_unidade_cpf_unique", "veiculos_condominio_placa_unique"];
    for (const index of indexes) expect(await exists(db, index), index).toBe(false);
    const [car] = await queryRows<{ condominio_id: string }>(db, sql`select condominio_id from portaria_web_veiculos limit 1`);
    expect(car!.condominio_id).toBe(a!.id); // the new column was filled from the units

    const warnings = await createPendingUniqueIndexes(db); // what every start does
    expect(warnings).toHaveLength(4);
    expect(warnings.join("\n")).toContain("condominios_cnpj_unique");
    expect(warnings.join("\n")).toContain(b!.id);
    expect(warnings.join("\n")).toContain("placa ABC1234");
    expect(warnings.join("\n")).not.toContain("52998224725"); // no CPF in the logs

    // The operator resolves two of them: those two indexes come at the next start, the others wait.
    await db.update(condominios).set({ nome: "Solar das Flores II", cnpj: null }).where(eq(condominios.id, b!.id));
    await db.update(moradores).set({ cpf: null }).where(eq(moradores.id, m2!.id));
    expect(await createPendingUniqueIndexes(db)).toHaveLength(1);
    for (const index of indexes.slice(0, 3)) expect(await exists(db, index), index).toBe(true);
    await db.delete(veiculos).where(eq(veiculos.morador_id, m2!.id));
    expect(await createPendingUniqueIndexes(db)).toEqual([]);
    expect(await exists(db, "veiculos_condominio_placa_unique")).toBe(true);
  });
});
