import { createHash } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, like, ne, or, sql } from "drizzle-orm";
import { nomeComparavel } from "@shared/br/documento";
import { decidir } from "../../src/server/modules/controle-acesso/decisao";
import { queryRows, type Db } from "../../src/server/db/client";
import { openCopy } from "../../src/server/db/copy";
import { autorizacoesDoCondominio, type AutorizacaoRow } from "./autorizacoes";
import type { Evento, HistoricoMorador, HistoricoRng, Pessoa } from "./tipos";
import { autorizacoesVisita, bloqueios, condominios, presencas, registrosAcesso, registrosCadeia } from "../../src/server/db/schema";

// Twelve months of gate history for the demo (issue 15, "Demo data at scale"): residents going
// out in the morning and back in the evening, visitors, deliveries, providers inside and outside
// their authorisation period, some refusals and blocks, and who is inside now.
//
// Speed: the chaining trigger (migration 0014) numbers and hashes one row at a time under a row
// lock, too slow for 10 million rows. The seed computes `seq`, `hash_anterior`, `dados_hash` and
// `hash` here exactly as portaria_web_registro_dados_hash / portaria_web_registro_hash do, inserts
// with the table's user triggers disabled inside its own transaction, and then writes the chain
// heads. verificarCadeia (which recomputes the hashes in SQL) proves the two agree.

/** Records at scale 1. */
export const BASE_REGISTROS = 10_000_000;
/** Every record the demo writes says so (operador_nome): that is how a re-run tells its own history apart. */
export const DEMO_OPERADOR = "Demonstração";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** São Paulo is UTC-3 all year (no daylight saving since 2019). */
const SP_OFFSET = 3 * HOUR;

export interface HistoricoCondo {
  id: string;
  ativo: boolean;
}
export interface HistoricoUnidade {
  id: string;
  condoId: string;
}
export interface HistoricoPrestador {
  id: string;
  nome: string;
  documento: string;
  condoId: string | null;
  inicio: string | null;
  fim: string | null;
  ativo: boolean;
}

export interface HistoricoInput {
  total: number;
  condos: readonly HistoricoCondo[];
  unidades: readonly HistoricoUnidade[];
  moradores: readonly HistoricoMorador[];
  prestadores: readonly HistoricoPrestador[];
  /** Picks names and documents (the demo's generators). */
  rng: HistoricoRng;
  pessoa: () => string;
  cpf: () => string;
  placa: () => string;
  /** A visitor's mobile phone and e-mail (pre-authorisations). */
  telefone: () => string;
  email: (nome: string) => string;
  /** Who creates a condominium's pre-authorisations: its demo síndico, else `criadorGeral`. */
  criadores: ReadonlyMap<string, string>;
  criadorGeral: string | null;
  now: Date;
  batchSize: number;
  onProgress: (label: string, done: number, total: number) => void;
}

export interface HistoricoResult {
  registros: number;
  negados: number;
  bloqueios: number;
  presencas: number;
  /** Visitors' pre-authorisations (their entries are among the records). */
  autorizacoes: number;
}

type Registro = typeof registrosAcesso.$inferInsert & {
  id: string;
  registrado_em: Date;
  seq: number;
  hash_anterior: string;
  dados_hash: string;
  hash: string;
};

/** The columns the seed writes, in COPY order (anonimizado_em stays null). */
const COPY_COLUMNS = [
  "id",
  "condominio_id",
  "unidade_id",
  "tipo_pessoa",
  "morador_id",
  "prestador_id",
  "autorizacao_id",
  "nome_pessoa",
  "documento",
  "placa",
  "sentido",
  "resultado",
  "motivo",
  "metodo",
  "autorizado_por",
  "observacao",
  "liberado_manualmente",
  "operador_id",
  "operador_nome",
  "registrado_em",
  "corrige_registro_id",
  "seq",
  "hash_anterior",
  "dados_hash",
  "hash",
] as const satisfies readonly (keyof Registro)[];

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** portaria_web_registro_dados_hash in JavaScript. */
export function dadosHash(r: Pick<Registro, "nome_pessoa" | "documento" | "placa" | "autorizado_por" | "observacao">): string {
  return sha256([r.nome_pessoa, r.documento ?? "", r.placa ?? "", r.autorizado_por ?? "", r.observacao ?? ""].join("|"));
}

