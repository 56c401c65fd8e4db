import { readFileSync } from "node:fs";
import type { Request } from "autocannon";
import { and, asc, eq, isNotNull, like, sql } from "drizzle-orm";
import { formatCpf } from "@shared/br/cpf";
import { dateInSaoPaulo, today } from "@shared/time";
import { queryRows, type Db } from "../../src/server/db/client";
import { DEMO_DOMAIN } from "../demo/data";
import {
  autorizacoesVisita,
  condominios,
  grupos,
  moradores,
  presencas,
  unidades,
  usuarioCondominios,
  usuarioGrupos,
  usuarios,
  veiculos,
} from "../../src/server/db/schema";
import type { ReadScenario } from "./scenarios";

// The gate (issue 15): the console's search, 'Quem está no condomínio', Registros under each
// filter, registering entries (each one a link of the condominium's hash chain) and the CSV
// export of about a million records. The console is driven as a porteiro of one condominium (the
// demo group Porteiros serves one); Registros and the export as the central supervisor, who serves
// every condominium ('todos' is then every record of the period).

/** Values read from the database at bench start, varied across requests. */
export interface GateFixtures {
  /** The porteiro's one condominium: the gate of every console request. */
  condominioId: string;
  condominioNome: string;
  /** Parts of residents' names (a surname), full CPFs (formatted), plates and units ("A 101") of that condominium. */
  nomes: string[];
  cpfs: string[];
  placas: string[];
  unidades: string[];
  /** The same units by their number only ("101"): what the search matches when the demo's blocks are named "Bloco A". */
  numeros: string[];
  /** Short codes of visitors' pre-authorisations of that condominium (issue 16), active ones first. */
  codigos: string[];
  /**
   * The gate the write scenarios use (the one-chain entries and the visitors): another
   * condominium than the porteiro's, so that the records a run adds (they are never deleted) do
   * not pile up in "today" of the condominium whose Registros the reads measure. Written as the
   * central supervisor, who serves it.
   */
  escrita: {
    condominioId: string;
    /** Active residents of active units not inside now: the entry/exit pairs go through them. */
    moradorIds: string[];
    /** Units with an active resident who can authorise a visitor by intercom. */
    visitantes: { unidade_id: string; morador_id: string }[];
  };
  /**
   * Other gates: active condominiums (neither the porteiro's nor the write gate) with active
   * residents not inside now, for entries driven one writer per chain, as gates are.
   */
  portarias: { condominioId: string; moradorIds: string[] }[];
  /** A whole month of history (the previous calendar month, São Paulo). */
  mes: { de: string; ate: string };
  /** The export's period, all condominiums: the latest days that add up to EXPORT_ROWS (or all). */
  exportacao: { de: string; ate: string; rows: number };
}

/** The export target's size (issue 15: "an export of 1 million records"). */
export const EXPORT_ROWS = 1_000_000;
/** Visitors registered by the bench carry this name (and are let out after it). */
export const VISITANTE_NAME = "Bench Visitante";

const SAMPLES = 20;
/** Gates written at once in the one-writer-per-chain run: twice the bench's connections. */
const PORTARIAS = 20;

const mesAnterior = (hoje: string) => {
  const [y, m] = hoje.split("-").map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { de: `${year}-${mm}-01`, ate: `${year}-${mm}-${String(last).padStart(2, "0")}` };
};

