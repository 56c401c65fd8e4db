import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leiturasLongas } from "../../db/leituras-longas";
import { condominios, moradores, unidades } from "../../db/schema";
import { AppError } from "../../errors";
import { createTestApp, request, userWithPermissions } from "../../testing/harness";
import { importarRegistros, registro } from "../../testing/registros";

// Long reads must never starve the gate (issue 26): on PGlite (one connection, run in this
// process) an export of a large period and integrity checks are read a page at a time and give
// the connection back between pages. The same test runs on PostgreSQL, where they never could.

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

// Enough that, read in one go, the event loop was held for seconds (4 s for 6,000 on a busy machine).
const TOTAL = 8_000;
const ids = { condominio: "", morador: "" };
let leitor = "";
let porteiro = "";

beforeAll(async () => {
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Ano Inteiro" }).returning();
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio!.id, bloco: "A", numero_unidade: "101" }).returning();
  const [morador] = await db.insert(moradores).values({ unidade_id: unidade!.id, nome_completo: "Rita Moradora", tipo_morador: "proprietario" }).returning();
  ids.condominio = condominio!.id;
  ids.morador = morador!.id;
  // A year of records.
  const start = Date.parse("2025-01-01T12:00:00Z");
  const step = Math.floor((360 * 86_400_000) / TOTAL);
  await importarRegistros(
    db,
    Array.from({ length: TOTAL }, (_, i) => registro(condominio!.id, { nome_pessoa: `Pessoa ${i}`, registrado_em: new Date(start + i * step) })),
  );
  leitor = (await userWithPermissions(t, "leitor-ano@teste.local", ["visualizar_registros_acesso"])).cookie;
  porteiro = (await userWithPermissions(t, "porteiro-ano@teste.local", ["registrar_acesso_visitante"], [condominio!.id])).cookie;
}, 300_000);

/**
 * How long a request waits and runs, counted from when it is due (`delay` ms from now): a request
 * that arrives while the event loop is held by a long query waits as long as that query.
 */
async function timed(delay: number, work: () => Promise<{ statusCode: number; body: string }>) {
  const due = performance.now() + delay;
  await new Promise((resolve) => setTimeout(resolve, delay));
  const response = await work();
  return { ms: performance.now() - due, status: response.statusCode, body: response.body };
}

describe("long reads and the gate", () => {
  it("answers /healthz and a gate entry within a second while a year is exported and three integrity checks run", { timeout: 300_000 }, async () => {
    let running = true;
    const exporting = request(t, "GET", `/api/registros/exportar?de=2025-01-01&ate=2025-12-31&condominio_id=${ids.condominio}`, { cookie: leitor });
    const checks = [1, 2, 3].map(() =>
      request(t, "POST", "/api/registros/verificar-integridade", { cookie: leitor, payload: { condominio_id: ids.condominio } }),
    );
    const heavy = Promise.allSettled([exporting, ...checks]).finally(() => {
      running = false;
    });

    const samples: { what: string; ms: number; status: number; body: string }[] = [];
    let dentro = false;
    // Gate work for as long as the heavy reads run (at least one round, however fast they are).
    do {
      samples.push({ what: "healthz", ...(await timed(50, () => request(t, "GET", "/healthz"))) });
      const pessoa = { tipo: "morador", morador_id: ids.morador };
      const url = dentro ? "/api/controle-acesso/saida" : "/api/controle-acesso/entrada";
      samples.push({
        what: url,
        ...(await timed(10, () => request(t, "POST", url, { cookie: porteiro, payload: { condominio_id: ids.condominio, pessoa } }))),
      });
      dentro = !dentro;
    } while (running);
    await heavy;

    for (const sample of samples) expect(sample.status, `${sample.what}: ${sample.body}`).toBeLessThan(300);
    const slow = samples.filter((s) => s.ms > 1_000).map((s) => `${s.what} ${Math.round(s.ms)} ms`);
    expect(slow).toEqual([]);

    // The export is whole: every record of the year once, and the checks all answered.
    const csv = (await exporting).rawPayload.subarray(3).toString("utf8").split("\r\n").slice(1, -1);
    expect(csv).toHaveLength(TOTAL);
    expect(new Set(csv.map((line) => line.split(";")[2])).size).toBe(TOTAL);
    for (const check of checks) {
      const response = await check;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ integra: true });
      expect(response.json().verificados).toBeGreaterThanOrEqual(TOTAL);
    }
  });
});

