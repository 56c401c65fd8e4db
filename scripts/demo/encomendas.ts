import { inArray, like, sql } from "drizzle-orm";
import {
  ENCOMENDAS_TEXTOS,
  FORMA_RETIRADA_LABEL,
  TRANSPORTADORA_LABEL,
  type FormaRetirada,
  type TipoEncomenda,
  type TipoEventoEncomenda,
  type Transportadora,
} from "@shared/schemas/encomendas";
import type { Db } from "../../src/server/db/client";
import { condominios, encomendaEventos, encomendas } from "../../src/server/db/schema";
import { cofreDeCodigos } from "../../src/server/modules/encomendas/codigo";
import { sortear, type HistoricoMorador, type HistoricoRng } from "./tipos";

// The demo's last month of parcels (issue 30, gate-operation-spec §4 and §7: 5,000 a day over
// about 200 condominiums, so about 25 a day per condominium): carriers and kinds as a Brazilian
// building sees them, most handed out within three days by code or QR, a few by a document or to
// a family member, a few sent back, and the recent ones (and some forgotten ones) still waiting
// with real pickup codes. The custody events go through the chaining trigger of migration 0031
// with `portal.importacao` on, so it keeps their times, one condominium at a time in time order.

/** Parcels a day per active condominium, on average. */
export const ENCOMENDAS_POR_DIA = 25;
/** Days of parcels, today included. */
export const DIAS_DE_ENCOMENDAS = 30;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** São Paulo is UTC-3 all year (no daylight saving since 2019). */
const SP_OFFSET = 3 * HOUR;

export interface EncomendasInput {
  condos: readonly { id: string; ativo: boolean }[];
  unidades: readonly { id: string; condoId: string; ativo: boolean }[];
  moradores: readonly HistoricoMorador[];
  rng: HistoricoRng;
  /** A person's name (with the family's surname when given). */
  pessoa: (sobrenome?: string) => string;
  cpf: () => string;
  /** The chain key the portal runs with: the pickup codes are hashed and encrypted under it. */
  chave: Buffer;
  now: Date;
  batchSize: number;
  onProgress: (label: string, done: number, total: number) => void;
}

export interface EncomendasResult {
  encomendas: number;
  aguardando: number;
  eventos: number;
}

const TRANSPORTADORAS: readonly (readonly [Transportadora, number])[] = [
  ["mercado_livre", 32],
  ["shopee", 24],
  ["amazon", 18],
  ["correios", 18],
  ["outra", 8],
];
const TIPOS: readonly (readonly [TipoEncomenda, number])[] = [
  ["pacote", 48],
  ["caixa", 26],
  ["envelope", 19],
  ["refrigerado", 3],
  ["outro", 4],
];
const PRATELEIRAS = ["Prateleira A", "Prateleira B", "Prateleira C", "Armário 1", "Armário 2", "Sala de encomendas"] as const;
const MOTIVOS_DEVOLUCAO = ["Destinatário desconhecido", "Recusada pelo morador", "Prazo de guarda de 15 dias encerrado"] as const;
const OBSERVACOES = ["Caixa amassada na entrega", "Embalagem molhada", "Volume grande: retirar com carrinho", "Frágil"] as const;

const digitos = (rng: HistoricoRng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join("");
const letras = (rng: HistoricoRng, n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + rng.int(0, 25))).join("");

/** A tracking code in each carrier's usual shape (none for some 'outra'). */
function rastreio(rng: HistoricoRng, t: Transportadora): string | null {
  switch (t) {
    case "correios":
      return `${letras(rng, 2)}${digitos(rng, 9)}BR`;
    case "mercado_livre":
      return `MEL${digitos(rng, 11)}`;
    case "shopee":
      return `BR${digitos(rng, 13)}`;
    case "amazon":
      return `TBA${digitos(rng, 12)}`;
    case "outra":
      return rng.chance(0.5) ? `JD${digitos(rng, 12)}` : null;
  }
}

/** An instant on São Paulo's day `diasAtras` before `now`'s, at `hora` (fractional hours). */
const noDia = (now: number, diasAtras: number, hora: number) => {
  const inicioHoje = Math.floor((now - SP_OFFSET) / DAY) * DAY + SP_OFFSET;
  return inicioHoje - diasAtras * DAY + Math.round(hora * HOUR);
};

/** When carriers come: mostly from mid-morning to early evening. */
const horaDeEntrega = (rng: HistoricoRng) => 8 + (rng.next() + rng.next() + rng.next()) * 4;
/** When residents come down for their parcels: mostly after work, some in the morning. */
const horaDeRetirada = (rng: HistoricoRng) =>
  sortear(rng, [
    [() => 18 + rng.next() * 4, 60],
    [() => 7 + rng.next() * 2.5, 25],
    [() => 10 + rng.next() * 8, 15],
  ] as const)();

/** A weekday's share of the parcels (few on Sundays, most on Mondays). */
const PESO_DO_DIA = [0.35, 1.2, 1.05, 1.05, 1.05, 1.05, 0.7];
const PESO_MEDIO = PESO_DO_DIA.reduce((a, b) => a + b, 0) / 7;