/** The first active demo porteiro (one condominium, active) and that gate's sample values. */
export async function loadGateFixtures(db: Db): Promise<{ porteiro: { email: string; authUserId: string; group: string }; gate: GateFixtures } | null> {
  const [porteiro] = await db
    .select({ email: usuarios.email, authUserId: usuarios.auth_user_id, condominioId: condominios.id, condominioNome: condominios.nome })
    .from(usuarios)
    .innerJoin(usuarioGrupos, eq(usuarioGrupos.usuario_id, usuarios.id))
    .innerJoin(grupos, eq(grupos.id, usuarioGrupos.grupo_id))
    .innerJoin(usuarioCondominios, eq(usuarioCondominios.usuario_id, usuarios.id))
    .innerJoin(condominios, eq(condominios.id, usuarioCondominios.condominio_id))
    .where(
      and(
        eq(grupos.nome_grupo, "Porteiros"),
        eq(usuarios.status, "ativo"),
        eq(usuarios.primeiro_acesso_concluido, true),
        eq(usuarios.acesso_todos_condominios, false),
        eq(condominios.ativo, true),
        like(usuarios.email, `%@${DEMO_DOMAIN}`),
      ),
    )
    .orderBy(asc(usuarios.email))
    .limit(1);
  if (!porteiro?.authUserId) return null;
  const c = porteiro.condominioId;

  const residents = await db
    .select({
      id: moradores.id,
      nome: moradores.nome_completo,
      cpf: moradores.cpf,
      bloco: unidades.bloco,
      numero: unidades.numero_unidade,
      unidadeId: unidades.id,
    })
    .from(moradores)
    .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
    .where(and(eq(unidades.condominio_id, c), eq(unidades.ativo, true), eq(moradores.ativo, true)))
    .orderBy(asc(moradores.id))
    .limit(600);
  const plates = await db
    .select({ placa: veiculos.placa })
    .from(veiculos)
    .where(and(eq(veiculos.condominio_id, c), eq(veiculos.ativo, true), isNotNull(veiculos.placa)))
    .orderBy(asc(veiculos.id))
    .limit(SAMPLES);
  if (!residents.length || !plates.length) return null;
  const codes = await db
    .select({ codigo: autorizacoesVisita.codigo })
    .from(autorizacoesVisita)
    .where(eq(autorizacoesVisita.condominio_id, c))
    .orderBy(sql`${autorizacoesVisita.status} = 'ativa' desc`, asc(autorizacoesVisita.id))
    .limit(SAMPLES);

  const sample = residents.slice(0, SAMPLES);
  const surname = (nome: string) =>
    nome
      .split(/\s+/)
      .filter((w) => w.length >= 4)
      .at(-1) ?? nome;

  // Records per São Paulo day (UTC-3 all year), newest first: the export's period.
  const days = await queryRows<{ dia: string; n: number | string }>(
    db,
    sql`select to_char(((registrado_em at time zone 'UTC') - interval '3 hours')::date, 'YYYY-MM-DD') as dia, count(*) as n
        from portaria_web_registros_acesso group by 1 order by 1 desc`,
  );
  let rows = 0;
  let de = today();
  for (const day of days) {
    rows += Number(day.n);
    de = day.dia;
    if (rows >= EXPORT_ROWS) break;
  }

  // The write gate first, then the gates of the one-writer-per-chain run.
  const outras = await db
    .select({ id: condominios.id })
    .from(condominios)
    .where(and(eq(condominios.ativo, true), sql`${condominios.id} <> ${c}`))
    .orderBy(asc(condominios.id))
    .limit(PORTARIAS + 1);
  const gates = [];
  for (const { id } of outras) {
    const livres = await queryRows<{ id: string; unidade_id: string }>(
      db,
      sql`select m.id, m.unidade_id from ${moradores} m join ${unidades} u on u.id = m.unidade_id
          where u.condominio_id = ${id} and u.ativo and m.ativo
            and not exists (select 1 from ${presencas} p where p.condominio_id = ${id} and p.pessoa_chave = 'morador:' || m.id::text)
          order by m.id limit 600`,
    );
    if (livres.length) gates.push({ condominioId: id, livres });
  }
  const [escrita, ...portarias] = gates;
  if (!escrita) return null;
  const units = new Map<string, { unidade_id: string; morador_id: string }>();
  for (const r of escrita.livres) if (!units.has(r.unidade_id)) units.set(r.unidade_id, { unidade_id: r.unidade_id, morador_id: r.id });

  return {
    porteiro: { email: porteiro.email, authUserId: porteiro.authUserId, group: "Porteiros" },
    gate: {
      condominioId: c,
      condominioNome: porteiro.condominioNome,
      nomes: [...new Set(sample.map((r) => surname(r.nome)))],
      cpfs: sample.filter((r) => r.cpf).map((r) => formatCpf(r.cpf!)),
      placas: plates.map((p) => p.placa),
      // What a porteiro types for "Bloco A, apartamento 101" (docs/api.md: unidade "A 101").
      unidades: [...new Set(sample.map((r) => (r.bloco ? `${r.bloco.replace(/^bloco\s+/i, "")} ${r.numero}` : r.numero)))],
      numeros: [...new Set(sample.map((r) => r.numero))],
      codigos: codes.map((a) => a.codigo),
      escrita: { condominioId: escrita.condominioId, moradorIds: escrita.livres.map((r) => r.id), visitantes: [...units.values()].slice(0, 50) },
      portarias: portarias.map((p) => ({ condominioId: p.condominioId, moradorIds: p.livres.slice(0, 200).map((r) => r.id) })),
      mes: mesAnterior(today()),
      exportacao: { de, ate: today(), rows },
    },
  };
}

