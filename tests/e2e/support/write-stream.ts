import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../../src/server/db/client";
import type { ApiClient } from "./process";

// A stream of registry writes through the API, a few at a time, recording when each one started
// and when (if ever) it was acknowledged with a 2xx. Each worker runs one chain after another:
// condominium -> unit -> resident -> vehicle -> rename of the condominium; every step waits for
// the previous answer, so any consistent state of the database (after a crash, or in a backup)
// holds, for each worker, a prefix of its steps.

type Kind = "condominio" | "unidade" | "morador" | "veiculo" | "rename";

export interface Step {
  worker: number;
  index: number;
  kind: Kind;
  chain: number;
  startedAt: number;
  ackedAt?: number;
  id?: string;
}

export function names(tag: string, n: number) {
  return {
    condominio: `Condomínio ${tag} ${n}`,
    renamed: `Condomínio ${tag} ${n} (editado)`,
    unidade: `${tag}-${n}`,
    morador: `Morador ${tag} ${n}`,
    placa: `${tag.slice(0, 3).toUpperCase().padEnd(3, "X")}${String(n).padStart(4, "0")}`,
  };
}

export function startWriteStream(api: ApiClient, { workers, tag }: { workers: number; tag: string }) {
  const steps: Step[] = [];
  const unexpected: string[] = [];
  let failed = 0; // requests that got no answer (the server went away)
  let stopped = false;
  let nextChain = 0;

  async function step(worker: number, kind: Kind, chain: number, method: string, path: string, body: unknown): Promise<Step | null> {
    const record: Step = { worker, index: steps.filter((s) => s.worker === worker).length, kind, chain, startedAt: performance.now() };
    steps.push(record);
    let response: Awaited<ReturnType<ApiClient["call"]>>;
    try {
      response = await api.call(method, path, body);
    } catch {
      failed++;
      return null;
    }
    if (response.status < 200 || response.status > 299) {
      unexpected.push(`${method} ${path} -> ${response.status} ${JSON.stringify(response.body)}`);
      return null;
    }
    record.ackedAt = performance.now();
    record.id = (response.body as { id?: string }).id;
    return record;
  }

  async function worker(w: number) {
    while (!stopped) {
      const n = nextChain++;
      const name = names(tag, n);
      const condominio = await step(w, "condominio", n, "POST", "/api/condominios", { nome: name.condominio });
      if (!condominio) return;
      const unidade = await step(w, "unidade", n, "POST", "/api/unidades", { condominio_id: condominio.id, numero_unidade: name.unidade });
      if (!unidade) return;
      const morador = await step(w, "morador", n, "POST", `/api/unidades/${unidade.id}/moradores`, {
        nome_completo: name.morador,
        tipo_morador: "proprietario",
      });
      if (!morador) return;
      if (!(await step(w, "veiculo", n, "POST", `/api/moradores/${morador.id}/veiculos`, { placa: name.placa, tipo_veiculo: "carro" }))) return;
      if (!(await step(w, "rename", n, "PUT", `/api/condominios/${condominio.id}`, { nome: name.renamed }))) return;
    }
  }

  const running = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  const acked = () => steps.filter((s) => s.ackedAt !== undefined).length;
  return {
    tag,
    steps,
    unexpected,
    failed: () => failed,
    acked,
    async waitForAcks(count: number, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (acked() < count) {
        if (Date.now() > deadline || unexpected.length) throw new Error(`the write stream stalled: ${acked()} acks; ${unexpected.join("; ")}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Ends after each worker's current request (or when they all failed). */
    async stop() {
      stopped = true;
      await running;
    },
    finished: running,
  };
}

export type WriteStream = ReturnType<typeof startWriteStream>;

/** Every acknowledged write is readable through the API, with the value last acknowledged. */
export async function expectAckedReadable(api: ApiClient, stream: WriteStream) {
  const chains = new Map<number, Partial<Record<Kind, Step>>>();
  for (const s of stream.steps) chains.set(s.chain, { ...chains.get(s.chain), [s.kind]: s });
  let checked = 0;
  for (const [n, chain] of chains) {
    const name = names(stream.tag, n);
    if (chain.condominio?.ackedAt === undefined) continue;
    const condominio = await api.call("GET", `/api/condominios/${chain.condominio.id}`);
    expect(condominio.status).toBe(200);
    const nome = (condominio.body as { nome: string }).nome;
    if (chain.rename?.ackedAt !== undefined) expect(nome).toBe(name.renamed);
    else if (!chain.rename) expect(nome).toBe(name.condominio);
    else expect([name.condominio, name.renamed]).toContain(nome); // the rename was in flight
    checked++;
    if (chain.unidade?.ackedAt === undefined) continue;
    const unidade = await api.call("GET", `/api/unidades/${chain.unidade.id}`);
    expect(unidade.status).toBe(200);
    expect(unidade.body).toMatchObject({ numero_unidade: name.unidade, condominio_id: chain.condominio.id });
    checked++;
    if (chain.morador?.ackedAt === undefined) continue;
    const moradores = await api.call("GET", `/api/unidades/${chain.unidade.id}/moradores`);
    expect(moradores.status).toBe(200);
    const morador = (moradores.body as { rows: { id: string; nome_completo: string; veiculos: { id: string; placa: string }[] }[] }).rows.find(
      (m) => m.id === chain.morador!.id,
    );
    expect(morador?.nome_completo).toBe(name.morador);
    checked++;
    if (chain.veiculo?.ackedAt !== undefined) {
      expect(morador!.veiculos.map((v) => v.id)).toContain(chain.veiculo.id);
      checked++;
    }
  }
  return checked;
}

async function column(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  const result = (await db.execute(query)) as unknown as { rows: { v: string }[] };
  return result.rows.map((r) => r.v);
}

/**
 * Compares a database (recovered after a crash, or restored from a backup) with the stream:
 * each worker's steps found there form a prefix of its steps (a consistent point); every step
 * acknowledged before `ackedBefore` is there; none started after `startedBefore` is; and the
 * four tables hold exactly the rows those steps explain.
 */
export async function expectConsistentPoint(db: Db, stream: WriteStream, { ackedBefore = Infinity, startedBefore = Infinity } = {}) {
  const condominios = new Set(await column(db, sql`select nome as v from portaria_web_condominios`));
  const unidades = new Set(await column(db, sql`select numero_unidade as v from portaria_web_unidades`));
  const moradores = new Set(await column(db, sql`select nome_completo as v from portaria_web_moradores`));
  const placas = new Set(await column(db, sql`select placa as v from portaria_web_veiculos`));

  const present = (s: Step) => {
    const name = names(stream.tag, s.chain);
    switch (s.kind) {
      case "condominio":
        return condominios.has(name.condominio) || condominios.has(name.renamed);
      case "rename":
        return condominios.has(name.renamed);
      case "unidade":
        return unidades.has(name.unidade);
      case "morador":
        return moradores.has(name.morador);
      case "veiculo":
        return placas.has(name.placa);
    }
  };

  const found = stream.steps.filter(present);
  const missing = stream.steps.filter((s) => s.ackedAt !== undefined && s.ackedAt < ackedBefore && !present(s));
  expect(missing, "acknowledged writes missing").toEqual([]);
  expect(
    found.filter((s) => s.startedAt >= startedBefore),
    "writes started after the point",
  ).toEqual([]);
  const workers = new Set(stream.steps.map((s) => s.worker));
  for (const w of workers) {
    const seq = stream.steps.filter((s) => s.worker === w).map(present);
    const prefix = seq.indexOf(false) === -1 ? seq.length : seq.indexOf(false);
    expect(seq.slice(prefix), `worker ${w}: steps after a missing one`).not.toContain(true);
  }
  const count = (kind: Kind) => found.filter((s) => s.kind === kind).length;
  expect({ condominios: condominios.size, unidades: unidades.size, moradores: moradores.size, veiculos: placas.size }).toEqual({
    condominios: count("condominio"),
    unidades: count("unidade"),
    moradores: count("morador"),
    veiculos: count("veiculo"),
  });
  return found.length;
}
