// The device bench (issue 28; gate-operation-spec §2 and §7; docs/performance.md): a fleet of
// simulated devices (scripts/simulador) — Control iD in online and monitor mode, Intelbras in Modo
// Online — reporting to the production server while the gate's porteiro opens doors from the
// console. It measures what a device and an operator notice:
//   - each event a device reports (door movements, monitor-mode accesses), from sending to the
//     portal's acknowledgement; the heartbeats apart;
//   - each online question (who is this, may they pass), from sending to the decision;
//   - each 'Abrir' from the console, from the request to 'executado' on the console's stream, on
//     the instance that took the request and, on PostgreSQL, on a console of a second instance;
//   - the gate's console search of one condominium while a device of another floods the portal
//     with 100 events per second, against the same search without the flood.
// The devices are new on each run (events and commands are never deleted, so a device cannot be
// reused with its numbering started again); the previous runs' ones are switched off.
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import type { Request } from "autocannon";
import { queryRows, type Db } from "../../src/server/db/client";
import { condominios, dispositivos, moradores, pessoasDispositivo, unidades } from "../../src/server/db/schema";
import { carregarChaveDosDispositivos, cofreDeSenhas } from "../../src/server/modules/dispositivos/senha";
import { lerEventos } from "../../src/server/testing/sse";
import { criarControlId, protocoloControlId } from "../simulador/controlid";
import { CREDENCIAIS_DA_FROTA } from "../simulador/frota";
import { criarIntelbras } from "../simulador/intelbras";
import type { DispositivoSimulado, MedidaDaChamada, ModoDeIntegracao } from "../simulador/simulado";
import { drive, type LoadResult } from "./load";
import { summarize, type Stats } from "./stats";

/** The issue's fleet and targets (§7 of the spec, issue 28). */
export const ALVOS_DISPOSITIVOS = {
  frota: 800,
  eventoP95Ms: 200,
  decisaoP95Ms: 300,
  comandoMs: 1000,
  outraInstanciaMs: 1000,
  /** The flood: one device's events per second, and how much the other condominium's search p95 may move. */
  enxurradaPorSegundo: 100,
  buscaPiora: 0.1,
} as const;

/** The people each device holds (as if synchronised) and the bench makes identify. */
const PESSOAS_POR_DISPOSITIVO = 8;
/** On average, one identification per device every this many ms (800 devices: 40 per second, several peak hours of a large central at once). */
const INTERVALO_IDENTIFICACAO_MS = 20_000;
const NOME = "Bench";

interface DispositivoDoBench {
  id: string;
  condominioId: string;
  fabricante: "controlid" | "intelbras";
  modo: ModoDeIntegracao;
  token: string;
  simulado: DispositivoSimulado;
  /** The device's user numbers of its people, and who of them the bench believes inside. */
  pessoas: string[];
  dentro: Set<string>;
}

export interface Frota {
  dispositivos: DispositivoDoBench[];
  /** The devices in the porteiro's condominium: the console opens their doors. */
  doPorteiro: DispositivoDoBench[];
  desligar(): Promise<void>;
}

/**
 * Starts the simulated fleet (listening, not yet reporting) and registers it in the database as
 * new devices of the active condominiums, the porteiro's first, each with its people as
 * synchronised. The previous runs' bench devices are switched off.
 */