/** The console's search of a condominium for what the porteiro typed. */
export const searchPath = (c: string, q: string) => `/api/controle-acesso/busca?${new URLSearchParams({ condominio_id: c, q })}`;
const registros = (params: Record<string, string>) =>
  `/api/registros?${new URLSearchParams({ q: "", condominio_id: "todos", tipo_pessoa: "todos", sentido: "todos", resultado: "todos", ...params, limit: "50" })}`;

/** The gate's reads. A scenario with `paths` sends them in turn (the SQL floor replays the first). */
export function gateScenarios(g: GateFixtures): ReadScenario[] {
  const searches = (id: string, label: string, values: string[]): ReadScenario => ({
    id: `portaria-busca-${id}`,
    kind: "gate",
    label: `portaria: busca ${label} (${values.length} valores, ex. '${values[0]}')`,
    user: "porteiro",
    path: searchPath(g.condominioId, values[0]!),
    paths: values.map((v) => searchPath(g.condominioId, v)),
  });
  const text = g.nomes[0]!;
  const ontem = dateInSaoPaulo(Date.now() - 24 * 60 * 60 * 1000);
  const filters: [string, string, Record<string, string>][] = [
    ["hoje", "hoje (padrão)", {}],
    ["mes", `um mês (${g.mes.de} a ${g.mes.ate})`, { de: g.mes.de, ate: g.mes.ate }],
    ["texto", `hoje, busca '${text}'`, { q: text }],
    ["negados", "hoje, só negados", { resultado: "negado" }],
    // A whole day (yesterday): "today" right after a seed holds only the hours before it, and after
    // a run also the bench's own writes; a full day of the network is what a supervisor searches at night.
    ["ontem-texto", `ontem (${ontem}, um dia inteiro), busca '${text}'`, { de: ontem, ate: ontem, q: text }],
  ];
  const lists: ReadScenario[] = filters.flatMap(([id, label, params]) => [
    {
      id: `portaria-registros-${id}-condominio`,
      kind: "gate",
      label: `registros: ${label}, um condomínio`,
      user: "central",
      path: registros({ ...params, condominio_id: g.condominioId }),
    },
    { id: `portaria-registros-${id}-todos`, kind: "gate", label: `registros: ${label}, todos`, user: "central", path: registros(params) },
  ]);
  return [
    searches("nome", "por nome", g.nomes),
    searches("cpf", "por CPF", g.cpfs),
    searches("placa", "por placa", g.placas),
    searches("unidade", "por unidade", g.unidades),
    searches("numero", "por número da unidade", g.numeros),
    // Checking a pre-authorisation's code at the gate (issue 16): the search opens it directly.
    ...(g.codigos.length ? [searches("codigo", "por código de autorização", g.codigos)] : []),
    {
      id: "portaria-presentes",
      kind: "gate",
      label: "portaria: quem está no condomínio",
      user: "porteiro",
      path: `/api/controle-acesso/presentes?condominio_id=${g.condominioId}`,
    },
    ...lists,
    // The porteiro's own Registros: every condominium of theirs (one), the scoped shape.
    { id: "portaria-registros-porteiro", kind: "gate", label: "registros: hoje, porteiro (os seus)", user: "porteiro", path: registros({}) },
  ];
}

