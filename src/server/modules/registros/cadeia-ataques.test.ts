import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VerificacaoIntegridade } from "@shared/schemas/registros";
import { buildApp } from "../../app";
import { openPostgres, queryRows, type Database, type Db } from "../../db/client";
import { condominios, moradores, unidades } from "../../db/schema";
import { seed } from "../../seed";
import { createMailer } from "../../email/mailer";
import { pgErrorCode } from "../../errors";
import { createTestApp, request, testConfig, userWithPermissions, type TestApp } from "../../testing/harness";
import { verificarTodasAsCadeias } from "./integridade";
import { anonimizarRegistrosAntigos } from "./retencao";
import { gravarCheckpoints } from "./selos";

// 'Verificar integridade' against whoever holds the application's database credentials (issue
// 26). On PostgreSQL the portal runs as a role that may only insert and read the records (the
// owner runs the migrations): its attacks are refused by the database, and the same attacks by
// the owner are found. On PGlite the application's connection can do anything: its attacks are
// found, by the seals (a key outside the database) and the checkpoints (outside the database).

const checkpointDir = mkdtempSync(join(tmpdir(), "portal-checkpoints-"));
const postgresUrl = process.env.TEST_DATABASE_URL;

interface Ambiente {
  t: TestApp;
  /** Runs SQL as the application's database role (PGlite: the application's own connection). */
  comoApp(statement: string): Promise<unknown>;
  /** Runs SQL as the tables' owner (PGlite: the same connection). */
  comoDono(statement: string): Promise<unknown>;
  fechar(): Promise<void>;
}