/** to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') for a time with whole milliseconds. */
const usTimestamp = (t: Date) => `${t.toISOString().slice(0, 23)}000Z`;

/** portaria_web_registro_hash in JavaScript (`dados_hash`, `seq` and `hash_anterior` already set). */
export function registroHash(r: Registro): string {
  return sha256(
    [
      r.hash_anterior,
      String(r.seq),
      r.id,
      r.condominio_id,
      r.unidade_id ?? "",
      r.tipo_pessoa,
      r.morador_id ?? "",
      r.prestador_id ?? "",
      r.autorizacao_id ?? "",
      r.dados_hash,
      r.sentido,
      r.resultado,
      r.motivo ?? "",
      r.metodo,
      String(r.liberado_manualmente ?? false),
      r.operador_id ?? "",
      r.operador_nome ?? "",
      usTimestamp(r.registrado_em),
      r.corrige_registro_id ?? "",
    ].join("|"),
  );
}

const demoCondos = (tx: Db, demoLike: string) => tx.select({ id: condominios.id }).from(condominios).where(like(condominios.email, demoLike));

/** Records of demo condominiums the demo did not write (a porteiro's, an import's): they may not be removed. */
export async function countForeignRegistros(db: Db, demoLike: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrosAcesso)
    .where(
      and(
        inArray(registrosAcesso.condominio_id, demoCondos(db, demoLike)),
        or(isNull(registrosAcesso.operador_nome), ne(registrosAcesso.operador_nome, DEMO_OPERADOR), isNotNull(registrosAcesso.operador_id)),
      ),
    );
  return row!.n;
}

/**
 * Removes the demo's own history (presences, records, chain heads, blocks and visitors'
 * pre-authorisations of demo condominiums). Only the seed does this, in its transaction, after countForeignRegistros found
 * nothing else there: the append-only triggers are disabled for these statements and enabled again.
 */
export async function removeHistorico(tx: Db, demoLike: string): Promise<void> {
  const ids = demoCondos(tx, demoLike);
  await tx.delete(bloqueios).where(inArray(bloqueios.condominio_id, ids));
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(registrosCadeia)
    .where(sql`${registrosCadeia.condominio_id} not in (select id from portaria_web_condominios where email like ${demoLike})`);
  // The gates' commands of demo condominiums point at their records, and their devices at the
  // condominiums: both go first (a device someone registered in a demo condominium goes with it).
  const dispositivosDemo = sql`(select id from portaria_web_dispositivos where condominio_id in (select id from portaria_web_condominios where email like ${demoLike}))`;
  await tx.execute(sql`delete from portaria_web_comandos_dispositivo where dispositivo_id in ${dispositivosDemo}`);
  await tx.execute(sql`delete from portaria_web_eventos_dispositivo where dispositivo_id in ${dispositivosDemo}`);
  await tx.execute(sql`delete from portaria_web_alarmes where dispositivo_id in ${dispositivosDemo}`);
  await tx.execute(sql`delete from portaria_web_dispositivos where id in ${dispositivosDemo}`);
  await withoutUserTriggers(tx, async () => {
    if (others!.n === 0) {
      // Only demo history in the table (the usual case): emptied at once, without dead rows. Every
      // command points at a record, so with only demo records there is no other command either;
      // the commands' table is named because it refers to the records (PostgreSQL's TRUNCATE rule).
      await tx.execute(
        sql`truncate portaria_web_presencas, portaria_web_registros_acesso, portaria_web_registros_cadeia, portaria_web_registros_selos, portaria_web_comandos_dispositivo, portaria_web_eventos_dispositivo`,
      );
      return;
    }
    await tx.delete(presencas).where(inArray(presencas.condominio_id, ids));
    // Each deleted record is checked against corrige_registro_id (a foreign key to the same
    // table, not indexed): a temporary index keeps that a lookup instead of a scan per row.
    await tx.execute(sql`create index portaria_web_registros_corrige_tmp on portaria_web_registros_acesso (corrige_registro_id)`);
    await tx.delete(registrosAcesso).where(inArray(registrosAcesso.condominio_id, ids));
    await tx.execute(sql`drop index portaria_web_registros_corrige_tmp`);
    await tx.delete(registrosCadeia).where(inArray(registrosCadeia.condominio_id, ids));
    await tx.execute(
      sql`delete from portaria_web_registros_selos where condominio_id in (select id from portaria_web_condominios where email like ${demoLike})`,
    );
  });
  // Pre-authorisations of demo condominiums (their units go with the demo), once no record points at them.
  await tx.delete(autorizacoesVisita).where(inArray(autorizacoesVisita.condominio_id, demoCondos(tx, demoLike)));
}