/**
 * How many of a search scenario's values find something (a resident, vehicle, provider, visitor or
 * the authorisation of a code): a search
 * that finds nothing is measured all the same, but the report says so.
 */
export async function searchHits(baseUrl: string, cookie: string, paths: string[]): Promise<number> {
  let hits = 0;
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    const found = (await response.json()) as Record<string, unknown>;
    const listed = ["moradores", "veiculos", "prestadores", "visitantes"].some((k) => (found[k] as unknown[] | undefined)?.length);
    if (listed || found.autorizacao) hits++;
  }
  return hits;
}

/** Residents entered and not yet seen leaving (or in flight): never picked for a new entry. */
export interface PairState {
  busy: Set<string>;
}

/**
 * A resident's entry then exit: each connection takes the next resident not inside nor in flight,
 * so every entry is a real 'liberado' write of the chain (never 'Já está no condomínio').
 */
export function entryExitPairs(g: GateFixtures["escrita"], headers: Record<string, string>, state: PairState): Request[] {
  const json = { ...headers, "content-type": "application/json" };
  let next = 0;
  const pick = () => {
    for (let i = 0; i < g.moradorIds.length; i++) {
      const id = g.moradorIds[next++ % g.moradorIds.length]!;
      if (!state.busy.has(id)) return id;
    }
    throw new Error("Todos os moradores da portaria estão dentro: rode seed:demo de novo.");
  };
  const body = (id: string) => JSON.stringify({ condominio_id: g.condominioId, pessoa: { tipo: "morador", morador_id: id } });
  return [
    {
      method: "POST",
      path: "/api/controle-acesso/entrada",
      headers: json,
      setupRequest: (request, context) => {
        const id = pick();
        state.busy.add(id);
        context.moradorId = id;
        return { ...request, body: body(id) };
      },
    },
    {
      method: "POST",
      path: "/api/controle-acesso/saida",
      headers: json,
      setupRequest: (request, context) => ({ ...request, body: body(context.moradorId as string) }),
      onResponse: (status, _body, context) => {
        if (status === 201) state.busy.delete(context.moradorId as string);
      },
    },
  ];
}

/** Gates with an entry or exit in flight, and the residents each left inside. */
export interface GatesState {
  busy: Set<string>;
  inside: Map<string, Set<string>>;
}

/**
 * A resident's entry then exit, each pair at a gate no other connection is writing to: one writer
 * per chain, as at real gates (one porteiro registers one car at a time), while the server takes
 * ten gates' writes at once. The pair holds its gate from the entry until the exit's answer.
 */
export function entryExitAcrossGates(portarias: GateFixtures["portarias"], headers: Record<string, string>, state: GatesState): Request[] {
  const json = { ...headers, "content-type": "application/json" };
  let nextGate = 0;
  const cursor = new Map<string, number>();
  const pickGate = () => {
    for (let i = 0; i < portarias.length; i++) {
      const gate = portarias[nextGate++ % portarias.length]!;
      if (!state.busy.has(gate.condominioId)) return gate;
    }
    throw new Error("Portarias de menos para as conexões: rode seed:demo de novo.");
  };
  const pickResident = (gate: GateFixtures["portarias"][number]) => {
    const inside = state.inside.get(gate.condominioId) ?? new Set<string>();
    state.inside.set(gate.condominioId, inside);
    for (let i = 0; i < gate.moradorIds.length; i++) {
      const n = cursor.get(gate.condominioId) ?? 0;
      cursor.set(gate.condominioId, n + 1);
      const id = gate.moradorIds[n % gate.moradorIds.length]!;
      if (!inside.has(id)) return id;
    }
    throw new Error("Todos os moradores da portaria estão dentro: rode seed:demo de novo.");
  };
  const body = (condominioId: string, moradorId: string) => JSON.stringify({ condominio_id: condominioId, pessoa: { tipo: "morador", morador_id: moradorId } });
  return [
    {
      method: "POST",
      path: "/api/controle-acesso/entrada",
      headers: json,
      setupRequest: (request, context) => {
        const gate = pickGate();
        const id = pickResident(gate);
        state.busy.add(gate.condominioId);
        state.inside.get(gate.condominioId)!.add(id);
        context.condominioId = gate.condominioId;
        context.moradorId = id;
        return { ...request, body: body(gate.condominioId, id) };
      },
      onResponse: (status, _body, context) => {
        if (status !== 201) state.inside.get(context.condominioId as string)?.delete(context.moradorId as string);
      },
    },
    {
      method: "POST",
      path: "/api/controle-acesso/saida",
      headers: json,
      setupRequest: (request, context) => ({ ...request, body: body(context.condominioId as string, context.moradorId as string) }),
      onResponse: (status, _body, context) => {
        const gate = context.condominioId as string;
        if (status === 201) state.inside.get(gate)?.delete(context.moradorId as string);
        state.busy.delete(gate);
      },
    },
  ];
}