type Parcela = typeof encomendas.$inferInsert & { id: string; recebida_em: Date };
type Evento = typeof encomendaEventos.$inferInsert & { registrado_em: Date };

/**
 * Removes the parcels of demo condominiums, their custody events and chain heads. Only the seed
 * does this, in its transaction, replacing its own run: the append-only triggers are disabled for
 * these statements and enabled again (like removeHistorico). A parcel goes before its resident,
 * whose removal would otherwise try to clear the parcel's `morador_id`.
 */
export async function removeEncomendas(tx: Db, demoLike: string): Promise<void> {
  const ids = tx.select({ id: condominios.id }).from(condominios).where(like(condominios.email, demoLike));
  const tabelas = ["portaria_web_encomendas", "portaria_web_encomenda_eventos", "portaria_web_encomendas_cadeia"];
  for (const t of tabelas) await tx.execute(sql.raw(`alter table ${t} disable trigger user`));
  await tx.delete(encomendaEventos).where(inArray(encomendaEventos.condominio_id, ids));
  await tx.execute(
    sql`delete from portaria_web_encomendas_cadeia where condominio_id in (select id from portaria_web_condominios where email like ${demoLike})`,
  );
  await tx.delete(encomendas).where(inArray(encomendas.condominio_id, ids));
  for (const t of tabelas) await tx.execute(sql.raw(`alter table ${t} enable trigger user`));
}

