import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, grupoPermissoes, moradores, session, unidades, usuarios } from "./db/schema";
import { ADMIN, createTestApp, request, signIn, userWithPermissions, type TestApp } from "./testing/harness";
import { TtlCache } from "./cache";

// The per-instance caches (docs/decisions/0159-caches-de-curta-duracao.md): a change made on another
// instance (here: straight in the database) is seen within the TTL, or at once when it is about
// access (the database announces it: migration 0009, src/server/revocation.ts); a change made
// through this instance's API is seen at the next request.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("TtlCache", () => {
  const clock = () => {
    let now = 1_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it("forgets an entry after the TTL, or at the session's own expiry when that comes first", () => {
    const c = clock();
    const cache = new TtlCache<string>({ ttlMs: 5_000, maxEntries: 10 }, c.now);
    cache.set("a", "A", cache.ticket());
    cache.set("b", "B", cache.ticket(), c.now() + 1_000);
    c.advance(999);
    expect([cache.get("a"), cache.get("b")]).toEqual(["A", "B"]);
    c.advance(1);
    expect([cache.get("a"), cache.get("b")]).toEqual(["A", undefined]);
    c.advance(4_000);
    expect(cache.get("a")).toBeUndefined();
  });

  it("does not store an answer looked up before a clear()", () => {
    const cache = new TtlCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    const ticket = cache.ticket();
    cache.clear();
    cache.set("a", "stale", ticket);
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", "fresh", cache.ticket());
    expect(cache.get("a")).toBe("fresh");
  });

  it("keeps at most maxEntries, dropping the oldest", () => {
    const cache = new TtlCache<number>({ ttlMs: 5_000, maxEntries: 3 });
    for (let i = 0; i < 5; i++) cache.set(`k${i}`, i, cache.ticket());
    expect(cache.size).toBe(3);
    expect(["k0", "k1", "k2", "k3", "k4"].map((k) => cache.get(k))).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it("shares one load between concurrent misses, and does not keep a load that a clear() overtook", async () => {
    const cache = new TtlCache<number>({ ttlMs: 5_000, maxEntries: 3 });
    let loads = 0;
    let release: (n: number) => void = () => undefined;
    const load = () => {
      loads++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const both = Promise.all([cache.getOrLoad("k", load), cache.getOrLoad("k", load)]);
    release(1);
    expect(await both).toEqual([1, 1]);
    expect(loads).toBe(1);
    expect(await cache.getOrLoad("k", load)).toBe(1);

    cache.clear();
    const stale = cache.getOrLoad("k", load);
    cache.clear();
    release(2);
    expect(await stale).toBe(2);
    const fresh = cache.getOrLoad("k", load);
    release(3);
    expect(await fresh).toBe(3);
    expect(loads).toBe(3);
  });

  it("stores nothing with a TTL of 0", () => {
    const cache = new TtlCache<number>({ ttlMs: 0, maxEntries: 3 });
    cache.set("a", 1, cache.ticket());
    expect(cache.get("a")).toBeUndefined();
  });
});

describe("a change made on another instance (straight in the database)", () => {
  const TTL = 200;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ cacheTtlMs: TTL });
  });
  afterAll(() => t.close());

  it("the painel and the unit list count a unit added elsewhere once the TTL has passed", async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const counts = async () => [
      (await request(t, "GET", "/api/painel?condominio_id=todos", { cookie: admin })).json().unidades_ativas as number,
      (await request(t, "GET", "/api/unidades?condominio_id=todos&limit=1", { cookie: admin })).json().total as number,
    ];
    const [painel, lista] = await counts();
    const [condominio] = await t.database.db.insert(condominios).values({ nome: "Residencial Outra Instância" }).returning();
    await t.database.db.insert(unidades).values({ condominio_id: condominio!.id, numero_unidade: "1" });
    await sleep(TTL + 100);
    expect(await counts()).toEqual([painel! + 1, lista! + 1]);
  });
});

