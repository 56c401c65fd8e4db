// The approval at the gate under load (gate-operation-spec §3.3, §7; issue 29): 200 requests a
// minute, each answered by the unit's resident from the app a moment later. Measured from outside,
// as people notice it: how long from the porteiro's request until the resident's first notice
// leaves (it reaches the push service), and from the resident's click until the console — connected
// to another instance on PostgreSQL — shows the answer.

import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../src/server/db/client";
import { account, moradorContas, moradores, pushInscricoes, unidades, user } from "../../src/server/db/schema";
import { lerEventos } from "../../src/server/testing/sse";
import { summarize, type Stats } from "./stats";

export const ALVOS_MORADOR = {
  /** Requests a minute across the company (§7). */
  pedidosPorMinuto: 200,
  primeiroAvisoP95Ms: 1000,
  respostaNoConsoleP95Ms: 1000,
};
/** Residents with an account in the porteiro's condominium, one per unit. */
const MORADORES = 40;

export interface MoradorDoBench {
  moradorId: string;
  unidadeId: string;
  email: string;
  authUserId: string;
  /** Its browser's push endpoint on the stand-in. */
  endpoint?: string;
}

/**
 * Gives up to 40 residents of the porteiro's condominium an active Área do Morador account, with
 * the demo's password (its hash copied from the porteiro's own account), and, when a push service
 * stand-in is given, a Web Push subscription to it.
 */
export async function prepararMoradores(
  db: Db,
  condominioId: string,
  porteiroAuthUserId: string,
  /** A browser subscription on the push service stand-in, one per resident. */
  push?: () => { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<MoradorDoBench[]> {
  const [senha] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, porteiroAuthUserId), eq(account.providerId, "credential")));
  if (!senha?.password) throw new Error("A conta do porteiro do bench não tem senha.");
  const escolhidos = await queryRows<{ morador_id: string; unidade_id: string }>(
    db,
    sql`select distinct on (u.id) m.id as morador_id, u.id as unidade_id
          from ${moradores} m join ${unidades} u on u.id = m.unidade_id
         where u.condominio_id = ${condominioId} and u.ativo and m.ativo
         order by u.id, m.id
         limit ${MORADORES}`,
  );
  const lista: MoradorDoBench[] = [];
  for (const e of escolhidos) {
    const email = `bench.morador.${e.morador_id.slice(0, 8)}@bench.local`;
    let [conta] = await db.select({ auth_user_id: moradorContas.auth_user_id }).from(moradorContas).where(eq(moradorContas.morador_id, e.morador_id));
    if (!conta?.auth_user_id) {
      const authUserId = randomUUID();
      await db.insert(user).values({ id: authUserId, name: `Morador do bench ${e.morador_id.slice(0, 8)}`, email, emailVerified: true });
      await db.insert(account).values({ id: randomUUID(), accountId: authUserId, providerId: "credential", userId: authUserId, password: senha.password });
      await db
        .insert(moradorContas)
        .values({ morador_id: e.morador_id, auth_user_id: authUserId, status: "ativo", email, ativado_em: new Date() })
        .onConflictDoUpdate({ target: moradorContas.morador_id, set: { auth_user_id: authUserId, status: "ativo", email, ativado_em: new Date() } });
      conta = { auth_user_id: authUserId };
    }
    const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, conta.auth_user_id!));
    let endpoint: string | undefined;
    if (push) {
      const inscricao = push();
      endpoint = inscricao.endpoint;
      await db.delete(pushInscricoes).where(eq(pushInscricoes.auth_user_id, conta.auth_user_id!));
      await db.insert(pushInscricoes).values({ auth_user_id: conta.auth_user_id!, endpoint, p256dh: inscricao.keys.p256dh, auth: inscricao.keys.auth });
    }
    lista.push({ moradorId: e.morador_id, unidadeId: e.unidade_id, email: u!.email, authUserId: conta.auth_user_id!, endpoint });
  }
  if (!lista.length) throw new Error("O condomínio do porteiro não tem moradores ativos.");
  return lista;
}