/** Lets out the residents an across-gates run left inside (pairs cut off by the end of the run). */
export async function letOutAcrossGates(baseUrl: string, headers: Record<string, string>, state: GatesState): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const bodies = [...state.inside].flatMap(([condominio_id, ids]) =>
    [...ids].map((morador_id) => JSON.stringify({ condominio_id, pessoa: { tipo: "morador", morador_id } })),
  );
  const statuses = await postAll(baseUrl, "/api/controle-acesso/saida", headers, bodies);
  const failed = statuses.filter((s) => s !== 201);
  if (failed.length) throw new Error(`Saídas de limpeza recusadas: ${JSON.stringify(failed.slice(0, 5))}`);
  return statuses.length;
}

/** 'Visitante sem pré-autorização': a new visitor (own name and document) each request, into units in turn. */
export function visitorEntries(g: GateFixtures["escrita"], headers: Record<string, string>): Request[] {
  const json = { ...headers, "content-type": "application/json" };
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  let n = 0;
  return [
    {
      method: "POST",
      path: "/api/controle-acesso/visitante",
      headers: json,
      setupRequest: (request) => {
        const i = n++;
        const target = g.visitantes[i % g.visitantes.length]!;
        return {
          ...request,
          body: JSON.stringify({
            condominio_id: g.condominioId,
            nome: `${VISITANTE_NAME} ${tag}-${i}`,
            documento_tipo: "outro",
            documento_numero: `BV${tag}${i}`,
            unidade_id: target.unidade_id,
            autorizado_por_morador_id: target.morador_id,
            observacao: "Registrado pelo bench",
          }),
        };
      },
    },
  ];
}