describe("a change about access made elsewhere (straight in the database) is announced by it", () => {
  // Sessions live a whole minute in memory here: only the database's announcement (migration 0009,
  // src/server/revocation.ts) explains a change seen at once. It travels on its own connection with
  // PostgreSQL, so it is awaited for a short moment, far below the TTL.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ cacheTtlMs: 60_000 });
  });
  afterAll(() => t.close());

  async function eventually(read: () => Promise<number>, expected: number) {
    const deadline = Date.now() + 2_000;
    let last = await read();
    while (last !== expected && Date.now() < deadline) {
      await sleep(10);
      last = await read();
    }
    expect(last).toBe(expected);
  }

  it("a permission removed from the user's group stops working at once (the database announces it)", async () => {
    const user = await userWithPermissions(t, "outra-instancia-perm@teste.local", ["visualizar_unidades"]);
    expect((await request(t, "GET", "/api/unidades", { cookie: user.cookie })).statusCode).toBe(200);
    await t.database.db.delete(grupoPermissoes).where(eq(grupoPermissoes.grupo_id, user.grupoId));
    await eventually(async () => (await request(t, "GET", "/api/unidades", { cookie: user.cookie })).statusCode, 403);
  });

  it("a deactivated account loses its sessions at once (the database announces it)", async () => {
    const user = await userWithPermissions(t, "outra-instancia-status@teste.local", ["visualizar_unidades"]);
    expect((await request(t, "GET", "/api/me", { cookie: user.cookie })).statusCode).toBe(200);
    await t.database.db.update(usuarios).set({ status: "inativo" }).where(eq(usuarios.id, user.usuarioId));
    await eventually(async () => (await request(t, "GET", "/api/me", { cookie: user.cookie })).statusCode, 401);
    expect(await t.database.db.select().from(session).where(eq(session.userId, user.authUserId))).toEqual([]);
  });

  it("a session deleted elsewhere ends at once", async () => {
    const user = await userWithPermissions(t, "outra-instancia-sessao@teste.local", ["visualizar_unidades"]);
    expect((await request(t, "GET", "/api/me", { cookie: user.cookie })).statusCode).toBe(200);
    await t.database.db.delete(session).where(eq(session.userId, user.authUserId));
    await eventually(async () => (await request(t, "GET", "/api/me", { cookie: user.cookie })).statusCode, 401);
  });
});

