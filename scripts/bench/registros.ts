// Registros over a year (issue 33): every filter combination's latency, and the porteiro's search
// while ten heavy Registros requests run. Part of `npm run bench` (`--filter registros`).
import { dateInSaoPaulo, today } from "../../src/shared/time";
import { drive } from "./load";
import { summarize, type Stats } from "./stats";

const TIPOS = ["todos", "morador", "visitante", "prestador", "entregador", "nao_identificado"] as const;
const SENTIDOS = ["todos", "entrada", "saida"] as const;
const RESULTADOS = ["todos", "liberado", "negado"] as const;
/** Requests per combination, after one unmeasured. */
const AMOSTRAS = 10;
/** The heavy requests running at once during the second measure (the "ten"). */
const PESADAS = 10;

export interface CombinacaoMedida {
  filtro: string;
  p50: number;
  p95: number;
  max: number;
  /** Answers that stopped at the search window (decision 0286). */
  limitadas: number;
  statuses: Record<string, number>;
}

export interface ResultadoRegistros {
  periodo: { de: string; ate: string };
  combinacoes: CombinacaoMedida[];
  /** The porteiro's name search alone, then with PESADAS heavy Registros requests running. */
  busca: { sozinha: Stats; comPesadas: Stats; razao: number };
  pesadas: Stats & { statuses: Record<string, number> };
  misses: string[];
}

export interface AlvosRegistros {
  combinacaoP95Ms: number;
  /** The porteiro's search p95 with the heavy reads running, over its p95 alone. */
  buscaSobCarga: number;
}

interface Opcoes {
  baseUrl: string;
  /** The central supervisor (every condominium) and the porteiro (one). */
  central: string;
  porteiro: string;
  condominioId: string;
  /** The porteiro's searches, sent in turn. */
  buscas: string[];
  seconds: number;
  alvos: AlvosRegistros;
  log: (line: string) => void;
}

const caminho = (params: Record<string, string>) => `/api/registros?${new URLSearchParams({ q: "", limit: "50", ...params })}`;

async function pedir(baseUrl: string, path: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, limitada: response.status === 200 && JSON.parse(body).busca_limitada !== null };
}

export async function medirRegistros(o: Opcoes): Promise<ResultadoRegistros> {
  const periodo = { de: dateInSaoPaulo(Date.now() - 364 * 86_400_000), ate: today() };
  const misses: string[] = [];

  // 1. Every combination of the screen's filters over the year, for one condominium and for all.
  const combinacoes: CombinacaoMedida[] = [];
  for (const condominio_id of [o.condominioId, "todos"])
    for (const tipo_pessoa of TIPOS)
      for (const sentido of SENTIDOS)
        for (const resultado of RESULTADOS) {
          const path = caminho({ ...periodo, condominio_id, tipo_pessoa, sentido, resultado });
          await pedir(o.baseUrl, path, o.central);
          const ms: number[] = [];
          const statuses: Record<string, number> = {};
          let limitadas = 0;
          for (let i = 0; i < AMOSTRAS; i++) {
            const r = await pedir(o.baseUrl, path, o.central);
            ms.push(r.ms);
            statuses[r.status] = (statuses[r.status] ?? 0) + 1;
            if (r.limitada) limitadas++;
          }
          const s = summarize(ms, 0);
          const filtro = `${condominio_id === "todos" ? "todos" : "um condomínio"}, ${tipo_pessoa}, ${sentido}, ${resultado}`;
          combinacoes.push({ filtro, p50: s.p50, p95: s.p95, max: s.max, limitadas, statuses });
          if (s.p95 > o.alvos.combinacaoP95Ms) misses.push(`registros (${filtro}): p95 ${s.p95.toFixed(0)} > ${o.alvos.combinacaoP95Ms} ms`);
          if (statuses["200"] !== AMOSTRAS) misses.push(`registros (${filtro}): respostas ${JSON.stringify(statuses)}`);
        }
  const pior = combinacoes.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  o.log(`registros: ${combinacoes.length} combinações num ano; pior p95 ${pior.p95.toFixed(1)} ms (${pior.filtro})`);

  // 2. The porteiro's search alone, then while PESADAS heavy requests (a rare filter over the
  // year, every condominium) run back to back.
  let turno = 0;
  const buscar = () =>
    drive({
      baseUrl: o.baseUrl,
      connections: 2,
      seconds: o.seconds,
      warmupSeconds: 1,
      requests: [
        { method: "GET", path: o.buscas[0]!, headers: { cookie: o.porteiro }, setupRequest: (r) => ({ ...r, path: o.buscas[turno++ % o.buscas.length] }) },
      ],
    });
  const sozinha = await buscar();
  const pesada = caminho({ ...periodo, condominio_id: "todos", tipo_pessoa: "visitante", sentido: "saida", resultado: "negado" });
  let parar = false;
  const pesadasMs: number[] = [];
  const pesadasStatus: Record<string, number> = {};
  const inicio = performance.now();
  const lacos = Array.from({ length: PESADAS }, async () => {
    while (!parar) {
      const r = await pedir(o.baseUrl, pesada, o.central);
      pesadasMs.push(r.ms);
      pesadasStatus[r.status] = (pesadasStatus[r.status] ?? 0) + 1;
    }
  });
  const comPesadas = await buscar();
  parar = true;
  await Promise.all(lacos);
  const pesadas = { ...summarize(pesadasMs, (performance.now() - inicio) / 1000), statuses: pesadasStatus };
  const { steps: _a, statuses: _b, errors: _c, ...sozinhaStats } = sozinha;
  const { steps: _d, statuses: _e, errors: _f, ...comStats } = comPesadas;
  const razao = comPesadas.p95 / sozinha.p95;
  for (const [nome, r] of [
    ["sozinha", sozinha],
    ["com pesadas", comPesadas],
  ] as const)
    if (r.errors || Object.keys(r.statuses).some((status) => status !== "200"))
      misses.push(`busca do porteiro (${nome}): respostas ${JSON.stringify(r.statuses)}, ${r.errors} erros`);
  o.log(
    `registros: busca do porteiro p95 ${sozinha.p95.toFixed(2)} ms sozinha, ${comPesadas.p95.toFixed(2)} ms com ${PESADAS} leituras pesadas (${razao.toFixed(2)}×); pesadas p95 ${pesadas.p95.toFixed(0)} ms, ${JSON.stringify(pesadasStatus)}`,
  );
  if (razao > o.alvos.buscaSobCarga) misses.push(`busca do porteiro com ${PESADAS} leituras pesadas: p95 ×${razao.toFixed(2)} > ×${o.alvos.buscaSobCarga}`);
  return { periodo, combinacoes, busca: { sozinha: sozinhaStats, comPesadas: comStats, razao }, pesadas, misses };
}