/** Sends `bodies` as POSTs to `path`, `concurrency` at a time; returns the statuses. */
async function postAll(baseUrl: string, path: string, headers: Record<string, string>, bodies: string[], concurrency = 8): Promise<number[]> {
  const statuses: number[] = [];
  let i = 0;
  const worker = async () => {
    while (i < bodies.length) {
      const body = bodies[i++]!;
      const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

/** Lets out who the bench left inside: the residents of pairs cut off by the end of a run, and its visitors. */
export async function letOut(baseUrl: string, headers: Record<string, string>, g: { condominioId: string }, moradorIds: Iterable<string>): Promise<number> {
  // autocannon stops without waiting for what is in flight: let those entries land first.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const exit = (pessoa: Record<string, string>) => JSON.stringify({ condominio_id: g.condominioId, pessoa });
  const residents = [...moradorIds].map((id) => exit({ tipo: "morador", morador_id: id }));
  const response = await fetch(`${baseUrl}/api/controle-acesso/presentes?condominio_id=${g.condominioId}`, { headers });
  if (!response.ok) throw new Error(`presentes: ${response.status}`);
  const { rows } = (await response.json()) as { rows: { id: string; nome_pessoa: string }[] };
  const visitors = rows.filter((r) => r.nome_pessoa.startsWith(VISITANTE_NAME)).map((r) => exit({ tipo: "presenca", presenca_id: r.id }));
  const statuses = await postAll(baseUrl, "/api/controle-acesso/saida", headers, [...residents, ...visitors]);
  const failed = statuses.filter((s) => s !== 201);
  if (failed.length) throw new Error(`Saídas de limpeza recusadas: ${JSON.stringify(failed.slice(0, 5))}`);
  return statuses.length;
}

export interface ExportResult {
  path: string;
  /** Records in the period when the bench started (all condominiums). */
  expectedRows: number;
  rows: number;
  bytes: number;
  seconds: number;
  firstByteMs: number;
  rowsPerSecond: number;
  /** The server's RSS right before the export, and its peak during it (VmHWM after a reset, and VmRSS sampled every 20 ms). */
  rssBeforeMB: number;
  peakRssMB: number;
  rssGrowthMB: number;
  /** Whether the kernel let the bench reset VmHWM (otherwise only the samples count). */
  hwmReset: boolean;
  /** Requests the server counted in flight right before the export (each page of a PGlite export waits for them): 0 when nothing leaked. */
  emAndamentoAntes: number;
  misses: string[];
  /** Set when the database holds fewer records than the target's million (a smaller scale). */
  note?: string;
}

const statusKiB = (pid: number, field: string) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number.parseInt(line.split(/\s+/)[1]!, 10) : Number.NaN;
};
const mb = (kib: number) => (kib * 1024) / 1e6;

/**
 * Streams the CSV export of the period (all condominiums) once, reading it as a browser would, and
 * measures rows/s and how much the server's resident memory grows while it streams.
 */
export async function measureExport(
  server: { baseUrl: string; pid: number; resetPeak(): boolean; metric(name: string): Promise<number> },
  cookie: string,
  g: GateFixtures,
  targets: { rowsPerSecond: number; rssGrowthMB: number },
): Promise<ExportResult> {
  const query = (de: string, ate: string) =>
    `/api/registros/exportar?${new URLSearchParams({ q: "", condominio_id: "todos", de, ate, tipo_pessoa: "todos", sentido: "todos", resultado: "todos" })}`;
  const read = async (path: string, onChunk?: () => void) => {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    let firstByteMs = Number.NaN;
    let newlines = 0;
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
      onChunk?.();
    }
    return { seconds: (performance.now() - started) / 1000, firstByteMs, rows: Math.max(0, newlines - 1), bytes };
  };

  // Warm-up: one day's export (JIT, the route's prepared statements), not measured.
  await read(query(g.exportacao.ate, g.exportacao.ate));
  await new Promise((r) => setTimeout(r, 500));

  const path = query(g.exportacao.de, g.exportacao.ate);
  const emAndamentoAntes = await server.metric("portal_requisicoes_em_andamento");
  const before = statusKiB(server.pid, "VmRSS");
  const hwmReset = server.resetPeak();
  let sampled = before;
  const sample = () => (sampled = Math.max(sampled, statusKiB(server.pid, "VmRSS")));
  const timer = setInterval(sample, 20);
  let result: Awaited<ReturnType<typeof read>>;
  try {
    result = await read(path);
  } finally {
    clearInterval(timer);
  }
  sample();
  const peak = Math.max(sampled, hwmReset ? statusKiB(server.pid, "VmHWM") : 0);
  const rowsPerSecond = result.rows / result.seconds;
  const rssGrowthMB = mb(peak - before);
  const misses: string[] = [];
  if (rowsPerSecond < targets.rowsPerSecond) misses.push(`< ${targets.rowsPerSecond.toLocaleString("en-US")} rows/s`);
  if (rssGrowthMB > targets.rssGrowthMB) misses.push(`RSS growth > ${targets.rssGrowthMB} MB`);
  return {
    path,
    expectedRows: g.exportacao.rows,
    rows: result.rows,
    bytes: result.bytes,
    seconds: result.seconds,
    firstByteMs: result.firstByteMs,
    rowsPerSecond,
    rssBeforeMB: mb(before),
    peakRssMB: mb(peak),
    rssGrowthMB,
    hwmReset,
    emAndamentoAntes,
    misses,
    note:
      result.rows < EXPORT_ROWS
        ? `${result.rows.toLocaleString("en-US")} rows, fewer than ${EXPORT_ROWS.toLocaleString("en-US")} (every record: a smaller scale)`
        : undefined,
  };
}