export async function prepararFrota(db: Db, config: Parameters<typeof carregarChaveDosDispositivos>[0], condominioDoPorteiro: string): Promise<Frota> {
  const ativos = (
    await queryRows<{ id: string }>(
      db,
      sql`select c.id from ${condominios} c where c.ativo and exists (select 1 from ${unidades} u join ${moradores} m on m.unidade_id = u.id where u.condominio_id = c.id and u.ativo and m.ativo)
          order by (c.id = ${condominioDoPorteiro}) desc, c.id`,
    )
  ).map((r) => r.id);
  if (ativos[0] !== condominioDoPorteiro) throw new Error("O condomínio do porteiro não tem moradores ativos.");
  const pessoas = await queryRows<{ condominio_id: string; id: string; nome: string }>(
    db,
    sql`select condominio_id, id, nome from (
          select u.condominio_id, m.id, m.nome_completo as nome, row_number() over (partition by u.condominio_id order by m.id) as n
          from ${moradores} m join ${unidades} u on u.id = m.unidade_id where u.ativo and m.ativo) t
        where n <= ${PESSOAS_POR_DISPOSITIVO}`,
  );
  const porCondominio = new Map<string, { id: string; nome: string }[]>();
  for (const p of pessoas) porCondominio.set(p.condominio_id, [...(porCondominio.get(p.condominio_id) ?? []), p]);

  await db
    .update(dispositivos)
    .set({ ativo: false })
    .where(and(like(dispositivos.nome, `${NOME} %`), eq(dispositivos.ativo, true)));

  const cofre = cofreDeSenhas(carregarChaveDosDispositivos(config).chave);
  const rodada = new Date().toISOString().slice(0, 19).replace(/\D/g, "");
  const frota: DispositivoDoBench[] = [];
  for (let i = 0; i < ALVOS_DISPOSITIVOS.frota; i++) {
    const intelbras = i % 4 === 3;
    const nome = `${NOME} ${rodada} ${String(i + 1).padStart(3, "0")}`;
    // Short timers of a real device: the door closes 3 s after a pulse; a heartbeat every 30 s.
    const simulado = intelbras
      ? criarIntelbras({ nome, modelo: "SS 3530 MF W", serie: `B${i}`, portas: 2 })
      : criarControlId({ nome, modelo: "iDFace", serie: `0M9${String(i).padStart(3, "0")}/${i}`, portas: 2 });
    await simulado.ligar(0);
    const condominioId = ativos[i % ativos.length]!;
    const seus = porCondominio.get(condominioId) ?? [];
    seus.forEach((p, k) => simulado.pessoas.set(String(100_001 + k), { id: String(100_001 + k), nome: p.nome, cartoes: [], face: true }));
    frota.push({
      id: randomUUID(),
      condominioId,
      fabricante: intelbras ? "intelbras" : "controlid",
      modo: intelbras || i % 2 === 0 ? "online" : "monitor",
      token: randomBytes(32).toString("base64url"),
      simulado,
      pessoas: seus.map((_, k) => String(100_001 + k)),
      dentro: new Set(),
    });
  }
  for (let i = 0; i < frota.length; i += 200) {
    const lote = frota.slice(i, i + 200);
    await db.insert(dispositivos).values(
      lote.map((d) => ({
        id: d.id,
        condominio_id: d.condominioId,
        nome: d.simulado.opcoes.nome,
        fabricante: d.fabricante,
        modelo: d.simulado.opcoes.modelo,
        conexao: "direta" as const,
        endereco: d.simulado.endereco,
        usuario: CREDENCIAIS_DA_FROTA.usuario,
        senha: cofre.cifrar(d.id, CREDENCIAIS_DA_FROTA.senha),
        token_integracao: d.token,
        portas: [
          { numero: 1, nome: "Entrada", sentido: "entrada" as const },
          { numero: 2, nome: "Saída", sentido: "saida" as const },
        ],
        sensor_porta: true,
      })),
    );
    await db.insert(pessoasDispositivo).values(
      lote.flatMap((d) =>
        (porCondominio.get(d.condominioId) ?? []).map((p, k) => ({
          dispositivo_id: d.id,
          pessoa_chave: `morador:${p.id}`,
          nome: p.nome,
          id_no_dispositivo: String(100_001 + k),
          estado: "sincronizado" as const,
        })),
      ),
    );
  }
  const [{ n }] = (await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${dispositivos} where ${inArray(
      dispositivos.id,
      frota.map((d) => d.id),
    )}`,
  )) as [{ n: number }];
  if (n !== frota.length) throw new Error(`Só ${n} de ${frota.length} dispositivos do bench foram gravados.`);
  return {
    dispositivos: frota,
    doPorteiro: frota.filter((d) => d.condominioId === condominioDoPorteiro),
    async desligar() {
      await Promise.all(frota.map((d) => d.simulado.desligar()));
    },
  };
}

export interface ResultadoDispositivos {
  frota: { total: number; controlidOnline: number; controlidMonitor: number; intelbrasOnline: number; condominios: number };
  segundos: number;
  eventos: Stats & { falhas: number };
  vida: Stats & { falhas: number };
  decisoes: Stats & { falhas: number; concedidas: number; negadas: number };
  comandos: Stats & { falhas: number; pedidos: number };
  /** On a console connected to a second instance (PostgreSQL only). */
  outraInstancia?: Stats & { perdidos: number };
  enxurrada: {
    /** The search alone, before and after the flood; `p95` their mean. */
    semEnxurrada: { antes: Omit<LoadResult, "steps">; depois: Omit<LoadResult, "steps">; p95: number };
    comEnxurrada: Omit<LoadResult, "steps">;
    enviados: number;
    porSegundo: number;
    respostas: Record<string, number>;
    piora: number;
  };
  misses: string[];
}

/** A console's realtime stream (`/api/controle-acesso/tempo-real`): when each command was first seen 'executado' (or past it). */
function ouvirConsole(baseUrl: string, cookie: string, condominioId: string) {
  const executados = new Map<string, number>();
  const falhos = new Set<string>();
  const controle = new AbortController();
  let pronto!: () => void;
  const aberto = new Promise<void>((resolve) => (pronto = resolve));
  void (async () => {
    while (!controle.signal.aborted) {
      try {
        const resposta = await fetch(`${baseUrl}/api/controle-acesso/tempo-real?condominio_id=${condominioId}`, {
          headers: { cookie, accept: "text/event-stream" },
          signal: controle.signal,
        });
        if (!resposta.ok || !resposta.body) throw new Error(`tempo-real: HTTP ${resposta.status}`);
        await lerEventos(resposta.body, (evento, dados) => {
          if (evento === "pronto") pronto();
          if (evento !== "comando" || !dados) return;
          const comando = dados as { id: string; estado: string };
          if (comando.estado === "falhou") falhos.add(comando.id);
          else if (comando.estado !== "solicitado" && comando.estado !== "enviado" && !executados.has(comando.id))
            executados.set(comando.id, performance.now());
        });
      } catch {
        if (controle.signal.aborted) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  })();
  return { executados, falhos, aberto, fechar: () => controle.abort() };
}

const comFalhas = (medidas: MedidaDaChamada[], segundos: number) => ({
  ...summarize(
    medidas.filter((m) => m.status !== null && m.status >= 200 && m.status < 300).map((m) => m.ms),
    segundos,
  ),
  falhas: medidas.filter((m) => m.status === null || m.status < 200 || m.status >= 300).length,
});

export interface PlanoDispositivos {
  frota: Frota;
  baseUrl: string;
  origin: string;
  /** A second instance on the same database (PostgreSQL), whose console must see the outcome. */
  outraBaseUrl?: string;
  porteiro: { cookie: string; condominioId: string };
  /** The porteiro's console searches (the gate's values), driven with and without the flood. */
  buscas: string[];
  /** The fleet's measured window, after its warm-up. */
  segundos: number;
  aquecimentoSegundos: number;
  /** Each search run, with and without the flood: a whole minute, the device limit's window (600 calls a minute). */
  buscaSegundos: number;
  log: (linha: string) => void;
}

/** Runs the fleet against the server and measures; the fleet keeps reporting until `frota.desligar()`. */
export async function medirDispositivos(p: PlanoDispositivos): Promise<ResultadoDispositivos> {
  const { frota, log } = p;
  const medidas: MedidaDaChamada[] = [];
  let medindo = false;
  // Each device is configured at its own moment within a heartbeat period, so the fleet's
  // heartbeats spread as a real fleet's do (devices are not switched on in the same millisecond).
  const ligacoes = new Set<NodeJS.Timeout>();
  for (const d of frota.dispositivos) {
    d.simulado.aoChamar = (m) => {
      if (medindo) medidas.push(m);
    };
    const ligacao = setTimeout(() => {
      ligacoes.delete(ligacao);
      d.simulado.integracao = { url: `${p.baseUrl}/api/integracoes/${d.fabricante}/${d.token}`, modo: d.modo };
    }, Math.random() * d.simulado.opcoes.vidaMs);
    ligacoes.add(ligacao);
  }

  // Identifications: each device, on average every 20 s, one of its people, in at the entrance or out at the exit.
  let concedidas = 0;
  let negadas = 0;
  const timers = new Set<NodeJS.Timeout>();
  const identificar = (d: DispositivoDoBench) => {
    const usuario = d.pessoas[Math.floor(Math.random() * d.pessoas.length)];
    if (!usuario) return;
    const saindo = d.dentro.has(usuario);
    void d.simulado.identificar({ tipo: "face", valor: usuario }, saindo ? 2 : 1).then((decisao) => {
      if (medindo) {
        if (decisao.concedido) concedidas++;
        else negadas++;
      }
      // In, then out, whatever the answer: a refusal on the way in (the portal may know them inside from an earlier run) is followed by a way out.
      if (saindo) d.dentro.delete(usuario);
      else d.dentro.add(usuario);
    });
  };
  const agendar = (d: DispositivoDoBench, ms = INTERVALO_IDENTIFICACAO_MS * (0.5 + Math.random())) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      identificar(d);
      agendar(d);
    }, ms);
    timers.add(timer);
  };
  const parar = () => {
    for (const t of [...timers, ...ligacoes]) clearTimeout(t);
    timers.clear();
    ligacoes.clear();
  };

  // The consoles: the porteiro's, on this instance and on the other.
  const consoleA = ouvirConsole(p.baseUrl, p.porteiro.cookie, p.porteiro.condominioId);
  const consoleB = p.outraBaseUrl ? ouvirConsole(p.outraBaseUrl, p.porteiro.cookie, p.porteiro.condominioId) : null;
  await Promise.all([consoleA.aberto, consoleB?.aberto]);

  const pedidos: { id: string | null; inicio: number; status: number }[] = [];
  let n = 0;
  const abrir = async () => {
    const alvo = frota.doPorteiro[n++ % frota.doPorteiro.length]!;
    const inicio = performance.now();
    const resposta = await fetch(`${p.baseUrl}/api/controle-acesso/abrir`, {
      method: "POST",
      headers: { cookie: p.porteiro.cookie, origin: p.origin, "content-type": "application/json" },
      body: JSON.stringify({
        condominio_id: p.porteiro.condominioId,
        dispositivo_id: alvo.id,
        porta: 1,
        chave_idempotencia: `bench-${randomUUID()}`,
        motivo: "Abertura remota medida pelo bench",
      }),
    });
    const corpo = (await resposta.json()) as { id?: string };
    if (medindo) pedidos.push({ id: resposta.status === 201 ? (corpo.id ?? null) : null, inicio, status: resposta.status });
  };

  try {
    log(`dispositivos: ${frota.dispositivos.length} simulados reportando; aquecimento de ${p.aquecimentoSegundos} s...`);
    for (const d of frota.dispositivos) agendar(d, Math.random() * d.simulado.opcoes.vidaMs);
    const comandos = setInterval(() => void abrir(), 1000);
    try {
      await new Promise((r) => setTimeout(r, p.aquecimentoSegundos * 1000));
      medindo = true;
      const inicio = performance.now();
      await new Promise((r) => setTimeout(r, p.segundos * 1000));
      medindo = false;
      const segundos = (performance.now() - inicio) / 1000;
      clearInterval(comandos);
      parar();
      // The last commands' outcomes: each ends within its timeout (5 s).
      await new Promise((r) => setTimeout(r, 6000));

      const eventos = comFalhas(
        medidas.filter((m) => m.tipo === "evento"),
        segundos,
      );
      const vida = comFalhas(
        medidas.filter((m) => m.tipo === "vida"),
        segundos,
      );
      const decisoes = {
        ...comFalhas(
          medidas.filter((m) => m.tipo === "pergunta"),
          segundos,
        ),
        concedidas,
        negadas,
      };
      const feitos = pedidos.filter((x) => x.id && consoleA.executados.has(x.id));
      const comandosStats = {
        ...summarize(
          feitos.map((x) => consoleA.executados.get(x.id!)! - x.inicio),
          segundos,
        ),
        falhas: pedidos.length - feitos.length,
        pedidos: pedidos.length,
      };
      const outraInstancia = consoleB
        ? {
            ...summarize(
              feitos.filter((x) => consoleB.executados.has(x.id!)).map((x) => consoleB.executados.get(x.id!)! - x.inicio),
              segundos,
            ),
            perdidos: feitos.filter((x) => !consoleB.executados.has(x.id!)).length,
          }
        : undefined;
      log(
        `dispositivos: eventos p95 ${eventos.p95.toFixed(1)} ms (${eventos.count}, ${eventos.falhas} falhas); decisões p95 ${decisoes.p95.toFixed(1)} ms (${decisoes.count}); comandos p95 ${comandosStats.p95.toFixed(0)} ms (${feitos.length}/${pedidos.length})${outraInstancia ? `; outra instância p95 ${outraInstancia.p95.toFixed(0)} ms` : ""}`,
      );

      // The flood: the porteiro's search alone (the fleet only beating), then with one device of another condominium sending 100 events/s.
      let turno = 0;
      const busca = (): Request[] => [
        {
          method: "GET",
          path: p.buscas[0]!,
          headers: { cookie: p.porteiro.cookie },
          setupRequest: (r: Request) => ({ ...r, path: p.buscas[turno++ % p.buscas.length] }),
        },
      ];
      const plano = { baseUrl: p.baseUrl, connections: 10, seconds: p.buscaSegundos, warmupSeconds: 1 };
      // Before and after the flood, to cancel the machine's drift; the flood against their mean.
      const { steps: _a, ...antes } = await drive({ ...plano, requests: busca() });
      const inundador = frota.dispositivos.find((d) => d.condominioId !== p.porteiro.condominioId && d.fabricante === "controlid")!;
      const respostas: Record<string, number> = {};
      let enviados = 0;
      let emVoo = 0;
      let aberta = false;
      const url = `${p.baseUrl}/api/integracoes/controlid/${inundador.token}`;
      // Paced at 100 per second whatever the answers' times (up to 50 in flight), as a faulty device would.
      const inicioEnxurrada = performance.now();
      const enviar = () => {
        aberta = !aberta;
        const registro = inundador.simulado.registrar({ tipo: aberta ? "porta_aberta" : "porta_fechada", porta: 1 });
        const chamada = protocoloControlId.porta(inundador.simulado, registro);
        enviados++;
        emVoo++;
        void fetch(`${url}/${chamada.caminho}`, {
          method: chamada.metodo,
          headers: chamada.tipoDoCorpo ? { "content-type": chamada.tipoDoCorpo } : {},
          body: chamada.corpo,
        })
          .then(async (r) => {
            await r.arrayBuffer();
            respostas[r.status] = (respostas[r.status] ?? 0) + 1;
          })
          .catch(() => (respostas.erro = (respostas.erro ?? 0) + 1))
          .finally(() => emVoo--);
      };
      const enxurrada = setInterval(() => {
        const devidos = Math.floor(((performance.now() - inicioEnxurrada) / 1000) * ALVOS_DISPOSITIVOS.enxurradaPorSegundo);
        while (enviados < devidos && emVoo < 50) enviar();
      }, 5);
      let comEnxurrada: Omit<LoadResult, "steps">;
      try {
        const { steps: _b, ...medida } = await drive({ ...plano, warmupSeconds: 0, requests: busca() });
        comEnxurrada = medida;
      } finally {
        clearInterval(enxurrada);
      }
      const porSegundo = enviados / ((performance.now() - inicioEnxurrada) / 1000);
      // The flood's last answers, then the search alone again.
      await new Promise((r) => setTimeout(r, 1000));
      const { steps: _c, ...depois } = await drive({ ...plano, requests: busca() });
      const semEnxurrada = { antes, depois, p95: (antes.p95 + depois.p95) / 2 };
      const piora = comEnxurrada.p95 / semEnxurrada.p95 - 1;
      log(
        `dispositivos: busca do porteiro p95 ${semEnxurrada.p95.toFixed(1)} ms sem e ${comEnxurrada.p95.toFixed(1)} ms com a enxurrada (${porSegundo.toFixed(0)} eventos/s, respostas ${JSON.stringify(respostas)})`,
      );

      const A = ALVOS_DISPOSITIVOS;
      const misses: string[] = [];
      if (!(eventos.p95 <= A.eventoP95Ms) || eventos.falhas) misses.push(`eventos: p95 > ${A.eventoP95Ms} ms ou falhas`);
      if (!(decisoes.p95 <= A.decisaoP95Ms) || decisoes.falhas) misses.push(`decisões: p95 > ${A.decisaoP95Ms} ms ou falhas`);
      if (!(comandosStats.max <= A.comandoMs) || comandosStats.falhas) misses.push(`comandos: algum > ${A.comandoMs} ms ou falhou`);
      if (outraInstancia && (!(outraInstancia.max <= A.outraInstanciaMs) || outraInstancia.perdidos))
        misses.push(`outra instância: algum > ${A.outraInstanciaMs} ms ou perdido`);
      if (piora > A.buscaPiora) misses.push(`busca com a enxurrada: p95 +${(piora * 100).toFixed(0)} % > ${A.buscaPiora * 100} %`);
      const contar = (f: (d: DispositivoDoBench) => boolean) => frota.dispositivos.filter(f).length;
      return {
        frota: {
          total: frota.dispositivos.length,
          controlidOnline: contar((d) => d.fabricante === "controlid" && d.modo === "online"),
          controlidMonitor: contar((d) => d.fabricante === "controlid" && d.modo === "monitor"),
          intelbrasOnline: contar((d) => d.fabricante === "intelbras"),
          condominios: new Set(frota.dispositivos.map((d) => d.condominioId)).size,
        },
        segundos,
        eventos,
        vida,
        decisoes,
        comandos: comandosStats,
        outraInstancia,
        enxurrada: { semEnxurrada, comEnxurrada, enviados, porSegundo, respostas, piora },
        misses,
      };
    } finally {
      clearInterval(comandos);
    }
  } finally {
    parar();
    consoleA.fechar();
    consoleB?.fechar();
    for (const d of frota.dispositivos) {
      d.simulado.aoChamar = null;
      d.simulado.integracao = null;
    }
  }
}

const ms = (v: number) => (Number.isNaN(v) ? "—" : v < 10 ? v.toFixed(2) : v.toFixed(1));

/** The device bench's table (appended to the database's markdown). */
export function markdownDispositivos(r: ResultadoDispositivos): string {
  const A = ALVOS_DISPOSITIVOS;
  const f = r.frota;
  const linha = (nome: string, s: Stats, extra: string, alvo: string, ok: boolean) =>
    `| ${nome} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} | ${extra} | ${ok ? "✓" : "✗"} ${alvo} |`;
  const e = r.enxurrada;
  return [
    `#### Dispositivos — ${f.total} simulados em ${f.condominios} condomínios (Control iD: ${f.controlidOnline} online, ${f.controlidMonitor} monitor; Intelbras: ${f.intelbrasOnline} Modo Online), ${r.segundos.toFixed(0)} s medidos`,
    "",
    "| what | n | p50 ms | p95 ms | max ms | | target |",
    "|---|--:|--:|--:|--:|---|---|",
    linha(
      "evento do dispositivo → confirmação",
      r.eventos,
      `${r.eventos.falhas} falhas`,
      `p95 ≤ ${A.eventoP95Ms} ms`,
      r.eventos.p95 <= A.eventoP95Ms && !r.eventos.falhas,
    ),
    linha("batimento (vida) → confirmação", r.vida, `${r.vida.falhas} falhas`, "—", !r.vida.falhas),
    linha(
      "decisão online (identificação → resposta)",
      r.decisoes,
      `${r.decisoes.concedidas} liberadas, ${r.decisoes.negadas} negadas, ${r.decisoes.falhas} falhas`,
      `p95 ≤ ${A.decisaoP95Ms} ms`,
      r.decisoes.p95 <= A.decisaoP95Ms && !r.decisoes.falhas,
    ),
    linha(
      "'Abrir' → 'executado' no console (mesma instância)",
      r.comandos,
      `${r.comandos.pedidos} pedidos, ${r.comandos.falhas} sem 'executado'`,
      `cada um ≤ ${A.comandoMs} ms`,
      r.comandos.max <= A.comandoMs && !r.comandos.falhas,
    ),
    r.outraInstancia
      ? linha(
          "'Abrir' → 'executado' no console de outra instância",
          r.outraInstancia,
          `${r.outraInstancia.perdidos} não vistos`,
          `cada um ≤ ${A.outraInstanciaMs} ms`,
          r.outraInstancia.max <= A.outraInstanciaMs && !r.outraInstancia.perdidos,
        )
      : "| 'Abrir' → 'executado' no console de outra instância | — | — | — | — | só com PostgreSQL (o PGlite é de uma instância) | — |",
    "",
    `Busca do console do porteiro (outro condomínio), 10 conexões, ${e.comEnxurrada.seconds.toFixed(0)} s cada medida: p95 ${ms(e.semEnxurrada.p95)} ms sem (${ms(e.semEnxurrada.antes.p95)} antes, ${ms(e.semEnxurrada.depois.p95)} depois) e ${ms(e.comEnxurrada.p95)} ms com um dispositivo enviando ${e.porSegundo.toFixed(0)} eventos/s (${e.enviados} enviados; respostas ${JSON.stringify(e.respostas)}): ${e.piora >= 0 ? "+" : ""}${(e.piora * 100).toFixed(1)} % ${e.piora <= A.buscaPiora ? "✓" : "✗"} (≤ ${A.buscaPiora * 100} %).`,
  ].join("\n");
}
