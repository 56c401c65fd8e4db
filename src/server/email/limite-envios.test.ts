import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { today } from "@shared/time";
import { condominios, filaEmails, moradores, unidades, usuarios } from "../db/schema";
import { createTestApp, request, testConfig, userWithPermissions, type TestApp } from "../testing/harness";

// E-mails a signed-in user makes the portal send are limited like the recovery e-mails
// (email/limite-envios.ts): a visitor's invitation per user and per authorisation, a new user's
// e-mail per creating user; over the limit, the catalogue's 429 and nothing queued or written.

const POR_USUARIO = 5;
const POR_AUTORIZACAO = 3;
let t: TestApp;
let gestor = "";
const ids = { condominio: "", unidade: "", morador: "" };

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      ...testConfig().rateLimits,
      emailsPorUsuario: { window: 3600, max: POR_USUARIO },
      emailsPorAutorizacao: { window: 3600, max: POR_AUTORIZACAO },
    },
  });
  const db = t.database.db;
  const [c] = await db.insert(condominios).values({ nome: "Residencial Convites" }).returning();
  const [u] = await db.insert(unidades).values({ condominio_id: c!.id, bloco: "A", numero_unidade: "101" }).returning();
  const [m] = await db.insert(moradores).values({ unidade_id: u!.id, nome_completo: "Ana Moradora", tipo_morador: "proprietario" }).returning();
  Object.assign(ids, { condominio: c!.id, unidade: u!.id, morador: m!.id });
  gestor = (await userWithPermissions(t, "gestor-convites@teste.local", ["registrar_acesso_visitante", "gerenciar_usuarios_portaria"])).cookie;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from portal_limites_tentativas`);
});

async function autorizacao(email: string): Promise<string> {
  const created = await request(t, "POST", "/api/visitantes", {
    cookie: gestor,
    payload: {
      condominio_id: ids.condominio,
      unidade_id: ids.unidade,
      morador_id: ids.morador,
      nome_visitante: "Visita",
      email,
      tipo: "unica",
      valido_de: today(),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}
const enviar = (id: string) => request(t, "POST", `/api/visitantes/${id}/enviar-email`, { cookie: gestor });
const queuedTo = async (email: string) => Number((await t.database.db.select({ n: count() }).from(filaEmails).where(eq(filaEmails.destinatario, email)))[0]!.n);

const RATE_LIMITED = { code: "RATE_LIMITED", title: "Muitas tentativas", message: "Muitas tentativas em pouco tempo. Aguarde um instante e tente novamente." };

describe("'Enviar por email' of a pre-authorisation", () => {
  it("sends at most the authorisation's limit, then answers the catalogue's 429", async () => {
    const id = await autorizacao("convidado-1@exemplo.com.br");
    for (let i = 0; i < POR_AUTORIZACAO; i++) expect((await enviar(id)).statusCode).toBe(200);
    const refused = await enviar(id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject(RATE_LIMITED);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(60);
    expect(await queuedTo("convidado-1@exemplo.com.br")).toBe(POR_AUTORIZACAO);
    // Another authorisation of the same user: its own count, up to the user's limit.
    const other = await autorizacao("convidado-2@exemplo.com.br");
    for (let i = 0; i < POR_USUARIO - POR_AUTORIZACAO; i++) expect((await enviar(other)).statusCode).toBe(200);
    expect((await enviar(other)).statusCode).toBe(429);
    expect(await queuedTo("convidado-2@exemplo.com.br")).toBe(POR_USUARIO - POR_AUTORIZACAO);
  });

  it("queues no more than the limit of 20 sends at once", async () => {
    const id = await autorizacao("rajada@exemplo.com.br");
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => enviar(id)))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(POR_AUTORIZACAO);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - POR_AUTORIZACAO);
    expect(await queuedTo("rajada@exemplo.com.br")).toBe(POR_AUTORIZACAO);
  });
});

describe("a new user's e-mail", () => {
  const novo = (n: number) => ({ nome_completo: `Porteira ${n}`, email: `porteira-convite-${n}@teste.local`, senha: "Portaria#Sentinela-2026" });

  it("is limited per creating user: over it, 429 and no user created", async () => {
    for (let n = 0; n < POR_USUARIO; n++) {
      const created = await request(t, "POST", "/api/usuarios", { cookie: gestor, payload: novo(n) });
      expect(created.statusCode, created.body).toBe(201);
    }
    const refused = await request(t, "POST", "/api/usuarios", { cookie: gestor, payload: novo(99) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject(RATE_LIMITED);
    expect(
      await t.database.db
        .select()
        .from(usuarios)
        .where(eq(usuarios.email, novo(99).email)),
    ).toHaveLength(0);
    expect(await queuedTo(novo(99).email)).toBe(0);
  });

  it("does not spend the limit on a refused creation", async () => {
    const duplicate = novo(0);
    for (let i = 0; i < POR_USUARIO + 2; i++) expect((await request(t, "POST", "/api/usuarios", { cookie: gestor, payload: duplicate })).statusCode).toBe(409);
    const created = await request(t, "POST", "/api/usuarios", { cookie: gestor, payload: novo(50) });
    expect(created.statusCode, created.body).toBe(201);
  });
});
