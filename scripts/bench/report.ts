import type { ScreenResult } from "./browser";
import { markdownDispositivos, type ResultadoDispositivos } from "./dispositivos";
import { markdownEncomendas, type ResultadoEncomendas } from "./encomendas";
import { markdownMorador, type ResultadoMorador } from "./morador";
import type { ResultadoRegistros } from "./registros";
import type { LoadResult } from "./load";
import type { ExportResult } from "./portaria";
import type { Kind } from "./scenarios";
import type { Stats } from "./stats";

export type DatabaseKind = "pglite" | "postgres";

export interface Row {
  id: string;
  kind: Kind;
  label: string;
  method: string;
  path: string;
  api: Omit<LoadResult, "steps">;
  sql?: Stats;
  ratio?: number;
  /** The server's peak RSS while this request was driven (MB), when the kernel lets us reset it. */
  peakRssMB?: number;
  misses: string[];
  /** What the reader should know about the figures (e.g. how many of a search's values find something). */
  note?: string;
}

export interface RunResult {
  database: DatabaseKind;
  scale: string;
  startedAt: string;
  seconds: number;
  connections: number;
  machine: Record<string, string | number>;
  server: { peakRssMB: number; startupPeakRssMB: number; misses: string[] };
  rows: Row[];
  browser?: { screens: ScreenResult[]; misses: string[] };
  /** The Registros CSV export of about a million records (issue 15). */
  export?: ExportResult;
  /** The device gateway with 800 simulated devices (issue 28). */
  dispositivos?: ResultadoDispositivos;
  morador?: ResultadoMorador;
  /** Parcels received and handed out by code (issue 30), with how many the database held. */
  encomendas?: ResultadoEncomendas & { noBanco: number };
  /** Registros over a year: every filter combination, and the porteiro's search beside heavy reads (issue 33). */
  registros?: ResultadoRegistros;
}

/** The issue's targets: PostgreSQL on 2 cores at scale 1, and PGlite's own p95. */
export const TARGETS = {
  /** Issue 33: API/SQL p50 ≤ 2 for every list, search and gate read; entries ≥ 500 pairs/s across gates. */
  postgres: { p95: 50, unitSearchRate: 1000, ratio: 2, rssMB: 250, entryPairsPerSecond: 500 },
  pglite: { p95: 100 },
  /** Issue 15: 1 million records at ≥ 100,000 rows/s, the server's peak RSS growing ≤ 50 MB (both databases reported). */
  export: { rowsPerSecond: 100_000, rssGrowthMB: 50 },
  browserFirstRowsMs: 1000,
  /** Issue 33: every Registros filter over a year p95 ≤ 200 ms; the porteiro's search p95 within 20 % beside ten heavy reads. */
  registros: { combinacaoP95Ms: 200, buscaSobCarga: 1.2 },
} as const;

/** The authenticated unit search that carries the req/s target (see docs/performance.md). */
export const UNIT_SEARCH_ID = "unidades-busca-condominio";

export function judgeRow(database: DatabaseKind, row: Row): string[] {
  const misses: string[] = [];
  const p95Target = database === "postgres" ? TARGETS.postgres.p95 : TARGETS.pglite.p95;
  if (["list", "search", "painel", "gate", "gate-write"].includes(row.kind) && row.api.p95 > p95Target) misses.push(`p95 > ${p95Target} ms`);
  if (database === "postgres") {
    if (row.id === UNIT_SEARCH_ID && row.api.rate < TARGETS.postgres.unitSearchRate) misses.push(`< ${TARGETS.postgres.unitSearchRate} req/s`);
    if (["list", "search", "gate"].includes(row.kind) && row.ratio !== undefined && row.ratio > TARGETS.postgres.ratio)
      misses.push(`API/SQL > ${TARGETS.postgres.ratio}`);
  }
  return misses;
}

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? "—" : v < 10 ? v.toFixed(2) : v.toFixed(1));
const int = (v: number) => Math.round(v).toLocaleString("en-US");