async function withoutUserTriggers(tx: Db, work: () => Promise<void>): Promise<void> {
  await tx.execute(sql`alter table portaria_web_registros_acesso disable trigger user`);
  await tx.execute(sql`alter table portaria_web_registros_cadeia disable trigger user`);
  await tx.execute(sql`alter table portaria_web_registros_selos disable trigger user`);
  await work();
  await tx.execute(sql`alter table portaria_web_registros_acesso enable trigger user`);
  await tx.execute(sql`alter table portaria_web_registros_cadeia enable trigger user`);
  await tx.execute(sql`alter table portaria_web_registros_selos enable trigger user`);
}

const MOTIVOS_BLOQUEIO_PESSOA = [
  "Furto de encomenda registrado em boletim de ocorrência",
  "Agressão verbal a funcionários da portaria",
  "Ex-funcionário desligado por justa causa",
  "Pedido do morador: medida protetiva",
  "Tentativa de entrada com documento falso",
] as const;
const MOTIVOS_BLOQUEIO_VEICULO = [
  "Veículo envolvido em dano ao portão",
  "Estacionamento irregular reincidente",
  "Placa clonada (boletim de ocorrência)",
] as const;
const ENTREGAS = ["iFood", "Mercado Livre", "Correios", "Rappi", "Amazon", "Loggi", "Shopee", "Farmácia"] as const;

/** Local (São Paulo) hour of a day, weighted: `peaks` are [from, to, weight] in hours. */
function hourOf(rng: HistoricoRng, peaks: readonly (readonly [number, number, number])[]): number {
  const total = peaks.reduce((s, p) => s + p[2] * (p[1] - p[0]), 0);
  let roll = rng.next() * total;
  for (const [from, to, weight] of peaks) {
    const span = weight * (to - from);
    if (roll < span) return from + roll / weight;
    roll -= span;
  }
  return peaks[peaks.length - 1]![1] - 0.01;
}
const VISITAS: readonly (readonly [number, number, number])[] = [
  [7, 9, 2],
  [9, 17, 1],
  [17, 20, 3],
  [20, 22.5, 1],
];
const SAIDAS_MORADOR: readonly (readonly [number, number, number])[] = [
  [6, 7, 1],
  [7, 9, 6],
  [9, 12, 1],
  [12, 17, 0.5],
];
const VOLTAS_MORADOR: readonly (readonly [number, number, number])[] = [
  [12, 17, 0.6],
  [17, 20, 5],
  [20, 23.5, 1],
];

/** A resident as the gate records them, with the plate they came in by, if any. */
function moradorPessoa(m: HistoricoMorador, placa: string | null): Pessoa {
  return {
    chave: `morador:${m.id}`,
    tipo_pessoa: "morador",
    nome_pessoa: m.nome,
    documento: m.cpf,
    unidade_id: m.unitId,
    morador_id: m.id,
    prestador_id: null,
    placa,
    autorizado_por: null,
  };
}

