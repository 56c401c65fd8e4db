// Parcels at the gate under load (gate-operation-spec §4, §7; issue 30): the porteiro receives
// parcels for the units of his condominium and hands them out by the code the resident shows, on a
// database holding the demo's month of parcels (about 5,000 a day across the company at scale 1).
// Measured from outside, as the porteiro notices it: receiving one parcel, and the pickup's two
// steps (the code checked, then 'Entregar').

import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../src/server/db/client";
import { grupoPermissoes, grupos, permissoes } from "../../src/server/db/schema";
import { prepararMoradores, type MoradorDoBench } from "./morador";
import { summarize, type Stats } from "./stats";

export const ALVOS_ENCOMENDAS = { receberP95Ms: 50, retirarP95Ms: 50 };
/**
 * Parcels received a second, each then handed out by its code: 5,000 a day across the company is
 * 0.06 a second (0.14 in a busy daytime hour); the bench runs 5 a second in the porteiro's one
 * condominium (every parcel on the same custody chain), about 35 times that busy hour.
 */
const POR_SEGUNDO = 5;

/**
 * The porteiro's group may keep parcels (the demo gives it since issue 30; a database seeded
 * before has the group without it), and the units the parcels are for: those of the residents
 * with an Área do Morador account in his condominium, whose app shows each parcel's code.
 */
export async function prepararEncomendas(db: Db, condominioId: string, porteiroAuthUserId: string): Promise<MoradorDoBench[]> {
  const [permissao] = await db
    .insert(permissoes)
    .values({ nome_permissao: "gerenciar_encomendas", categoria: "Encomendas", descricao: "Receber, entregar e devolver encomendas na portaria" })
    .onConflictDoUpdate({ target: permissoes.nome_permissao, set: { nome_permissao: sql`excluded.nome_permissao` } })
    .returning({ id: permissoes.id });
  const [grupo] = await db.select({ id: grupos.id }).from(grupos).where(eq(grupos.nome_grupo, "Porteiros"));
  if (grupo) await db.insert(grupoPermissoes).values({ grupo_id: grupo.id, permissao_id: permissao!.id }).onConflictDoNothing();
  return prepararMoradores(db, condominioId, porteiroAuthUserId);
}

export interface PlanoEncomendas {
  baseUrl: string;
  origin: string;
  porteiro: { cookie: string; condominioId: string };
  /** The residents (signed in) whose units receive the parcels. */
  moradores: (MoradorDoBench & { cookie: string })[];
  segundos: number;
  log: (line: string) => void;
}

export interface ResultadoEncomendas {
  receber: Stats;
  conferir: Stats;
  entregar: Stats;
  falhas: number;
  misses: string[];
}