export function markdown(run: RunResult): string {
  const title = run.database === "postgres" ? "PostgreSQL" : "PGlite";
  const lines = [
    `### ${title} — scale ${run.scale}, ${run.connections} connections, ${run.seconds} s per request`,
    "",
    "| request | p50 ms | p95 ms | p99 ms | req/s | SQL p50 ms | API/SQL p50 | peak RSS MB | target |",
    "|---|--:|--:|--:|--:|--:|--:|--:|---|",
    ...run.rows.map(
      (r) =>
        `| ${r.label} | ${ms(r.api.p50)} | ${ms(r.api.p95)} | ${ms(r.api.p99)} | ${int(r.api.rate)} | ${ms(r.sql?.p50)} | ${r.ratio === undefined ? "—" : r.ratio.toFixed(1)} | ${r.peakRssMB === undefined ? "—" : r.peakRssMB.toFixed(0)} | ${r.misses.length ? `✗ ${r.misses.join(", ")}` : "✓"} |`,
    ),
    "",
    `Server peak RSS (VmHWM) over the whole run: ${run.server.peakRssMB.toFixed(0)} MB (after start-up: ${run.server.startupPeakRssMB.toFixed(0)} MB)${run.server.misses.length ? ` ✗ ${run.server.misses.join(", ")}` : " ✓"}.`,
  ];
  const notes = run.rows.filter((r) => r.note);
  if (notes.length) lines.push("", ...notes.map((r) => `- ${r.label}: ${r.note}.`));
  if (run.export) {
    const e = run.export;
    lines.push(
      "",
      "| export (CSV, all condominiums) | rows | MB | s | first byte ms | rows/s | RSS before MB | peak MB | RSS growth MB | target |",
      "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|",
      `| ${new URLSearchParams(e.path.split("?")[1]).get("de")} to ${new URLSearchParams(e.path.split("?")[1]).get("ate")} | ${int(e.rows)} | ${(e.bytes / 1e6).toFixed(0)} | ${e.seconds.toFixed(1)} | ${ms(e.firstByteMs)} | ${int(e.rowsPerSecond)} | ${e.rssBeforeMB.toFixed(0)} | ${e.peakRssMB.toFixed(0)} | ${e.rssGrowthMB.toFixed(1)} | ${e.misses.length ? `✗ ${e.misses.join(", ")}` : "✓"} (≥ ${int(TARGETS.export.rowsPerSecond)} rows/s, ≤ ${TARGETS.export.rssGrowthMB} MB) |`,
    );
    if (e.note) lines.push("", `Export: ${e.note}.`);
  }
  if (run.dispositivos) lines.push("", markdownDispositivos(run.dispositivos));
  if (run.morador) lines.push("", markdownMorador(run.morador));
  if (run.encomendas) lines.push("", markdownEncomendas(run.encomendas, run.encomendas.noBanco));
  if (run.registros) {
    const r = run.registros;
    const pior = [...r.combinacoes].sort((a, b) => b.p95 - a.p95);
    lines.push(
      "",
      `Registros, ${r.periodo.de} to ${r.periodo.ate}: ${r.combinacoes.length} filter combinations (one condominium and all × person type × direction × result), ${pior[0] ? `worst p95 ${ms(pior[0].p95)} ms` : ""} (target ≤ ${TARGETS.registros.combinacaoP95Ms} ms); the five slowest:`,
      "",
      "| filter | p50 ms | p95 ms | max ms | stopped at the window | target |",
      "|---|--:|--:|--:|--:|---|",
      ...pior
        .slice(0, 5)
        .map((c) => `| ${c.filtro} | ${ms(c.p50)} | ${ms(c.p95)} | ${ms(c.max)} | ${c.limitadas} | ${c.p95 > TARGETS.registros.combinacaoP95Ms ? "✗" : "✓"} |`),
      "",
      `Porteiro's search p95: ${ms(r.busca.sozinha.p95)} ms alone, ${ms(r.busca.comPesadas.p95)} ms beside ten heavy Registros requests (×${r.busca.razao.toFixed(2)}, target ≤ ×${TARGETS.registros.buscaSobCarga}); the heavy ones p50 ${ms(r.pesadas.p50)} / p95 ${ms(r.pesadas.p95)} ms, ${int(r.pesadas.rate)} req/s, ${JSON.stringify(r.pesadas.statuses)}.`,
    );
    if (r.misses.length) lines.push("", ...r.misses.map((m) => `- ✗ ${m}`));
  }
  if (run.browser) {
    lines.push(
      "",
      "| screen (browser) | navigation → first rows, ms (each load) | rows | after scrolling to the end | target |",
      "|---|---|--:|---|---|",
      ...run.browser.screens.map((s) => {
        const worst = Math.max(...s.firstRowsMs);
        const scroll = s.afterScroll ? `${s.afterScroll.rows} rows in ${int(s.afterScroll.ms)} ms` : "— (one request, all residents)";
        return `| ${s.label} | ${s.firstRowsMs.map(int).join(", ")} | ${s.rowsShown} | ${scroll} | ${worst > TARGETS.browserFirstRowsMs ? `✗ > ${TARGETS.browserFirstRowsMs} ms` : "✓"} |`;
      }),
    );
  }
  return lines.join("\n");
}