describe("a change made through this instance's API", () => {
  // A TTL far longer than the test: only the flush after a write can explain an immediate effect.
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ cacheTtlMs: 60_000 });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  // A unit inserted straight in the database stands for another instance's change that is not
  // about access (those are announced at once, above): the counts keep answering from memory.
  const counts = async () => [
    (await request(t, "GET", "/api/painel?condominio_id=todos", { cookie: admin })).json().unidades_ativas as number,
    (await request(t, "GET", "/api/unidades?condominio_id=todos&limit=1", { cookie: admin })).json().total as number,
  ];
  async function unitAddedElsewhere(nome: string) {
    const [condominio] = await t.database.db.insert(condominios).values({ nome }).returning();
    await t.database.db.insert(unidades).values({ condominio_id: condominio!.id, numero_unidade: "1" });
  }

  it("answers from memory until any state-changing request on this instance", async () => {
    const [painel, lista] = await counts();
    await unitAddedElsewhere("Residencial Memória");
    expect(await counts()).toEqual([painel, lista]);
    const write = await request(t, "POST", "/api/page-views", { cookie: admin, payload: { path: "/portaria-web" } });
    expect(write.statusCode).toBe(204);
    expect(await counts()).toEqual([painel! + 1, lista! + 1]);
  });

  it("keeps its answers through refused requests, which change nothing, and flushes at the next real write", async () => {
    const [painel, lista] = await counts();
    await unitAddedElsewhere("Residencial Recusas");
    const wrongPassword = await request(t, "POST", "/api/auth/sign-in/email", { payload: { email: ADMIN.email, password: "senha-errada-123" } });
    expect(wrongPassword.statusCode).toBe(401);
    const invalid = await request(t, "POST", "/api/unidades", { cookie: admin, payload: { numero_unidade: "" } });
    expect(invalid.statusCode).toBe(400);
    expect(await counts()).toEqual([painel, lista]);
    const write = await request(t, "POST", "/api/page-views", { cookie: admin, payload: { path: "/portaria-web" } });
    expect(write.statusCode).toBe(204);
    expect(await counts()).toEqual([painel! + 1, lista! + 1]);
  });

  it("counts at once, on the painel and in the unit list, a unit created through the API", async () => {
    const [painel, lista] = await counts();
    const [condominio] = await t.database.db.insert(condominios).values({ nome: "Residencial Desta Instância" }).returning();
    await t.database.db.insert(unidades).values({ condominio_id: condominio!.id, numero_unidade: "1" });
    expect(await counts()).toEqual([painel, lista]); // made straight in the database: not seen yet
    const created = await request(t, "POST", "/api/unidades", { cookie: admin, payload: { condominio_id: condominio!.id, numero_unidade: "2" } });
    expect(created.statusCode).toBe(201);
    expect(await counts()).toEqual([painel! + 2, lista! + 2]);
  });

  it("a gate write keeps the porteiro's session in memory (no re-read) and still refreshes the counts", async () => {
    const [condominio] = await t.database.db.insert(condominios).values({ nome: "Residencial Portaria Quente" }).returning();
    const [unidade] = await t.database.db.insert(unidades).values({ condominio_id: condominio!.id, numero_unidade: "101" }).returning();
    const [morador] = await t.database.db
      .insert(moradores)
      .values({ unidade_id: unidade!.id, nome_completo: "Célia Moradora", tipo_morador: "proprietario" })
      .returning();
    const porteiro = await userWithPermissions(t, "porteiro-quente@teste.local", ["registrar_acesso_visitante"], [condominio!.id]);
    // What an operator reads on the metrics port: lookups of the sessions cache that went to the database.
    const releituras = async () => Number(/portal_cache_consultas\{cache="sessoes",resultado="falta"\} (\d+)/.exec(await t.metrics.registry.metrics())![1]);
    expect((await request(t, "GET", "/api/me", { cookie: porteiro.cookie })).statusCode).toBe(200);
    const [painel, lista] = await counts(); // the administrator's session is in memory too, now
    const antes = await releituras();

    await unitAddedElsewhere("Residencial Conta Depois da Portaria");
    for (const url of ["/api/controle-acesso/entrada", "/api/controle-acesso/saida"]) {
      const gate = await request(t, "POST", url, {
        cookie: porteiro.cookie,
        payload: { condominio_id: condominio!.id, pessoa: { tipo: "morador", morador_id: morador!.id } },
      });
      expect(gate.statusCode, gate.body).toBe(201);
      expect((await request(t, "GET", "/api/me", { cookie: porteiro.cookie })).statusCode).toBe(200);
    }
    // The counts are not about sessions: they empty after a gate write as after any other.
    expect(await counts()).toEqual([painel! + 1, lista! + 1]);
    expect(await releituras()).toBe(antes);

    // Any other write empties the sessions too: the next request reads the session again.
    expect((await request(t, "POST", "/api/page-views", { cookie: porteiro.cookie, payload: { path: "/portaria-web" } })).statusCode).toBe(204);
    expect((await request(t, "GET", "/api/me", { cookie: porteiro.cookie })).statusCode).toBe(200);
    expect(await releituras()).toBe(antes + 1);
  });

  it("ends the session at once on sign-out", async () => {
    const user = await userWithPermissions(t, "sai-ja@teste.local", ["visualizar_unidades"]);
    expect((await request(t, "GET", "/api/unidades", { cookie: user.cookie })).statusCode).toBe(200);
    expect((await request(t, "POST", "/api/auth/sign-out", { cookie: user.cookie, payload: {} })).statusCode).toBe(200);
    expect((await request(t, "GET", "/api/unidades", { cookie: user.cookie })).statusCode).toBe(401);
  });

  it("applies at once a permission an administrator removes from the user's group", async () => {
    const user = await userWithPermissions(t, "perde-permissao@teste.local", ["visualizar_unidades"]);
    expect((await request(t, "GET", "/api/unidades", { cookie: user.cookie })).statusCode).toBe(200);
    const edit = await request(t, "PUT", `/api/grupos/${user.grupoId}`, {
      cookie: admin,
      payload: { nome_grupo: "grupo de perde-permissao@teste.local", permissao_ids: [] },
    });
    expect(edit.statusCode).toBe(200);
    const refused = await request(t, "GET", "/api/unidades", { cookie: user.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Você não tem permissão para visualizar unidades.");
  });

  it("ends the session at once when an administrator deactivates the account", async () => {
    const user = await userWithPermissions(t, "desativado@teste.local", ["visualizar_unidades"]);
    expect((await request(t, "GET", "/api/me", { cookie: user.cookie })).statusCode).toBe(200);
    const patch = await request(t, "PATCH", `/api/usuarios/${user.usuarioId}/status`, { cookie: admin, payload: { status: "inativo" } });
    expect(patch.statusCode).toBe(200);
    expect((await request(t, "GET", "/api/me", { cookie: user.cookie })).statusCode).toBe(401);
  });

  it("ends the account's other sessions at once when the password is changed", async () => {
    const user = await userWithPermissions(t, "troca-senha@teste.local", ["visualizar_unidades"]);
    const other = await signIn(t, "troca-senha@teste.local", user.password);
    expect((await request(t, "GET", "/api/me", { cookie: other })).statusCode).toBe(200);
    const novaSenha = "Girassol-Cometa-Farol-2026";
    const change = await request(t, "POST", "/api/me/senha", {
      cookie: user.cookie,
      payload: { senhaAtual: user.password, novaSenha, confirmacao: novaSenha },
    });
    expect(change.statusCode).toBe(204);
    expect((await request(t, "GET", "/api/me", { cookie: other })).statusCode).toBe(401);
    expect((await request(t, "GET", "/api/me", { cookie: user.cookie })).statusCode).toBe(200);
  });
});