export async function medirEncomendas(p: PlanoEncomendas): Promise<ResultadoEncomendas> {
  const post = async (url: string, body: object) => {
    const antes = performance.now();
    const r = await fetch(`${p.baseUrl}${url}`, {
      method: "POST",
      headers: { cookie: p.porteiro.cookie, origin: p.origin, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const corpo = (await r.json()) as Record<string, unknown>;
    return { status: r.status, corpo, ms: performance.now() - antes };
  };
  /** The code of a parcel, as the resident's app shows it (the operator's answers never carry it). */
  const codigoDe = async (id: string, morador: { cookie: string; unidadeId: string }): Promise<string | null> => {
    const r = await fetch(`${p.baseUrl}/api/morador/unidades/${morador.unidadeId}/encomendas`, { headers: { cookie: morador.cookie } });
    if (!r.ok) return null;
    const { aguardando } = (await r.json()) as { aguardando: { id: string; codigo: string | null }[] };
    return aguardando.find((e) => e.id === id)?.codigo ?? null;
  };

  const receber: number[] = [];
  const conferir: number[] = [];
  const entregar: number[] = [];
  let falhas = 0;
  let n = 0;
  const fim = Date.now() + p.segundos * 1000;
  const inicio = Date.now();
  p.log(`encomendas: ${POR_SEGUNDO} encomendas/s recebidas e entregues por ${p.segundos} s...`);
  const umaEncomenda = async () => {
    const morador = p.moradores[n++ % p.moradores.length]!;
    const unidadeId = morador.unidadeId;
    const recebida = await post("/api/encomendas", {
      condominio_id: p.porteiro.condominioId,
      unidade_id: unidadeId,
      destinatario_nome: "Destinatário do bench",
      transportadora: "mercado_livre",
      codigo_rastreio: `BR${String(n).padStart(9, "0")}BR`,
      tipo: "pacote",
      local_armazenamento: "Prateleira B",
    });
    if (recebida.status !== 201) return void falhas++;
    receber.push(recebida.ms);
    const id = recebida.corpo.id as string;
    const codigo = await codigoDe(id, morador);
    if (!codigo) return void falhas++;
    const conferida = await post("/api/encomendas/retirada/conferir", { unidade_id: unidadeId, codigo });
    if (conferida.status !== 200) return void falhas++;
    conferir.push(conferida.ms);
    const entregue = await post("/api/encomendas/retirada", {
      unidade_id: unidadeId,
      encomenda_ids: [id],
      forma: "codigo",
      codigo,
      retirada_por_nome: "Destinatário do bench",
    });
    if (entregue.status !== 200) falhas++;
    else entregar.push(entregue.ms);
  };
  // Open loop: a parcel every 1/POR_SEGUNDO s whatever the answers take, as the gate's own pace is.
  const emCurso = new Set<Promise<void>>();
  while (Date.now() < fim) {
    const tarefa = umaEncomenda().catch(() => void falhas++);
    emCurso.add(tarefa);
    void tarefa.finally(() => emCurso.delete(tarefa));
    await new Promise((r) => setTimeout(r, 1000 / POR_SEGUNDO));
  }
  await Promise.all(emCurso);
  const segundos = (Date.now() - inicio) / 1000;
  const r = { receber: summarize(receber, segundos), conferir: summarize(conferir, segundos), entregar: summarize(entregar, segundos), falhas };
  const A = ALVOS_ENCOMENDAS;
  const misses: string[] = [];
  if (falhas) misses.push(`encomendas: ${falhas} recebimentos ou retiradas recusados`);
  if (!(r.receber.p95 <= A.receberP95Ms)) misses.push(`encomendas: receber p95 ${r.receber.p95.toFixed(1)} ms > ${A.receberP95Ms} ms`);
  for (const [nome, s] of [
    ["conferir o código", r.conferir],
    ["entregar", r.entregar],
  ] as const)
    if (!(s.p95 <= A.retirarP95Ms)) misses.push(`encomendas: ${nome} p95 ${s.p95.toFixed(1)} ms > ${A.retirarP95Ms} ms`);
  p.log(
    `encomendas: ${receber.length} recebidas; receber p95 ${r.receber.p95.toFixed(1)} ms, conferir ${r.conferir.p95.toFixed(1)} ms, entregar ${r.entregar.p95.toFixed(1)} ms`,
  );
  return { ...r, misses };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "—");

export function markdownEncomendas(r: ResultadoEncomendas, encomendasNoBanco: number): string {
  const A = ALVOS_ENCOMENDAS;
  const linha = (nome: string, s: Stats, alvo: number) =>
    `| ${nome} | ${s.count} | ${s.rate.toFixed(1)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} | ${s.p95 <= alvo ? "✓" : "✗"} p95 ≤ ${alvo} ms |`;
  return [
    `#### Encomendas — ${POR_SEGUNDO} encomendas/s recebidas e entregues pelo código num condomínio, ${encomendasNoBanco} encomendas no banco, ${r.falhas} falhas`,
    "",
    "| what | n | /s | p50 ms | p95 ms | max ms | target |",
    "|---|--:|--:|--:|--:|--:|---|",
    linha("receber uma encomenda (com a custódia e os avisos)", r.receber, A.receberP95Ms),
    linha("retirada: conferir o código", r.conferir, A.retirarP95Ms),
    linha("retirada: entregar (com a custódia)", r.entregar, A.retirarP95Ms),
  ].join("\n");
}

/** How many parcels the database holds (the demo's month plus what runs added). */
export async function contarEncomendas(db: Db): Promise<number> {
  const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from portaria_web_encomendas`);
  return Number(r?.n ?? 0);
}