/** Writes the last month of parcels of every active condominium, with their custody chains. */
export async function seedEncomendas(tx: Db, input: EncomendasInput): Promise<EncomendasResult> {
  const { rng, now: nowDate, batchSize, onProgress } = input;
  const now = nowDate.getTime();
  const cofre = cofreDeCodigos(input.chave);

  const unidadesPorCondo = new Map<string, string[]>();
  for (const u of input.unidades) if (u.ativo) unidadesPorCondo.set(u.condoId, [...(unidadesPorCondo.get(u.condoId) ?? []), u.id]);
  const adultosPorUnidade = new Map<string, HistoricoMorador[]>();
  for (const m of input.moradores) if (m.ativo && m.adulto) adultosPorUnidade.set(m.unitId, [...(adultosPorUnidade.get(m.unitId) ?? []), m]);

  /** Codes of the parcels still waiting, per unit: unique there (the pickup finds the parcel by it). */
  const codigosAguardando = new Map<string, Set<string>>();
  const condos = input.condos.filter((c) => c.ativo && unidadesPorCondo.has(c.id));
  // The progress counts parcels against the expected month; the last step says how many there were.
  const previstas = condos.length * ENCOMENDAS_POR_DIA * DIAS_DE_ENCOMENDAS;
  const result: EncomendasResult = { encomendas: 0, aguardando: 0, eventos: 0 };
  onProgress("encomendas", 0, previstas);
  // The custody chain keeps the times given while `portal.importacao` is on (this transaction only).
  await tx.execute(sql`select set_config('portal.importacao', 'on', true)`);

  // One condominium at a time, generated and written: the month of the whole company is never in memory.
  for (const condo of condos) {
    const todas = unidadesPorCondo.get(condo.id)!;
    // Parcels go mostly to units where someone lives (a few to an empty one, by a typed name).
    const habitadas = todas.filter((u) => adultosPorUnidade.has(u));
    const porteiros = Array.from({ length: 4 }, () => input.pessoa());
    const parcelas: Parcela[] = [];
    const eventos: Evento[] = [];
    const evento = (encomendaId: string, tipo: TipoEventoEncomenda, t: number, descricao: string, operador: string | null) =>
      eventos.push({ condominio_id: condo.id, encomenda_id: encomendaId, tipo, descricao, operador_nome: operador, registrado_em: new Date(t) });

    for (let dia = DIAS_DE_ENCOMENDAS - 1; dia >= 0; dia--) {
      const semana = new Date(noDia(now, dia, 12) - SP_OFFSET).getUTCDay();
      const quantas = Math.round(((ENCOMENDAS_POR_DIA * PESO_DO_DIA[semana]!) / PESO_MEDIO) * (0.8 + rng.next() * 0.4));
      for (let k = 0; k < quantas; k++) {
        const recebida = noDia(now, dia, horaDeEntrega(rng));
        // Today's parcels are those that came before now.
        if (recebida > now - 5 * MIN) continue;
        const unidade = habitadas.length && rng.chance(0.97) ? rng.pick(habitadas) : rng.pick(todas);
        const adultos = adultosPorUnidade.get(unidade) ?? [];
        const morador = adultos.length && rng.chance(0.88) ? rng.pick(adultos) : null;
        const destinatario = morador?.nome ?? input.pessoa(adultos.length ? adultos[0]!.nome.split(" ").at(-1) : undefined);
        const transportadora = sortear(rng, TRANSPORTADORAS);
        const tipo = sortear(rng, TIPOS);
        const local = tipo === "refrigerado" ? "Geladeira" : tipo === "envelope" ? "Escaninho" : rng.pick(PRATELEIRAS);
        const recebidaPor = rng.pick(porteiros);
        const id = rng.uuid();

        // What becomes of it: handed out within 0–3 days mostly, some forgotten, a few sent back.
        const r = rng.next();
        const devolver = r < 0.015 || (!morador && r < 0.08);
        const espera = devolver ? rng.int(7, 15) : r < 0.06 ? rng.int(4, 12) : r < 0.47 ? 0 : r < 0.77 ? 1 : r < 0.91 ? 2 : 3;
        let fim = noDia(now, dia - espera, devolver ? 9 + rng.next() * 8 : horaDeRetirada(rng));
        // The same day: some hours after it came.
        if (fim <= recebida) fim = recebida + HOUR + rng.next() * 5 * HOUR;
        const encerrada = fim < now - 5 * MIN;

        let codigo = cofre.gerar();
        if (!encerrada) {
          const usados = codigosAguardando.get(unidade) ?? new Set<string>();
          codigosAguardando.set(unidade, usados);
          while (usados.has(codigo)) codigo = cofre.gerar();
          usados.add(codigo);
        }
        const parcela: Parcela = {
          id,
          condominio_id: condo.id,
          unidade_id: unidade,
          morador_id: morador?.id ?? null,
          destinatario_nome: destinatario,
          transportadora,
          codigo_rastreio: rastreio(rng, transportadora),
          tipo,
          local_armazenamento: local,
          observacoes: rng.chance(0.04) ? rng.pick(OBSERVACOES) : null,
          status: "aguardando",
          recebida_em: new Date(recebida),
          recebida_por_nome: recebidaPor,
          codigo_retirada_hash: cofre.hash(unidade, codigo),
          codigo_retirada_cifrado: cofre.cifrar(id, codigo),
          created_at: new Date(recebida),
        };
        evento(id, "recebida", recebida, ENCOMENDAS_TEXTOS.eventoRecebida(recebidaPor, destinatario, TRANSPORTADORA_LABEL[transportadora]), recebidaPor);
        // The unit's residents are told at once (the notice's step has no operator).
        if (adultos.length) evento(id, "notificada", recebida + rng.int(2, 40) * 1000, ENCOMENDAS_TEXTOS.eventoNotificada(adultos.length), null);

        if (!encerrada) {
          // Reminded every 3 days while it waits (the reminders' job goes on from the last).
          const lembretes = Math.floor((now - recebida) / (3 * DAY));
          if (lembretes > 0) parcela.lembrado_em = new Date(recebida + lembretes * 3 * DAY);
        } else if (devolver) {
          const por = rng.pick(porteiros);
          const motivo = morador ? rng.pick(MOTIVOS_DEVOLUCAO.slice(1)) : MOTIVOS_DEVOLUCAO[0];
          Object.assign(parcela, { status: "devolvida", devolvida_em: new Date(fim), devolvida_por_nome: por, motivo_devolucao: motivo });
          evento(id, "devolvida", fim, ENCOMENDAS_TEXTOS.eventoDevolvida(por, motivo), por);
        } else {
          const por = rng.pick(porteiros);
          const forma: FormaRetirada = sortear(rng, [
            ["codigo", 75],
            ["qrcode", 17],
            ["documento", 8],
          ] as const);
          // Mostly the addressee; sometimes another resident of the unit, or a relative with a document.
          const quem = rng.next();
          const outro = adultos.length ? rng.pick(adultos) : null;
          const [nome, documento] =
            quem < 0.8 && (morador ?? outro)
              ? [(morador ?? outro)!.nome, forma === "documento" ? ((morador ?? outro)!.cpf ?? input.cpf()) : null]
              : quem < 0.92 && outro
                ? [outro.nome, forma === "documento" ? (outro.cpf ?? input.cpf()) : null]
                : [input.pessoa(destinatario.split(" ").at(-1)), input.cpf()];
          Object.assign(parcela, {
            status: "retirada",
            retirada_em: new Date(fim),
            retirada_por_nome: nome,
            retirada_por_documento: documento,
            retirada_forma: forma,
            entregue_por_nome: por,
          });
          evento(id, "retirada", fim, ENCOMENDAS_TEXTOS.eventoRetirada(nome, documento, por, FORMA_RETIRADA_LABEL[forma]), por);
        }
        parcelas.push(parcela);
      }
    }

    // The parcels (no trigger on insert), then the condominium's events in time order through the
    // chaining trigger (stable sort: a parcel's steps at the same instant keep their order).
    for (let i = 0; i < parcelas.length; i += batchSize) await tx.insert(encomendas).values(parcelas.slice(i, i + batchSize));
    eventos.sort((a, b) => a.registrado_em.getTime() - b.registrado_em.getTime());
    for (let i = 0; i < eventos.length; i += batchSize) await tx.insert(encomendaEventos).values(eventos.slice(i, i + batchSize));
    result.encomendas += parcelas.length;
    result.aguardando += parcelas.filter((p) => p.status === "aguardando").length;
    result.eventos += eventos.length;
    onProgress("encomendas", Math.min(result.encomendas, previstas - 1), previstas);
  }
  await tx.execute(sql`select set_config('portal.importacao', 'off', true)`);
  onProgress("encomendas", result.encomendas, result.encomendas);
  return result;
}