/** Writes the history of the demo condominiums (inside the seed's transaction; no demo history there). */
export async function seedHistorico(tx: Db, input: HistoricoInput): Promise<HistoricoResult> {
  const { rng, now, onProgress, batchSize } = input;
  const result: HistoricoResult = { registros: 0, negados: 0, bloqueios: 0, presencas: 0, autorizacoes: 0 };
  const condos = input.condos;
  if (!condos.length || input.total <= 0) return result;
  const label = "registros de acesso";
  onProgress(label, 0, input.total);

  const nowMs = Math.floor(now.getTime() / 1000) * 1000;
  // São Paulo midnight, 365 days ago.
  const todaySp = Math.floor((nowMs - SP_OFFSET) / DAY) * DAY + SP_OFFSET;
  const firstDay = todaySp - 365 * DAY;
  const at = (day: number, hour: number) => firstDay + day * DAY + Math.floor(hour * HOUR) + rng.int(0, 59_999);
  const isoDay = (day: number) => new Date(firstDay + day * DAY - SP_OFFSET + 12 * HOUR).toISOString().slice(0, 10);

  const unitsByCondo = groupBy(input.unidades, (u) => u.condoId);
  const residentsByUnit = groupBy(input.moradores, (m) => m.unitId);
  const residentsByCondo = groupBy(input.moradores, (m) => m.condoId);
  const globalProviders = input.prestadores.filter((p) => p.condoId === null);
  const providersByCondo = groupBy(input.prestadores, (p) => p.condoId ?? "");

  const perCondo = (c: number) => Math.floor(((c + 1) * input.total) / condos.length) - Math.floor((c * input.total) / condos.length);
  let written = 0;
  // Bulk load: the secondary indexes (trigram, by time, by plate...) and the foreign keys to
  // condominiums and units are built and checked once at the end instead of row by row; the
  // unique ones (id, condominium + seq) stay and check every row.
  const secondary = await queryRows<{ name: string; def: string }>(
    tx,
    sql`select indexname as name, indexdef as def from pg_indexes
        where schemaname = current_schema() and tablename = 'portaria_web_registros_acesso' and indexdef not like 'CREATE UNIQUE INDEX%'`,
  );
  const foreignKeys = await queryRows<{ name: string; def: string }>(
    tx,
    sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = 'portaria_web_registros_acesso'::regclass and contype = 'f' and confrelid <> conrelid`,
  );
  // Codes held by active authorisations outside the demo: the demo's own stay clear of them.
  const codigos = new Set(
    (await tx.select({ codigo: autorizacoesVisita.codigo }).from(autorizacoesVisita).where(eq(autorizacoesVisita.status, "ativa"))).map((r) => r.codigo),
  );
  for (const index of secondary) await tx.execute(sql.raw(`drop index "${index.name}"`));
  for (const fk of foreignKeys) await tx.execute(sql.raw(`alter table portaria_web_registros_acesso drop constraint "${fk.name}"`));
  await tx.execute(sql`alter table portaria_web_registros_acesso disable trigger user`);
  const copy = await openCopy(tx, "portaria_web_registros_acesso", COPY_COLUMNS);
  const allBlocks: (typeof bloqueios.$inferInsert)[] = [];
  const heads: { condominio_id: string; ultimo_seq: number; ultimo_hash: string }[] = [];
  const inside: (typeof presencas.$inferInsert)[] = [];
  const allAutorizacoes: AutorizacaoRow[] = [];

  for (let c = 0; c < condos.length; c++) {
    const condo = condos[c]!;
    const target = perCondo(c);
    const units = unitsByCondo.get(condo.id) ?? [];
    const residents = (residentsByCondo.get(condo.id) ?? []).filter((m) => m.adulto);
    const activeResidents = residents.filter((m) => m.ativo);
    const inactiveResidents = residents.filter((m) => !m.ativo);
    const providers = [...(providersByCondo.get(condo.id) ?? []), ...globalProviders];

    // Blocks of this condominium: a few people and vehicles, one of them already expired.
    const blocked: { pessoa: Pessoa; motivo: string; tipo: "pessoa" | "veiculo" }[] = [];
    const nBlocks = Math.max(2, Math.round(target / 20_000));
    const blockRows: (typeof bloqueios.$inferInsert)[] = [];
    for (let b = 0; b < nBlocks; b++) {
      const veiculo = b % 3 === 2;
      const motivo = veiculo ? rng.pick(MOTIVOS_BLOQUEIO_VEICULO) : rng.pick(MOTIVOS_BLOQUEIO_PESSOA);
      const nome = rng.chance(0.8) ? input.pessoa() : `${input.pessoa()} (${rng.pick(ENTREGAS)})`;
      const documento = input.cpf();
      const placa = veiculo ? input.placa() : null;
      const created = new Date(firstDay + rng.int(0, 120) * DAY + rng.int(9, 18) * HOUR);
      blockRows.push({
        id: rng.uuid(),
        condominio_id: condo.id,
        tipo: veiculo ? "veiculo" : "pessoa",
        nome: veiculo ? null : nome,
        documento_numero: veiculo ? null : documento,
        placa,
        motivo,
        valido_ate: b === nBlocks - 1 && b > 1 ? isoDay(rng.int(200, 300)) : null,
        created_at: created,
      });
      blocked.push({
        tipo: veiculo ? "veiculo" : "pessoa",
        motivo,
        pessoa: {
          chave: `visitante:${documento}`,
          tipo_pessoa: "visitante",
          nome_pessoa: nome,
          documento,
          unidade_id: null,
          morador_id: null,
          prestador_id: null,
          placa,
          autorizado_por: null,
        },
      });
    }
    // Written after the COPY: its connection takes no other statement meanwhile.
    allBlocks.push(...blockRows);

    // The events, in any order first; each person's own visits never overlap. Pre-authorised
    // visitors first, then the general ones until the target is reached.
    const events: Evento[] = [];
    if (condo.ativo) {
      const made = autorizacoesDoCondominio({
        condoId: condo.id,
        residents: activeResidents,
        criadoPor: input.criadores.get(condo.id) ?? input.criadorGeral,
        rng,
        pessoa: input.pessoa,
        cpf: input.cpf,
        placa: input.placa,
        telefone: input.telefone,
        email: input.email,
        firstDay,
        nowMs,
        codigos,
        fraction: target / 50_000,
      });
      allAutorizacoes.push(...made.rows);
      events.push(...made.events);
    }
    const outOn = new Set<string>();
    const push = (e: Evento) => {
      if (e.t < nowMs) events.push(e);
    };
    const hostOf = (unit: HistoricoUnidade): string | null => {
      const home = residentsByUnit.get(unit.id);
      return home?.length ? rng.pick(home).nome : null;
    };
    const visitorOf = (unit: HistoricoUnidade): Pessoa => {
      const host = hostOf(unit);
      const documento = rng.chance(0.85) ? input.cpf() : null;
      const nome = input.pessoa();
      return {
        chave: `visitante:${documento ?? nomeComparavel(nome)}`,
        tipo_pessoa: "visitante",
        nome_pessoa: nome,
        documento,
        unidade_id: unit.id,
        morador_id: null,
        prestador_id: null,
        placa: rng.chance(0.3) ? input.placa() : null,
        autorizado_por: host,
      };
    };
    /** Visitors of this condominium whose exit was never registered (see below). */
    let esquecidas = rng.int(1, 3);
    let guard = 0;
    while (events.length < target && guard++ < target * 20) {
      const day = rng.int(0, 365);
      const roll = rng.next();
      if (roll < 0.56 && activeResidents.length) {
        // A resident goes out and comes back the same day (or not yet).
        const m = rng.pick(activeResidents);
        const key = `${m.id}:${day}`;
        if (outOn.has(key)) continue;
        outOn.add(key);
        const pessoa = moradorPessoa(m, m.placa && rng.chance(0.7) ? m.placa : null);
        const metodo = rng.chance(0.6) ? "codigo" : rng.chance(0.5) ? "qrcode" : "busca";
        const out = at(day, hourOf(rng, SAIDAS_MORADOR));
        const back = Math.max(out + 20 * MIN, at(day, hourOf(rng, VOLTAS_MORADOR)));
        push({ t: out, pessoa, sentido: "saida", resultado: "liberado", motivo: null, metodo });
        push({ t: back, pessoa, sentido: "entrada", resultado: "liberado", motivo: null, metodo });
      } else if (roll < 0.76 && units.length) {
        const pessoa = visitorOf(rng.pick(units));
        const t = at(day, hourOf(rng, VISITAS));
        push({ t, pessoa, sentido: "entrada", resultado: "liberado", motivo: null, metodo: rng.chance(0.3) ? "qrcode" : "manual" });
        // At a real gate nearly every visitor's exit is registered, and a forgotten one is put
        // right by the next shift: only a handful of the last week's visitors are still "inside".
        const esquece = rng.next() < 0.1 && day >= 365 - 7 && esquecidas > 0;
        if (esquece) esquecidas--;
        else push({ t: t + rng.int(20, 240) * MIN, pessoa, sentido: "saida", resultado: "liberado", motivo: null, metodo: "busca" });
      } else if (roll < 0.88 && units.length) {
        const servico = rng.pick(ENTREGAS);
        const nome = `${input.pessoa()} (${servico})`;
        const unit = rng.pick(units);
        const pessoa: Pessoa = {
          chave: `visitante:${nomeComparavel(nome)}`,
          tipo_pessoa: "entregador",
          nome_pessoa: nome,
          documento: null,
          unidade_id: unit.id,
          morador_id: null,
          prestador_id: null,
          placa: rng.chance(0.5) ? input.placa() : null,
          autorizado_por: hostOf(unit),
        };
        const t = at(day, hourOf(rng, VISITAS));
        push({ t, pessoa, sentido: "entrada", resultado: "liberado", motivo: null, metodo: "manual" });
        push({ t: t + rng.int(3, 15) * MIN, pessoa, sentido: "saida", resultado: "liberado", motivo: null, metodo: "manual" });
      } else if (roll < 0.975 && providers.length) {
        // A provider on a working day: refused outside the authorisation period or when inactive.
        const p = rng.pick(providers);
        const pessoa: Pessoa = {
          chave: `prestador:${p.id}`,
          tipo_pessoa: "prestador",
          nome_pessoa: p.nome,
          documento: p.documento,
          unidade_id: null,
          morador_id: null,
          prestador_id: p.id,
          placa: rng.chance(0.4) ? input.placa() : null,
          autorizado_por: null,
        };
        const key = `${p.id}:${day}`;
        if (outOn.has(key)) continue;
        outOn.add(key);
        const t = at(day, 8 + rng.next() * 8);
        // The gate's own decision (controle-acesso/decisao.ts, what its service calls), so the
        // demo's refusals read exactly like the console's.
        const refused = decidir({ bloqueio: null, ativo: p.ativo, periodo: { inicio: p.inicio, fim: p.fim } }, t);
        if (refused) {
          push({ t, pessoa, sentido: "entrada", resultado: "negado", motivo: refused.motivo, metodo: "busca" });
        } else {
          push({ t, pessoa, sentido: "entrada", resultado: "liberado", motivo: null, metodo: "busca" });
          push({ t: t + rng.int(40, 360) * MIN, pessoa, sentido: "saida", resultado: "liberado", motivo: null, metodo: "busca" });
        }
      } else if (roll < 0.99 && inactiveResidents.length) {
        const m = rng.pick(inactiveResidents);
        const pessoa = moradorPessoa(m, null);
        const t = at(day, hourOf(rng, VISITAS));
        push({ t, pessoa, sentido: "entrada", resultado: "negado", motivo: decidir({ bloqueio: null, ativo: false }, t)!.motivo, metodo: "busca" });
      } else {
        // Someone on the blocklist tries to come in.
        const b = rng.pick(blocked);
        const created = blockRows[blocked.indexOf(b)]!.created_at as Date;
        const t = at(day, hourOf(rng, VISITAS));
        if (t <= created.getTime()) continue;
        push({ t, pessoa: b.pessoa, sentido: "entrada", resultado: "negado", motivo: decidir({ bloqueio: b, ativo: true }, t)!.motivo, metodo: "manual" });
      }
    }
    // No cut to the exact target: the last visit's exit may be the event past it, and cutting it
    // would leave that visitor inside for ever (one event over the target is harmless).

    // Chronological order, strictly increasing times; then the chain.
    events.sort((a, b) => a.t - b.t);
    for (let i = 1; i < events.length; i++) if (events[i]!.t <= events[i - 1]!.t) events[i]!.t = events[i - 1]!.t + 1;
    let previous = "";
    const last = new Map<string, Registro>();
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      const p = e.pessoa;
      const r: Registro = {
        id: uuidV7(e.t, rng),
        condominio_id: condo.id,
        unidade_id: p.unidade_id,
        tipo_pessoa: p.tipo_pessoa,
        morador_id: p.morador_id,
        prestador_id: p.prestador_id,
        autorizacao_id: p.autorizacao_id ?? null,
        nome_pessoa: p.nome_pessoa,
        documento: p.documento,
        placa: p.placa,
        sentido: e.sentido,
        resultado: e.resultado,
        motivo: e.motivo,
        metodo: e.metodo,
        autorizado_por: p.autorizado_por,
        observacao: null,
        liberado_manualmente: false,
        operador_id: null,
        operador_nome: DEMO_OPERADOR,
        registrado_em: new Date(e.t),
        corrige_registro_id: null,
        seq: i + 1,
        hash_anterior: previous,
        dados_hash: "",
        hash: "",
      };
      r.dados_hash = dadosHash(r);
      r.hash = registroHash(r);
      previous = r.hash;
      if (r.resultado === "negado") result.negados++;
      last.set(p.chave, r);
      const sent = copy.row(COPY_COLUMNS.map((column) => r[column]));
      if (sent) await sent;
      if (++written % 50_000 === 0) onProgress(label, written, input.total);
    }
    result.registros += events.length;
    if (events.length) heads.push({ condominio_id: condo.id, ultimo_seq: events.length, ultimo_hash: previous });

    // Who is inside now: everyone whose last record is an entry let in.
    for (const [chave, r] of last) {
      if (r.sentido !== "entrada" || r.resultado !== "liberado") continue;
      inside.push({
        condominio_id: condo.id,
        pessoa_chave: chave,
        tipo_pessoa: r.tipo_pessoa,
        morador_id: r.morador_id,
        prestador_id: r.prestador_id,
        autorizacao_id: r.autorizacao_id,
        nome_pessoa: r.nome_pessoa,
        documento: r.documento,
        unidade_id: r.unidade_id,
        placa: r.placa,
        registro_entrada_id: r.id,
        entrou_em: r.registrado_em,
      });
    }
  }
  await copy.end();
  onProgress(label, written, input.total);
  // The authorisations the records point at, before their foreign key is added again below.
  onProgress("autorizações de visita", 0, allAutorizacoes.length);
  for (let i = 0; i < allAutorizacoes.length; i += 1000) {
    await tx.insert(autorizacoesVisita).values(allAutorizacoes.slice(i, i + 1000));
    onProgress("autorizações de visita", Math.min(i + 1000, allAutorizacoes.length), allAutorizacoes.length);
  }
  result.autorizacoes = allAutorizacoes.length;
  for (let i = 0; i < allBlocks.length; i += 1000) await tx.insert(bloqueios).values(allBlocks.slice(i, i + 1000));
  result.bloqueios = allBlocks.length;
  await tx.execute(sql`alter table portaria_web_registros_acesso enable trigger user`);
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  const rebuild = [
    ...secondary.map((index) => index.def),
    ...foreignKeys.map((fk) => `alter table portaria_web_registros_acesso add constraint "${fk.name}" ${fk.def}`),
  ];
  onProgress("índices dos registros", 0, rebuild.length);
  for (let i = 0; i < rebuild.length; i++) {
    await tx.execute(sql.raw(rebuild[i]!));
    onProgress("índices dos registros", i + 1, rebuild.length);
  }

  // The chain heads, where the trigger goes on from (the next record a porteiro makes).
  for (let i = 0; i < heads.length; i += 1000) {
    await tx
      .insert(registrosCadeia)
      .values(heads.slice(i, i + 1000))
      .onConflictDoUpdate({ target: registrosCadeia.condominio_id, set: { ultimo_seq: sql`excluded.ultimo_seq`, ultimo_hash: sql`excluded.ultimo_hash` } });
  }
  onProgress("presentes agora", 0, inside.length);
  for (let i = 0; i < inside.length; i += batchSize) {
    await tx.insert(presencas).values(inside.slice(i, i + batchSize));
    onProgress("presentes agora", Math.min(i + batchSize, inside.length), inside.length);
  }
  result.presencas = inside.length;
  return result;
}

/**
 * A time-ordered UUID (version 7 layout) for a record made at `ms`: each condominium's records
 * then extend the primary key's index at its end instead of landing on random pages, which is
 * what made a 10-million-row load slow. The rest of the bits come from the demo's generator.
 */
function uuidV7(ms: number, rng: HistoricoRng): string {
  const time = ms.toString(16).padStart(12, "0");
  const a = Math.floor(rng.next() * 0x1000)
    .toString(16)
    .padStart(3, "0");
  const b = (0x8000 | Math.floor(rng.next() * 0x4000)).toString(16);
  const c = Math.floor(rng.next() * 2 ** 48)
    .toString(16)
    .padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8)}-7${a}-${b}-${c}`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