export interface PlanoMorador {
  baseUrl: string;
  /** The instance the console listens on (another one on PostgreSQL). */
  consoleBaseUrl: string;
  origin: string;
  porteiro: { cookie: string; condominioId: string };
  moradores: (MoradorDoBench & { cookie: string })[];
  /** What the push service stand-in received (with when), if it runs. */
  push?: { recebidos: readonly { endpoint: string; recebidoEm: number }[] };
  segundos: number;
  log: (line: string) => void;
}

export interface ResultadoMorador {
  /** Whether the console listened on another instance than the one the resident answered on. */
  outraInstancia: boolean;
  segundos: number;
  pedidos: number;
  falhas: number;
  primeiroAviso: (Stats & { sem: number }) | null;
  respostaNoConsole: Stats & { perdidas: number };
  misses: string[];
}

export async function medirMorador(p: PlanoMorador): Promise<ResultadoMorador> {
  const { porteiro, log } = p;
  // The console: the condominium's stream on its instance; each answer is awaited there. The stream
  // ends every 60 s and the console reconnects, reading again what it waits for (as the browser does).
  const chegadas = new Map<string, (t: number) => void>();
  const fechar = new AbortController();
  const releitura = async () => {
    for (const [id, chegou] of chegadas) {
      const r = await fetch(`${p.consoleBaseUrl}/api/controle-acesso/solicitacoes/${id}`, { headers: { cookie: porteiro.cookie } });
      if (r.ok && ((await r.json()) as { estado: string }).estado === "aprovada") chegou(performance.now());
    }
  };
  const ouvir = async (): Promise<void> => {
    while (!fechar.signal.aborted) {
      const stream = await fetch(`${p.consoleBaseUrl}/api/controle-acesso/tempo-real?condominio_id=${porteiro.condominioId}`, {
        headers: { cookie: porteiro.cookie },
        signal: fechar.signal,
      });
      if (!stream.ok) throw new Error(`Fluxo do console: ${stream.status}`);
      let primeiro = true;
      await lerEventos(stream.body!, (evento, dados) => {
        const s = dados as { id?: string; estado?: string };
        if (evento === "pronto" && !primeiro) void releitura();
        if (evento === "pronto") primeiro = false;
        if (evento === "reler") void releitura();
        if (evento === "solicitacao" && s.estado === "aprovada" && s.id) chegadas.get(s.id)?.(performance.now());
      });
      if (!fechar.signal.aborted) await releitura();
    }
  };
  const escuta = ouvir().catch(() => undefined);

  const post = (url: string, cookie: string, body: object) =>
    fetch(url, { method: "POST", headers: { cookie, origin: p.origin, "content-type": "application/json" }, body: JSON.stringify(body) });

  const primeiros: number[] = [];
  let semAviso = 0;
  const respostas: number[] = [];
  let perdidas = 0;
  let falhas = 0;
  let pedidos = 0;
  const intervaloMs = 60_000 / ALVOS_MORADOR.pedidosPorMinuto;
  const fim = Date.now() + p.segundos * 1000;
  const emCurso = new Set<Promise<void>>();

  const umPedido = async (n: number) => {
    const morador = p.moradores[n % p.moradores.length]!;
    const desde = Date.now();
    const pedido = await post(`${p.baseUrl}/api/controle-acesso/solicitacoes`, porteiro.cookie, {
      condominio_id: porteiro.condominioId,
      unidade_id: morador.unidadeId,
      tipo_pessoa: "visitante",
      nome_visitante: `Visitante do bench ${n}`,
    });
    if (pedido.status !== 201) {
      falhas++;
      return;
    }
    const { id } = (await pedido.json()) as { id: string };
    // The resident reads the notice and answers a moment later, as a person would.
    await new Promise((r) => setTimeout(r, 300 + Math.random() * 700));
    const chegou = new Promise<number>((resolve) => chegadas.set(id, resolve));
    const clique = performance.now();
    const resposta = await post(`${p.baseUrl}/api/morador/solicitacoes/responder`, morador.cookie, { solicitacao_id: id, resposta: "liberar" });
    if (resposta.status !== 200) {
      falhas++;
      chegadas.delete(id);
      return;
    }
    const noConsole = await Promise.race([chegou, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    chegadas.delete(id);
    if (noConsole === null) perdidas++;
    else respostas.push(noConsole - clique);
    if (p.push && morador.endpoint) {
      // The first notice of this request: the first push to this resident's browser since it was asked.
      const recebido = p.push.recebidos.find((r) => r.endpoint === morador.endpoint && r.recebidoEm >= desde);
      if (recebido) primeiros.push(recebido.recebidoEm - desde);
      else semAviso++;
    }
  };

  log(`morador: ${ALVOS_MORADOR.pedidosPorMinuto} pedidos/min por ${p.segundos} s, ${p.moradores.length} moradores...`);
  const inicio = Date.now();
  while (Date.now() < fim) {
    const n = pedidos++;
    const tarefa = umPedido(n).catch(() => void falhas++);
    emCurso.add(tarefa);
    void tarefa.finally(() => emCurso.delete(tarefa));
    await new Promise((r) => setTimeout(r, intervaloMs));
  }
  await Promise.all(emCurso);
  fechar.abort();
  await escuta;
  const segundos = (Date.now() - inicio) / 1000;

  const respostaNoConsole = { ...summarize(respostas, segundos), perdidas };
  const primeiroAviso = p.push ? { ...summarize(primeiros, segundos), sem: semAviso } : null;
  const misses: string[] = [];
  if (falhas) misses.push(`morador: ${falhas} pedidos ou respostas recusados`);
  if (perdidas || !(respostaNoConsole.p95 <= ALVOS_MORADOR.respostaNoConsoleP95Ms))
    misses.push(`morador: resposta no console p95 > ${ALVOS_MORADOR.respostaNoConsoleP95Ms} ms ou ${perdidas} perdidas`);
  if (primeiroAviso && (primeiroAviso.sem || !(primeiroAviso.p95 <= ALVOS_MORADOR.primeiroAvisoP95Ms)))
    misses.push(`morador: primeiro aviso p95 > ${ALVOS_MORADOR.primeiroAvisoP95Ms} ms ou ${primeiroAviso.sem} sem aviso`);
  log(
    `morador: ${pedidos} pedidos; resposta no console p95 ${respostaNoConsole.p95.toFixed(0)} ms${primeiroAviso ? `; primeiro aviso p95 ${primeiroAviso.p95.toFixed(0)} ms` : ""}`,
  );
  return { outraInstancia: p.consoleBaseUrl !== p.baseUrl, segundos, pedidos, falhas, primeiroAviso, respostaNoConsole, misses };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "—");

export function markdownMorador(r: ResultadoMorador): string {
  const A = ALVOS_MORADOR;
  const linha = (nome: string, s: Stats, extra: string, alvo: string, ok: boolean) =>
    `| ${nome} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} | ${extra} | ${ok ? "✓" : "✗"} ${alvo} |`;
  return [
    `#### Área do Morador — ${r.pedidos} pedidos de autorização em ${r.segundos.toFixed(0)} s (${A.pedidosPorMinuto}/min), ${r.falhas} falhas`,
    "",
    "| what | n | p50 ms | p95 ms | max ms | | target |",
    "|---|--:|--:|--:|--:|---|---|",
    ...(r.primeiroAviso
      ? [
          linha(
            "pedido → primeiro aviso (push) sai",
            r.primeiroAviso,
            `${r.primeiroAviso.sem} sem aviso`,
            `p95 ≤ ${A.primeiroAvisoP95Ms} ms`,
            r.primeiroAviso.p95 <= A.primeiroAvisoP95Ms && !r.primeiroAviso.sem,
          ),
        ]
      : []),
    linha(
      "'Liberar' do morador → console" + (r.outraInstancia ? " (outra instância)" : " (mesma instância)"),
      r.respostaNoConsole,
      `${r.respostaNoConsole.perdidas} perdidas`,
      `p95 ≤ ${A.respostaNoConsoleP95Ms} ms`,
      r.respostaNoConsole.p95 <= A.respostaNoConsoleP95Ms && !r.respostaNoConsole.perdidas,
    ),
  ].join("\n");
}
