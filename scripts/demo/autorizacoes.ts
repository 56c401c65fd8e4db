import { dateInSaoPaulo, dayStartInSaoPaulo } from "@shared/time";
import {
  CODIGO_ALFABETO,
  CODIGO_TAMANHO,
  dayEndInSaoPaulo,
  pareceCodigo,
  weekdayInSaoPaulo,
  type AutorizacaoRegras,
  type TipoAutorizacao,
} from "@shared/schemas/visitantes";
import { decidir } from "../../src/server/modules/controle-acesso/decisao";
import type { Evento, HistoricoMorador, HistoricoRng, Pessoa } from "./tipos";
import type { autorizacoesVisita } from "../../src/server/db/schema";

// Visitors' pre-authorisations of the demo (issue 16, "Demo data"), with their entries in the gate
// history: 'Única' ones used and a few for today and tomorrow, 'Período' ones in force and
// expired, 'Recorrente' ones (diaristas, personal trainers, caregivers...) with their weekly
// visits, some cancelled. Each attempt at the gate is decided by the server's own rule
// (`decidir` of controle-acesso/decisao.ts, São Paulo time) on the authorisation as it stood at that instant, so the
// records, the refusals' texts and entradas_usadas agree with what the gate would have done.

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export type AutorizacaoRow = typeof autorizacoesVisita.$inferInsert & { id: string; entradas_usadas: number };

/** Authorisations of one condominium at scale 1 (the counts of each kind below add up to it). */
export const AUTORIZACOES_POR_CONDOMINIO = 36;

export interface AutorizacoesInput {
  condoId: string;
  /** Active adult residents of the condominium (each authorises for their own unit). */
  residents: readonly HistoricoMorador[];
  /** The demo user who created them (a síndico of the condominium, else the central), or null. */
  criadoPor: string | null;
  rng: HistoricoRng;
  pessoa: () => string;
  cpf: () => string;
  placa: () => string;
  telefone: () => string;
  email: (nome: string) => string;
  /** São Paulo midnight of the history's first day (day 0); today is day 365. */
  firstDay: number;
  nowMs: number;
  /** Codes already taken (by active authorisations anywhere, and by this run): kept unique. */
  codigos: Set<string>;
  /** Share of the full set to make (the condominium's history may be smaller than at scale 1). */
  fraction: number;
}

export interface AutorizacoesResult {
  rows: AutorizacaoRow[];
  events: Evento[];
}

interface Recorrente {
  papel: string;
  dias: number[];
  inicio: string;
  fim: string;
}
/** The first one is issue 16's example: a diarista on Mondays and Thursdays, 08:00–17:00. */
const RECORRENTES: readonly Recorrente[] = [
  { papel: "Diarista", dias: [1, 4], inicio: "08:00", fim: "17:00" },
  { papel: "Personal trainer", dias: [1, 3, 5], inicio: "06:00", fim: "08:00" },
  { papel: "Cuidadora de idosos", dias: [1, 2, 3, 4, 5], inicio: "07:00", fim: "19:00" },
  { papel: "Professora de inglês", dias: [2, 4], inicio: "18:00", fim: "20:00" },
  { papel: "Fisioterapeuta", dias: [2, 5], inicio: "14:00", fim: "16:00" },
  { papel: "Babá", dias: [1, 2, 3, 4, 5], inicio: "07:30", fim: "18:30" },
  { papel: "Passeador de cães", dias: [1, 3, 5], inicio: "11:00", fim: "13:00" },
  { papel: "Diarista", dias: [2, 5], inicio: "08:00", fim: "16:00" },
];
const OBS_UNICA = ["Aniversário", "Visita de família", "Entrega de móveis", "Técnico da operadora de internet", "Almoço de domingo", null, null, null] as const;

/** Minutes since midnight of "HH:mm". */
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface Tentativa {
  t: number;
  /** When the visitor leaves after being let in (null: still inside). */
  saida: number | null;
}

interface Plano {
  tipo: TipoAutorizacao;
  /** First and last São Paulo day (day numbers of the history). */
  de: number;
  ate: number;
  dias?: number[];
  inicio?: string;
  fim?: string;
  max?: number;
  observacoes: string | null;
  tentativas: Tentativa[];
  cancelada?: number;
  /** When it was created (defaults to some days before its first day). */
  criada?: number;
}