describe("the bound on long reads (PGlite)", () => {
  it("runs a few at once, lets a few more wait their turn, and answers the next ones 503 in pt-BR", async () => {
    const app = Fastify();
    const leituras = leiturasLongas(app, "pglite", { maximo: 1, fila: 1 });
    const primeira = await leituras.entrar();
    let segundaEntrou = false;
    const segunda = leituras.entrar().then((sair) => {
      segundaEntrou = true;
      return sair;
    });
    const terceira = await leituras.entrar().catch((error: unknown) => error);
    expect(terceira).toBeInstanceOf(AppError);
    expect((terceira as AppError).toBody()).toEqual({
      error: {
        code: "BUSY",
        title: "Servidor ocupado",
        message: "Há exportações e verificações de integridade demais em andamento. Tente novamente em alguns instantes.",
      },
    });
    expect((terceira as AppError).statusCode).toBe(503);
    expect(segundaEntrou).toBe(false);
    primeira();
    primeira(); // a second release of the same slot frees nothing more
    (await segunda)();
    expect(segundaEntrou).toBe(true);
    // Both slots free again: one runs, one waits.
    const outra = await leituras.entrar();
    outra();
    await app.close();
  });

  it("on PostgreSQL, gives long reads a quarter of the pool's connections and never pauses them", async () => {
    const app = Fastify();
    const leituras = leiturasLongas(app, "postgres", { conexoes: 8, fila: 0 });
    const duas = await Promise.all([leituras.entrar(), leituras.entrar()]);
    const terceira = await leituras.entrar().catch((error: unknown) => error);
    expect((terceira as AppError).statusCode).toBe(503);
    for (const sair of duas) sair();
    const depois = await leituras.entrar();
    await leituras.pausa();
    depois();
    await app.close();
  });

  it("gives heavy reads slots of their own, refused in pt-BR beyond their queue", async () => {
    const app = Fastify();
    const leituras = leiturasLongas(app, "postgres", { pesadas: 2, filaPesadas: 1, descansoPesadas: 0 });
    // Long reads take nothing from the heavy ones.
    const longa = await leituras.entrar();
    const [a, b] = await Promise.all([leituras.pesada(), leituras.pesada()]);
    let esperou = false;
    const esperando = leituras.pesada().then((sair) => {
      esperou = true;
      return sair;
    });
    const recusada = await leituras.pesada().catch((error: unknown) => error);
    expect((recusada as AppError).toBody()).toEqual({
      error: {
        code: "BUSY",
        title: "Servidor ocupado",
        message: "Há buscas em períodos longos demais em andamento. Tente novamente em alguns instantes ou reduza o período.",
      },
    });
    expect(esperou).toBe(false);
    a();
    (await esperando)();
    expect(esperou).toBe(true);
    b();
    longa();
    await app.close();
  });
});

describe("heavy reads back to back", () => {
  it("run one at a time by default, the slot resting after each as long as the read took times the rest", async () => {
    const app = Fastify();
    const leituras = leiturasLongas(app, "postgres", { descansoPesadas: 2 });
    const primeira = await leituras.pesada();
    let segundaEm = 0;
    const segunda = leituras.pesada().then((sair) => {
      segundaEm = performance.now();
      return sair;
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const soltouEm = performance.now();
    primeira();
    const sair = await segunda;
    // It read for about 60 ms: the next one waited about 120 ms more.
    expect(segundaEm - soltouEm).toBeGreaterThanOrEqual(100);
    sair();
    // Nobody waiting: the slot is free at once, and a lone read never waits.
    const inicio = performance.now();
    (await leituras.pesada())();
    expect(performance.now() - inicio).toBeLessThan(50);
    await app.close();
  });
});

describe("the requests a page of a long read waits for (PGlite)", () => {
  it("stops counting a request whose client went away mid-work, a taken-over reply and an open stream", async () => {
    // Found by the bench (issue 27): requests that autocannon abandoned at the end of a run stayed
    // counted for ever, and every page of every later export waited its 250 ms for them.
    const app = Fastify();
    const leituras = leiturasLongas(app, "pglite");
    let soltar = () => {};
    let entrou = () => {};
    const dentro = new Promise<void>((resolve) => (entrou = resolve));
    app.post("/lenta", async () => {
      entrou();
      await new Promise<void>((resolve) => (soltar = resolve));
      return { ok: true };
    });
    app.get("/tomada", async (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { "content-type": "text/plain" });
      reply.raw.end("ok");
    });
    app.get("/fluxo", { config: { fluxoAberto: true } }, async (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { "content-type": "text/event-stream" });
      reply.raw.write(": aberto\n\n");
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const url = (path: string) => `http://127.0.0.1:${port}${path}`;

    // A write abandoned while its handler works (what autocannon does at the end of a run): the
    // client closes, then the handler answers into nothing.
    const abandonada = httpRequest(url("/lenta"), { method: "POST", headers: { "content-type": "application/json" } });
    abandonada.on("error", () => {});
    abandonada.end('{"nome":"Rita"}');
    await dentro;
    expect(leituras.emAndamento).toBe(1);
    abandonada.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    soltar();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leituras.emAndamento).toBe(0);

    // A reply the route took over and ended itself.
    expect(await (await fetch(url("/tomada"))).text()).toBe("ok");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(leituras.emAndamento).toBe(0);

    // An open stream (the realtime feed) never counts: a console left open does not slow exports.
    const controle = new AbortController();
    const fluxo = await fetch(url("/fluxo"), { signal: controle.signal });
    expect(fluxo.headers.get("content-type")).toBe("text/event-stream");
    expect(leituras.emAndamento).toBe(0);
    controle.abort();
    await app.close();
  });
});