/** PostgreSQL with two roles, created in this test's own database, as docs/operations.md describes. */
async function doisPapeis(url: string): Promise<Ambiente> {
  const sufixo = `${Date.now()}_${randomBytes(3).toString("hex")}`;
  const [dono, app, banco] = [`portal_dono_${sufixo}`, `portal_app_${sufixo}`, `portal_papeis_${sufixo}`];
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create role ${dono} login`);
  await admin.query(`create role ${app} login`);
  await admin.query(`create database ${banco} owner ${dono}`);
  const urlDe = (role: string) => {
    const u = new URL(url);
    u.username = role;
    u.password = "";
    u.pathname = `/${banco}`;
    return u.toString();
  };
  const database: Database = await openPostgres(urlDe(app), undefined, 5, urlDe(dono));
  await database.migrate();
  const config = testConfig({ checkpointDir });
  const portal = await buildApp(config, { database, mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, log: () => undefined }) });
  await seed(database.db, portal.auth, { email: config.adminEmail, password: config.adminPassword });
  await portal.app.ready();
  const clientes = { app: new pg.Client({ connectionString: urlDe(app) }), dono: new pg.Client({ connectionString: urlDe(dono) }) };
  await clientes.app.connect();
  await clientes.dono.connect();
  const t: TestApp = { ...portal, database, close: async () => undefined };
  return {
    t,
    comoApp: (statement) => clientes.app.query(statement),
    comoDono: (statement) => clientes.dono.query(statement),
    async fechar() {
      await clientes.app.end();
      await clientes.dono.end();
      await portal.app.close();
      await database.close();
      await admin.query(`drop database if exists ${banco} with (force)`);
      await admin.query(`drop role ${app}`);
      await admin.query(`drop role ${dono}`);
      await admin.end();
    },
  };
}

async function umPapel(): Promise<Ambiente> {
  const t = await createTestApp({ checkpointDir });
  const run = (statement: string) => t.database.db.execute(sql.raw(statement));
  return { t, comoApp: run, comoDono: run, fechar: () => t.close() };
}

const amb = postgresUrl ? await doisPapeis(postgresUrl) : await umPapel();
const { t } = amb;
const db: Db = t.database.db;
afterAll(async () => {
  await amb.fechar();
  rmSync(checkpointDir, { recursive: true, force: true });
});

let leitor = "";
let porteiro = "";
const morador = { id: "" };

beforeAll(async () => {
  leitor = (await userWithPermissions(t, "auditor@teste.local", ["visualizar_registros_acesso"])).cookie;
});

/** A condominium with `n` records made at the gate (entries and exits of one resident), sealed one by one. */
async function condominioComRegistros(nome: string, n: number): Promise<string> {
  const [condominio] = await db.insert(condominios).values({ nome }).returning();
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio!.id, bloco: "A", numero_unidade: "1" }).returning();
  const [m] = await db
    .insert(moradores)
    .values({ unidade_id: unidade!.id, nome_completo: `Morador de ${nome}`, tipo_morador: "proprietario" })
    .returning();
  morador.id = m!.id;
  porteiro = (await userWithPermissions(t, `porteiro-${randomBytes(3).toString("hex")}@teste.local`, ["registrar_acesso_visitante"], [condominio!.id])).cookie;
  for (let i = 0; i < n; i++) {
    const url = i % 2 === 0 ? "/api/controle-acesso/entrada" : "/api/controle-acesso/saida";
    const response = await request(t, "POST", url, {
      cookie: porteiro,
      payload: { condominio_id: condominio!.id, pessoa: { tipo: "morador", morador_id: m!.id } },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  return condominio!.id;
}

const verificar = async (condominioId: string) => {
  const response = await request(t, "POST", "/api/registros/verificar-integridade", { cookie: leitor, payload: { condominio_id: condominioId } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VerificacaoIntegridade;
};

/** The error a statement fails with, or null when it ran. */
const falha = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

const seqs = async (condominioId: string) =>
  (await queryRows<{ seq: string }>(db, sql`select seq from portaria_web_registros_acesso where condominio_id = ${condominioId} order by seq`)).map((r) =>
    Number(r.seq),
  );

/**
 * The careful attacker: triggers off, one record rewritten, every hash after it recomputed with
 * the database's own functions, the head moved, triggers on. Throws where the role may not.
 */
async function reescrever(como: (statement: string) => Promise<unknown>, condominioId: string, seq: number) {
  const c = `'${condominioId}'`;
  await como("alter table portaria_web_registros_acesso disable trigger user");
  await como(`update portaria_web_registros_acesso set resultado = 'negado', motivo = 'Nunca entrou' where condominio_id = ${c} and seq = ${seq}`);
  const ultimo = Math.max(...(await seqs(condominioId)));
  for (let s = seq; s <= ultimo; s++) {
    await como(`update portaria_web_registros_acesso r set hash_anterior = coalesce((select p.hash from portaria_web_registros_acesso p where p.condominio_id = r.condominio_id and p.seq = r.seq - 1), '')
      where condominio_id = ${c} and seq = ${s}`);
    await como(`update portaria_web_registros_acesso r set hash = portaria_web_registro_hash(r) where condominio_id = ${c} and seq = ${s}`);
  }
  await como(
    `update portaria_web_registros_cadeia set ultimo_hash = (select hash from portaria_web_registros_acesso where condominio_id = ${c} and seq = ${ultimo}) where condominio_id = ${c}`,
  );
  await como("alter table portaria_web_registros_acesso enable trigger user");
}

/** Removes the last `n` records (and their seals), and moves the head back. */
async function apagarFim(como: (statement: string) => Promise<unknown>, condominioId: string, n: number) {
  const c = `'${condominioId}'`;
  const ultimo = Math.max(...(await seqs(condominioId)));
  const fica = ultimo - n;
  for (const table of ["portaria_web_registros_acesso", "portaria_web_registros_selos", "portaria_web_registros_cadeia", "portaria_web_presencas"])
    await como(`alter table ${table} disable trigger user`);
  await como(`delete from portaria_web_presencas where condominio_id = ${c}`);
  await como(`delete from portaria_web_registros_selos where condominio_id = ${c} and seq > ${fica}`);
  await como(`delete from portaria_web_registros_acesso where condominio_id = ${c} and seq > ${fica}`);
  await como(
    `update portaria_web_registros_cadeia set ultimo_seq = ${fica}, ultimo_hash = (select hash from portaria_web_registros_acesso where condominio_id = ${c} and seq = ${fica}) where condominio_id = ${c}`,
  );
  for (const table of ["portaria_web_registros_acesso", "portaria_web_registros_selos", "portaria_web_registros_cadeia", "portaria_web_presencas"])
    await como(`alter table ${table} enable trigger user`);
}

async function esvaziar(como: (statement: string) => Promise<unknown>) {
  await como("truncate portaria_web_presencas, portaria_web_registros_acesso, portaria_web_registros_selos, portaria_web_registros_cadeia cascade");
}

describe("the application's database role", () => {
  it("may not update, delete, disable the triggers of or truncate the records, their seals or the chain head (PostgreSQL); on PGlite it is the owner", async () => {
    const condominioId = await condominioComRegistros("Residencial Papéis", 2);
    const c = `'${condominioId}'`;
    const ataques = [
      `update portaria_web_registros_acesso set resultado = 'negado', motivo = 'x' where condominio_id = ${c}`,
      `delete from portaria_web_registros_acesso where condominio_id = ${c}`,
      "alter table portaria_web_registros_acesso disable trigger user",
      "truncate portaria_web_registros_acesso cascade",
      `delete from portaria_web_registros_selos where condominio_id = ${c}`,
      "alter table portaria_web_registros_selos disable trigger user",
      // The head has no trigger of its own: on PostgreSQL only the chaining trigger (its owner's rights) writes it.
      ...(t.database.kind === "postgres" ? [`update portaria_web_registros_cadeia set ultimo_seq = 1 where condominio_id = ${c}`] : []),
    ];
    for (const ataque of ataques) {
      const error = await falha(amb.comoApp(ataque));
      if (t.database.kind === "postgres") expect(pgErrorCode(error), ataque).toBe("42501"); // insufficient privilege / must be owner
      if (!error) await amb.comoApp(ataque.replace("disable trigger", "enable trigger")); // PGlite: undo the one that ran
    }
    // Blanking the personal data is the one update it may try, and the append-only trigger refuses it outside the retention job.
    expect(pgErrorCode(await falha(amb.comoApp(`update portaria_web_registros_acesso set nome_pessoa = 'Outro' where condominio_id = ${c}`))), "nome").toBe(
      "P0001",
    );
    expect(await seqs(condominioId)).toEqual([1, 2]);
    expect((await verificar(condominioId)).mensagem).toBe("Registros íntegros: 2 verificados.");
  });
});

describe("'Verificar integridade' against an attacker with the database's credentials", () => {
  it("finds a record rewritten with every hash after it recomputed (the seals are keyed outside the database)", async () => {
    const condominioId = await condominioComRegistros("Residencial Reescrito", 5);
    // The application's role: refused by PostgreSQL; on PGlite it runs, and is found.
    const comoApp = await falha(reescrever(amb.comoApp, condominioId, 3));
    if (t.database.kind === "postgres") {
      expect(pgErrorCode(comoApp)).toBe("42501");
      expect((await verificar(condominioId)).integra).toBe(true);
      // The owner (a DBA, the migrations' credentials) can: found all the same.
      await reescrever(amb.comoDono, condominioId, 3);
    } else expect(comoApp).toBeNull();
    const result = await verificar(condominioId);
    expect(result).toMatchObject({ integra: false, verificados: 2 });
    expect(result.mensagem).toMatch(/^Registro alterado ou removido: \d\d\/\d\d\/\d{4} \d\d:\d\d, Morador de Residencial Reescrito\.$/);
  });

  it("finds the last records removed and the head moved back, against the checkpoint kept outside the database", async () => {
    const condominioId = await condominioComRegistros("Residencial Sem Final", 5);
    expect(await gravarCheckpoints(db, t.cadeia, [condominioId])).toBe(1);
    if (t.database.kind === "postgres") {
      expect(pgErrorCode(await falha(apagarFim(amb.comoApp, condominioId, 2)))).toBe("42501");
      expect((await verificar(condominioId)).integra).toBe(true);
      await apagarFim(amb.comoDono, condominioId, 2);
    } else await apagarFim(amb.comoApp, condominioId, 2);
    expect(await seqs(condominioId)).toEqual([1, 2, 3]);
    // The chain that is left is whole and sealed: only the checkpoint knows it was longer.
    const result = await verificar(condominioId);
    expect(result).toMatchObject({ integra: false, verificados: 3 });
    expect(result.mensagem).toMatch(/^Registro alterado ou removido: \d\d\/\d\d\/\d{4} \d\d:\d\d, registros nº 4 a 5 ausentes\.$/);
    // And a new checkpoint does not paper over it.
    expect(await gravarCheckpoints(db, t.cadeia, [condominioId])).toBe(0);
    expect((await verificar(condominioId)).integra).toBe(false);
  });

  it("finds a record inserted straight into the table (it has no seal)", async () => {
    const condominioId = await condominioComRegistros("Residencial Inventado", 2);
    await amb.comoApp(
      `insert into portaria_web_registros_acesso (condominio_id, tipo_pessoa, nome_pessoa, sentido, resultado, metodo) values ('${condominioId}', 'visitante', 'Visita Inventada', 'entrada', 'liberado', 'manual')`,
    );
    const result = await verificar(condominioId);
    expect(result).toMatchObject({ integra: false, verificados: 2 });
    expect(result.mensagem).toMatch(/, Visita Inventada\.$/);
  });

  it("keeps verifying after the retention job anonymised records (a documented operation the chain is built for)", async () => {
    const condominioId = await condominioComRegistros("Residencial Antigo", 3);
    await db
      .update(condominios)
      .set({ retencao_anos: 1 })
      .where(sql`id = ${condominioId}`);
    const daquiADoisAnos = new Date(Date.now() + 2 * 366 * 86_400_000);
    expect(await anonimizarRegistrosAntigos(db, daquiADoisAnos)).toBeGreaterThanOrEqual(3);
    expect((await verificar(condominioId)).mensagem).toBe("Registros íntegros: 3 verificados.");
  });

  it("finds a record passed off as anonymised with another name (anonymisation only blanks)", async () => {
    const condominioId = await condominioComRegistros("Residencial Disfarce", 3);
    const c = `'${condominioId}'`;
    const trocar = async (como: (statement: string) => Promise<unknown>) => {
      await como("alter table portaria_web_registros_acesso disable trigger user");
      await como(`update portaria_web_registros_acesso set nome_pessoa = 'Outra Pessoa', anonimizado_em = now() where condominio_id = ${c} and seq = 2`);
      await como("alter table portaria_web_registros_acesso enable trigger user");
    };
    if (t.database.kind === "postgres") {
      expect(pgErrorCode(await falha(trocar(amb.comoApp)))).toBe("42501");
      await trocar(amb.comoDono);
    } else await trocar(amb.comoApp);
    const result = await verificar(condominioId);
    expect(result).toMatchObject({ integra: false, verificados: 1 });
    expect(result.mensagem).toMatch(/, Outra Pessoa\.$/);
  });

  it("finds the whole table emptied, and a check of every chain (as after a restore) says which", async () => {
    const condominioId = await condominioComRegistros("Residencial Esvaziado", 4);
    expect(await gravarCheckpoints(db, t.cadeia, [condominioId])).toBe(1);
    if (t.database.kind === "postgres") {
      expect(pgErrorCode(await falha(esvaziar(amb.comoApp)))).toBe("42501");
      expect((await verificar(condominioId)).integra).toBe(true);
      await amb.comoDono("alter table portaria_web_registros_acesso disable trigger user");
      await amb.comoDono("alter table portaria_web_registros_selos disable trigger user");
      await amb.comoDono("alter table portaria_web_registros_cadeia disable trigger user");
      await esvaziar(amb.comoDono);
    } else {
      for (const table of ["portaria_web_registros_acesso", "portaria_web_registros_selos", "portaria_web_registros_cadeia"])
        await amb.comoApp(`alter table ${table} disable trigger user`);
      await esvaziar(amb.comoApp);
    }
    const result = await verificar(condominioId);
    expect(result).toMatchObject({ integra: false, verificados: 0 });
    expect(result.mensagem).toMatch(/^Registro alterado ou removido: \d\d\/\d\d\/\d{4} \d\d:\d\d, registros nº 1 a 4 ausentes\.$/);
    const todas = await verificarTodasAsCadeias(db, t.cadeia);
    expect(todas.quebradas.map((q) => q.nome)).toContain("Residencial Esvaziado");
  });
});