/** A fresh code as the server's generator makes them (its alphabet and rule), from the demo's generator. */
function codigoDemo(rng: HistoricoRng, taken: Set<string>): string {
  for (;;) {
    let code = "";
    for (let i = 0; i < CODIGO_TAMANHO; i++) code += CODIGO_ALFABETO[Math.floor(rng.next() * CODIGO_ALFABETO.length)];
    if (pareceCodigo(code) && !taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}

/** The authorisations of one condominium and their gate records (not yet chained). */
export function autorizacoesDoCondominio(input: AutorizacoesInput): AutorizacoesResult {
  const { rng, firstDay, nowMs } = input;
  const result: AutorizacoesResult = { rows: [], events: [] };
  if (!input.residents.length || input.fraction <= 0) return result;
  const today = Math.floor((nowMs - firstDay) / DAY);
  const dayStart = (day: number) => firstDay + day * DAY;
  const isoDay = (day: number) => dateInSaoPaulo(dayStart(day) + 12 * HOUR);
  /** An instant of a day at a São Paulo wall-clock minute, with random seconds. */
  const at = (day: number, minute: number) => dayStart(day) + minute * MIN + rng.int(0, 59) * 1000 + rng.int(0, 999);
  const weekday = (day: number) => weekdayInSaoPaulo(dayStart(day) + 12 * HOUR);
  const n = (base: number) => Math.round(base * Math.min(1, input.fraction));

  /** A visit within a daily window [inicio, fim] (minutes): arrival early in it, leaving before its end. */
  const visita = (day: number, inicio: number, fim: number): Tentativa => {
    const arrival = at(day, inicio + rng.int(0, Math.max(0, Math.min(45, Math.floor((fim - inicio) / 3)))));
    const leave = Math.max(arrival + 30 * MIN, dayStart(day) + (fim - rng.int(1, 30)) * MIN);
    return { t: arrival, saida: leave };
  };
  /** A visit at some daytime hour of a day without a window. */
  const visitaLivre = (day: number): Tentativa => {
    const arrival = at(day, rng.int(9 * 60, 20 * 60));
    return { t: arrival, saida: arrival + rng.int(40, 240) * MIN };
  };

  const planos: Plano[] = [];
  // 'Única', used on its day (one of them tried again after leaving: already used).
  for (let i = 0; i < n(14); i++) {
    const day = rng.int(2, today - 1);
    const tentativas = [visitaLivre(day)];
    if (i === 0) tentativas.push({ t: tentativas[0]!.saida! + rng.int(30, 90) * MIN, saida: null });
    planos.push({ tipo: "unica", de: day, ate: day, observacoes: rng.pick(OBS_UNICA), tentativas });
  }
  // 'Única' for today and tomorrow, not used yet (created a few hours ago).
  for (let i = 0; i < n(3); i++) {
    const day = today + (i === 2 ? 1 : 0);
    planos.push({ tipo: "unica", de: day, ate: day, observacoes: rng.pick(OBS_UNICA), tentativas: [], criada: nowMs - rng.int(1, 5) * HOUR });
  }
  // 'Única' whose day went by without a visit; one visitor came the day after (expired).
  for (let i = 0; i < n(2); i++) {
    const day = rng.int(20, today - 3);
    planos.push({ tipo: "unica", de: day, ate: day, observacoes: null, tentativas: i === 0 ? [visitaLivre(day + 1)] : [] });
  }
  // 'Período' in force: a relative staying for some days (inside now), a renovation with working
  // hours (one worker too early), a caregiver for a few weeks.
  for (let i = 0; i < n(3); i++) {
    const de = today - rng.int(3, 12);
    const ate = today + rng.int(2, 20);
    const obra = i === 1;
    const inicio = obra ? "08:00" : undefined;
    const fim = obra ? "17:00" : undefined;
    const tentativas: Tentativa[] = [];
    for (let day = de; day < today; day++) {
      if (!rng.chance(0.7)) continue;
      if (obra && rng.chance(0.15)) tentativas.push({ t: at(day, 7 * 60 + rng.int(10, 45)), saida: null });
      tentativas.push(obra ? visita(day, 8 * 60, 17 * 60) : visitaLivre(day));
    }
    if (i === 0) {
      // Came in today (or last evening, before 7 h) and is still inside.
      const early = nowMs < dayStart(today) + 7 * HOUR + 30 * MIN;
      const t = early ? at(today - 1, rng.int(19 * 60, 21 * 60)) : Math.max(dayStart(today) + 7 * HOUR, nowMs - rng.int(20, 120) * MIN);
      while (tentativas.length && tentativas.at(-1)!.saida! >= t) tentativas.pop();
      tentativas.push({ t, saida: null });
    }
    const observacoes = i === 0 ? "Hóspede (visita de família)" : obra ? "Reforma do apartamento" : "Acompanhante de morador em recuperação";
    planos.push({ tipo: "periodo", de, ate, inicio, fim, observacoes, tentativas });
  }
  // 'Período' that ended; one visitor came back after the end (expired).
  for (let i = 0; i < n(3); i++) {
    const de = rng.int(10, today - 40);
    const ate = de + rng.int(3, 20);
    const tentativas: Tentativa[] = [];
    for (let day = de; day <= ate; day++) if (rng.chance(0.6)) tentativas.push(visitaLivre(day));
    if (i === 0) tentativas.push(visitaLivre(ate + rng.int(1, 5)));
    planos.push({ tipo: "periodo", de, ate, observacoes: rng.pick(["Visita de família", "Mudança", "Reforma do apartamento"]), tentativas });
  }
  // 'Período' with a maximum of entries, reached (utilizada), and tried once more.
  for (let i = 0; i < n(1); i++) {
    const de = rng.int(30, today - 20);
    const tentativas = [visitaLivre(de), visitaLivre(de + 2), visitaLivre(de + 4), visitaLivre(de + 5)];
    planos.push({ tipo: "periodo", de, ate: de + 10, max: 3, observacoes: "Montagem de móveis", tentativas });
  }
  // 'Recorrente' in force, weekly visits since they started; now and then someone early or on another day.
  const recorrentes = (de: number, ate: number, r: Recorrente, cancelada?: number): Tentativa[] => {
    const tentativas: Tentativa[] = [];
    const inicio = minutes(r.inicio);
    const fim = minutes(r.fim);
    for (let day = de; day <= Math.min(ate, today); day++) {
      if (cancelada !== undefined && dayStart(day) > cancelada) break;
      const on = r.dias.includes(weekday(day));
      if (!on) {
        if (rng.chance(0.01)) tentativas.push({ t: at(day, inicio + rng.int(0, 60)), saida: null });
        continue;
      }
      if (rng.chance(0.03)) tentativas.push({ t: at(day, Math.max(5 * 60, inicio - rng.int(15, 50))), saida: null });
      if (rng.chance(0.9)) tentativas.push(visita(day, inicio, fim));
    }
    return tentativas;
  };
  for (let i = 0; i < n(6); i++) {
    const r = i === 0 ? RECORRENTES[0]! : rng.pick(RECORRENTES);
    const de = today - rng.int(30, 200);
    const ate = today + rng.int(30, 180);
    planos.push({ tipo: "recorrente", de, ate, dias: r.dias, inicio: r.inicio, fim: r.fim, observacoes: r.papel, tentativas: recorrentes(de, ate, r) });
  }
  // 'Recorrente' that ended some months ago.
  for (let i = 0; i < n(1); i++) {
    const r = rng.pick(RECORRENTES);
    const de = rng.int(5, 120);
    const ate = de + rng.int(30, 90);
    planos.push({ tipo: "recorrente", de, ate, dias: r.dias, inicio: r.inicio, fim: r.fim, observacoes: r.papel, tentativas: recorrentes(de, ate, r) });
  }
  // Cancelled: a 'Recorrente' after some weeks (the visitor came back: cancelled), a 'Período'
  // before it began, an 'Única' cancelled the day before.
  for (let i = 0; i < n(3); i++) {
    if (i === 0) {
      const r = rng.pick(RECORRENTES);
      const de = rng.int(60, today - 60);
      const cancelada = dayStart(de + rng.int(20, 40)) + rng.int(10, 20) * HOUR;
      const tentativas = recorrentes(de, de + 180, r, cancelada);
      const depois = Math.floor((cancelada - firstDay) / DAY) + 1;
      for (let k = 0; k < 7; k++) {
        if (!r.dias.includes(weekday(depois + k))) continue;
        tentativas.push({ t: at(depois + k, minutes(r.inicio) + rng.int(0, 30)), saida: null });
        break;
      }
      planos.push({ tipo: "recorrente", de, ate: de + 180, dias: r.dias, inicio: r.inicio, fim: r.fim, observacoes: r.papel, tentativas, cancelada });
    } else if (i === 1) {
      const de = rng.int(40, today - 10);
      planos.push({
        tipo: "periodo",
        de,
        ate: de + rng.int(2, 7),
        observacoes: "Visita de família",
        tentativas: [],
        cancelada: dayStart(de - 1) + rng.int(9, 20) * HOUR,
      });
    } else {
      const de = rng.int(40, today - 2);
      planos.push({ tipo: "unica", de, ate: de, observacoes: null, tentativas: [], cancelada: dayStart(de - 1) + rng.int(9, 20) * HOUR });
    }
  }

  const quota = input.fraction >= 1 ? Infinity : Math.floor(50_000 * input.fraction * 0.25);
  for (const plano of planos) {
    const made = autorizacao(plano);
    if (result.events.length + made.events.length > quota) break;
    result.rows.push(made.row);
    result.events.push(...made.events);
  }
  return result;

  function autorizacao(plano: Plano): { row: AutorizacaoRow; events: Evento[] } {
    const host = rng.pick(input.residents);
    const nome = input.pessoa();
    const docRoll = rng.next();
    const documento_tipo = docRoll < 0.8 ? "cpf" : docRoll < 0.9 ? "rg" : null;
    const documento_numero =
      documento_tipo === "cpf" ? input.cpf() : documento_tipo === "rg" ? String(rng.int(10_000_000, 99_999_999)) + String(rng.int(0, 9)) : null;
    const id = rng.uuid();
    const valido_de = dayStartInSaoPaulo(isoDay(plano.de));
    const valido_ate = dayEndInSaoPaulo(isoDay(plano.ate));
    let criada = plano.criada ?? Math.min(nowMs - HOUR, dayStart(plano.de - rng.int(1, 6)) + rng.int(8 * 60, 21 * 60) * MIN);
    if (plano.cancelada !== undefined) criada = Math.min(criada, plano.cancelada - rng.int(2, 48) * HOUR);
    const placa = rng.chance(0.25) ? input.placa() : null;
    const regras: AutorizacaoRegras = {
      status: "ativa",
      valido_de,
      valido_ate,
      dias_semana: plano.dias ?? null,
      hora_inicio: plano.inicio ?? null,
      hora_fim: plano.fim ?? null,
      max_entradas: plano.tipo === "unica" ? 1 : (plano.max ?? null),
      entradas_usadas: 0,
    };
    const chave = `autorizacao:${id}`;
    const base = {
      chave,
      tipo_pessoa: "visitante",
      nome_pessoa: nome,
      documento: documento_numero,
      unidade_id: host.unitId,
      morador_id: null,
      prestador_id: null,
      placa,
      autorizacao_id: id,
    } as const;
    // At the gate 'Autorizado por' is the resident who authorised; an exit names nobody.
    const entrando: Pessoa = { ...base, autorizado_por: host.nome };
    const saindo: Pessoa = { ...base, autorizado_por: null };
    const events: Evento[] = [];
    let ultimoUso = criada;
    let livreDesde = 0;
    const tentativas = plano.tentativas.filter((t) => t.t > criada && t.t < nowMs).sort((x, y) => x.t - y.t);
    for (const tentativa of tentativas) {
      // Still inside: the gate would answer 'Já está no condomínio' and record nothing.
      if (tentativa.t <= livreDesde) continue;
      if (plano.cancelada !== undefined && tentativa.t >= plano.cancelada && regras.status === "ativa") regras.status = "cancelada";
      const motivo = decidir({ bloqueio: null, ativo: true, autorizacao: regras }, tentativa.t)?.motivo ?? null;
      const metodo = rng.chance(0.55) ? "codigo" : "qrcode";
      events.push({ t: tentativa.t, pessoa: entrando, sentido: "entrada", resultado: motivo ? "negado" : "liberado", motivo, metodo });
      if (motivo) continue;
      // Let in: one use, as visitantesRepository.usar counts it.
      regras.entradas_usadas++;
      if (plano.tipo === "unica" || (regras.max_entradas !== null && regras.entradas_usadas >= regras.max_entradas)) regras.status = "utilizada";
      ultimoUso = tentativa.t;
      if (tentativa.saida === null || tentativa.saida >= nowMs) {
        livreDesde = Infinity;
      } else {
        events.push({ t: tentativa.saida, pessoa: saindo, sentido: "saida", resultado: "liberado", motivo: null, metodo: "busca" });
        livreDesde = tentativa.saida;
      }
    }
    if (plano.cancelada !== undefined && plano.cancelada < nowMs && regras.status === "ativa") regras.status = "cancelada";
    const updated = Math.max(ultimoUso, plano.cancelada !== undefined && plano.cancelada < nowMs ? plano.cancelada : 0, criada);
    const row: AutorizacaoRow = {
      id,
      condominio_id: input.condoId,
      unidade_id: host.unitId,
      morador_id: host.id,
      nome_visitante: nome,
      documento_tipo,
      documento_numero,
      telefone: rng.chance(0.8) ? input.telefone() : null,
      email: rng.chance(0.4) ? input.email(nome) : null,
      placa,
      tipo: plano.tipo,
      valido_de,
      valido_ate,
      dias_semana: regras.dias_semana ? [...regras.dias_semana] : null,
      hora_inicio: regras.hora_inicio,
      hora_fim: regras.hora_fim,
      max_entradas: regras.max_entradas,
      entradas_usadas: regras.entradas_usadas,
      codigo: codigoDemo(rng, input.codigos),
      status: regras.status,
      criado_por: input.criadoPor,
      observacoes: plano.observacoes,
      created_at: new Date(criada),
      updated_at: new Date(updated),
    };
    return { row, events };
  }
}
