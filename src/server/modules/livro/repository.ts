import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { TRANSPORTADORA_LABEL, type Transportadora } from "@shared/schemas/encomendas";
import {
  LIVRO_TEXTOS,
  ocorrenciaOrdem,
  type ocorrenciaExportQuerySchema,
  type Ocorrencia,
  type PrioridadeOcorrencia,
  type ReferenciaOcorrencia,
  type Seguimento,
  type TipoOcorrencia,
  type Turno,
} from "@shared/schemas/livro";
import { SENTIDO_LABEL, type Sentido } from "@shared/schemas/registros";
import { unidadeLabel } from "@shared/schemas/unidades";
import { dayStartInSaoPaulo, formatDateTime, nextDate } from "@shared/time";
import type { Db } from "../../db/client";
import { alarmes, condominios, encomendas, ocorrencias, ocorrenciasAbertas, registrosAcesso, turnos, unidades } from "../../db/schema";
import { condominioInScope, scopeKey, type CondominioScope } from "../../scope";
import { afterKey, cachedTotal, containsPattern, instantKey, keysetOrder, toIso, type ListTotals } from "../common";

// The shift book's reads (gate-operation-spec §5). Every read of entries takes the reader's scope
// and, for a síndico, only the entries made visible to him; the writes are the service's.

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The database, or a transaction of it. */
export type Q = Db | Tx;

/** Who reads: their condominiums, and whether they read only what a síndico reads. */
export interface Leitor {
  scope: CondominioScope;
  soSindico: boolean;
}

/** A post: a condominium's id, or null for 'Central'. */
export type Posto = string | null;

export type OcorrenciaFiltros = z.output<typeof ocorrenciaExportQuerySchema>;

const isoOrNull = (value: Date | string | null) => (value === null ? null : toIso(value));

// ——— Shifts ———

const turnoColumns = {
  id: turnos.id,
  condominio_id: turnos.condominio_id,
  condominio_nome: condominios.nome,
  operador: turnos.operador,
  operador_nome: turnos.operador_nome,
  iniciado_em: turnos.iniciado_em,
  encerrado_em: turnos.encerrado_em,
  passagem: turnos.passagem,
  assumido_por: turnos.assumido_por,
  assumido_por_nome: turnos.assumido_por_nome,
  assumido_em: turnos.assumido_em,
};
export type TurnoRow = {
  id: string;
  condominio_id: string | null;
  condominio_nome: string | null;
  operador: string;
  operador_nome: string;
  iniciado_em: Date | string;
  encerrado_em: Date | string | null;
  passagem: string | null;
  assumido_por: string | null;
  assumido_por_nome: string | null;
  assumido_em: Date | string | null;
};

export const toTurno = (row: TurnoRow): Turno => ({
  id: row.id,
  condominio: row.condominio_id ? { id: row.condominio_id, nome: row.condominio_nome! } : null,
  operador_nome: row.operador_nome,
  iniciado_em: toIso(row.iniciado_em),
  encerrado_em: isoOrNull(row.encerrado_em),
  passagem: row.passagem,
  assumido_por_nome: row.assumido_por_nome,
  assumido_em: isoOrNull(row.assumido_em),
});

const noPosto = (posto: Posto) => (posto === null ? isNull(turnos.condominio_id) : eq(turnos.condominio_id, posto));

export function turnosRepository(db: Db) {
  const base = (q: Q = db) => q.select(turnoColumns).from(turnos).leftJoin(condominios, eq(condominios.id, turnos.condominio_id));
  return {
    async get(id: string, q: Q = db): Promise<TurnoRow | null> {
      const [row] = await base(q).where(eq(turnos.id, id));
      return (row as TurnoRow | undefined) ?? null;
    },

    /** The operator's open shift (at most one: a unique index). */
    async aberto(operadorId: string, q: Q = db): Promise<TurnoRow | null> {
      const [row] = await base(q).where(and(eq(turnos.operador, operadorId), isNull(turnos.encerrado_em)));
      return (row as TurnoRow | undefined) ?? null;
    },

    /** The post's last closed shift: the handover the next operator reads. */
    async ultimoEncerrado(posto: Posto, q: Q = db): Promise<TurnoRow | null> {
      const [row] = await base(q)
        .where(and(noPosto(posto), isNotNull(turnos.encerrado_em)))
        .orderBy(desc(turnos.encerrado_em), desc(turnos.id))
        .limit(1);
      return (row as TurnoRow | undefined) ?? null;
    },

    /** The shifts still open at the post, but the operator's own, oldest first. */
    async abertosNoPosto(posto: Posto, excetoOperador: string): Promise<TurnoRow[]> {
      const rows = await base()
        .where(and(noPosto(posto), isNull(turnos.encerrado_em), ne(turnos.operador, excetoOperador)))
        .orderBy(asc(turnos.iniciado_em), asc(turnos.id));
      return rows as TurnoRow[];
    },
  };
}

// ——— Entries ———

const aberta = sql<number>`(case when ${ocorrenciasAbertas.ocorrencia_id} is null then 0 else 1 end)`;

const itemColumns = {
  id: ocorrencias.id,
  condominio_id: ocorrencias.condominio_id,
  condominio_nome: condominios.nome,
  unidade_id: ocorrencias.unidade_id,
  numero_unidade: unidades.numero_unidade,
  bloco: unidades.bloco,
  tipo: ocorrencias.tipo,
  prioridade: ocorrencias.prioridade,
  titulo: ocorrencias.titulo,
  descricao: ocorrencias.descricao,
  referencia_tipo: ocorrencias.referencia_tipo,
  referencia_id: ocorrencias.referencia_id,
  visivel_sindico: ocorrencias.visivel_sindico,
  criada_por_nome: ocorrencias.criada_por_nome,
  created_at: ocorrencias.created_at,
  created_key: instantKey(ocorrencias.created_at),
  aberta,
};
type ItemRow = {
  id: string;
  condominio_id: string;
  condominio_nome: string;
  unidade_id: string | null;
  numero_unidade: string | null;
  bloco: string | null;
  tipo: string;
  prioridade: string;
  titulo: string;
  descricao: string | null;
  referencia_tipo: string | null;
  referencia_id: string | null;
  visivel_sindico: boolean;
  criada_por_nome: string;
  created_at: Date | string;
  created_key: string;
  aberta: number;
};

const ordem = keysetOrder(ocorrenciaOrdem, { aberta, created_key: ocorrencias.created_at, id: ocorrencias.id });

/** What the reader may see of the book: his condominiums, and for a síndico only what was made visible to him. */
const visivel = (leitor: Leitor) =>
  and(condominioInScope(leitor.scope, ocorrencias.condominio_id), leitor.soSindico ? eq(ocorrencias.visivel_sindico, true) : undefined);

const filtrosWhere = (f: OcorrenciaFiltros): SQL | undefined =>
  and(
    f.q ? or(ilike(ocorrencias.titulo, containsPattern(f.q)), ilike(ocorrencias.descricao, containsPattern(f.q))) : undefined,
    f.condominio_id !== "todos" ? eq(ocorrencias.condominio_id, f.condominio_id) : undefined,
    f.tipo !== "todos" ? eq(ocorrencias.tipo, f.tipo) : undefined,
    f.prioridade !== "todas" ? eq(ocorrencias.prioridade, f.prioridade) : undefined,
    f.situacao === "aberta" ? isNotNull(ocorrenciasAbertas.ocorrencia_id) : f.situacao === "resolvida" ? isNull(ocorrenciasAbertas.ocorrencia_id) : undefined,
    // The period's ends are São Paulo's calendar days.
    f.de ? gte(ocorrencias.created_at, dayStartInSaoPaulo(f.de)) : undefined,
    f.ate ? lt(ocorrencias.created_at, dayStartInSaoPaulo(nextDate(f.ate))) : undefined,
  );

/** The short pt-BR description of what an entry points at (§5), from the referenced row. */
const descricaoRegistro = (r: { sentido: string; nome_pessoa: string; registrado_em: Date | string }) =>
  `${SENTIDO_LABEL[r.sentido as Sentido] ?? r.sentido} de ${r.nome_pessoa}, ${formatDateTime(r.registrado_em)}`;
/** "Porta forçada: Portão social." → "Alarme: Porta forçada — Portão social". */
const descricaoAlarme = (r: { mensagem: string }) => `Alarme: ${r.mensagem.replace(/\.$/, "").replace(": ", " — ")}`;
const descricaoEncomenda = (r: { transportadora: string; destinatario_nome: string; numero_unidade: string; bloco: string | null }) =>
  `Encomenda ${TRANSPORTADORA_LABEL[r.transportadora as Transportadora] ?? r.transportadora} para ${r.destinatario_nome} (${unidadeLabel(r)})`;

/** How many link candidates the form offers, and how far back (§5; decision 0280). */
const REFERENCIAS_MAX = 20;
const REFERENCIAS_JANELA = sql`now() - interval '48 hours'`;

export function ocorrenciasRepository(db: Db, totals?: ListTotals) {
  const base = (q: Q = db) =>
    q
      .select(itemColumns)
      .from(ocorrencias)
      .innerJoin(condominios, eq(condominios.id, ocorrencias.condominio_id))
      .leftJoin(unidades, eq(unidades.id, ocorrencias.unidade_id))
      .leftJoin(ocorrenciasAbertas, eq(ocorrenciasAbertas.ocorrencia_id, ocorrencias.id));

  /** The follow-ups of these items, oldest first. */
  async function seguimentosDe(ids: readonly string[], q: Q = db): Promise<Map<string, Seguimento[]>> {
    const byItem = new Map<string, Seguimento[]>(ids.map((id) => [id, []]));
    if (!ids.length) return byItem;
    const rows = await q
      .select({
        id: ocorrencias.id,
        item: ocorrencias.ocorrencia_original_id,
        natureza: ocorrencias.natureza,
        descricao: ocorrencias.descricao,
        criada_por_nome: ocorrencias.criada_por_nome,
        created_at: ocorrencias.created_at,
      })
      .from(ocorrencias)
      .where(inArray(ocorrencias.ocorrencia_original_id, [...ids]))
      .orderBy(asc(ocorrencias.created_at), asc(ocorrencias.id));
    for (const r of rows)
      byItem.get(r.item!)!.push({
        id: r.id,
        natureza: r.natureza as Seguimento["natureza"],
        descricao: r.descricao,
        criada_por_nome: r.criada_por_nome,
        created_at: toIso(r.created_at),
      });
    return byItem;
  }

  /** The referenced rows of one type, described (§5), with when they happened. */
  async function descrever(tipo: ReferenciaOcorrencia, ids: readonly string[], q: Q = db) {
    const descritas = new Map<string, { id: string; descricao: string; quando: string }>();
    if (!ids.length) return descritas;
    const add = (id: string, descricao: string, quando: Date | string) => descritas.set(id, { id, descricao, quando: toIso(quando) });
    if (tipo === "registro")
      for (const r of await q
        .select({
          id: registrosAcesso.id,
          sentido: registrosAcesso.sentido,
          nome_pessoa: registrosAcesso.nome_pessoa,
          registrado_em: registrosAcesso.registrado_em,
        })
        .from(registrosAcesso)
        .where(inArray(registrosAcesso.id, [...ids])))
        add(r.id, descricaoRegistro(r), r.registrado_em);
    else if (tipo === "alarme")
      for (const r of await q
        .select({ id: alarmes.id, mensagem: alarmes.mensagem, criado_em: alarmes.criado_em })
        .from(alarmes)
        .where(inArray(alarmes.id, [...ids])))
        add(r.id, descricaoAlarme(r), r.criado_em);
    else
      for (const r of await q
        .select({
          id: encomendas.id,
          transportadora: encomendas.transportadora,
          destinatario_nome: encomendas.destinatario_nome,
          numero_unidade: unidades.numero_unidade,
          bloco: unidades.bloco,
          recebida_em: encomendas.recebida_em,
        })
        .from(encomendas)
        .innerJoin(unidades, eq(unidades.id, encomendas.unidade_id))
        .where(inArray(encomendas.id, [...ids])))
        add(r.id, descricaoEncomenda(r), r.recebida_em);
    return descritas;
  }

  /** The descriptions of the rows these entries point at, by `tipo:id`. */
  async function referenciasDe(rows: readonly { referencia_tipo: string | null; referencia_id: string | null }[], q: Q = db) {
    const descricoes = new Map<string, string>();
    await Promise.all(
      (["registro", "alarme", "encomenda"] as const).map(async (tipo) => {
        const ids = [...new Set(rows.filter((r) => r.referencia_tipo === tipo).map((r) => r.referencia_id!))];
        for (const [id, r] of await descrever(tipo, ids, q)) descricoes.set(`${tipo}:${id}`, r.descricao);
      }),
    );
    return descricoes;
  }

  /** Items as the API answers them: each with its resolution, its complements' count and its link described. */
  async function hydrate(rows: ItemRow[], q: Q = db): Promise<(Ocorrencia & { seguimentos: Seguimento[] })[]> {
    const [seguimentos, descricoes] = await Promise.all([
      seguimentosDe(
        rows.map((r) => r.id),
        q,
      ),
      referenciasDe(rows, q),
    ]);
    return rows.map((row) => {
      const fio = seguimentos.get(row.id)!;
      const ref = row.referencia_tipo ? `${row.referencia_tipo}:${row.referencia_id}` : null;
      return {
        id: row.id,
        condominio: { id: row.condominio_id, nome: row.condominio_nome },
        unidade: row.unidade_id ? { id: row.unidade_id, numero_unidade: row.numero_unidade!, bloco: row.bloco } : null,
        tipo: row.tipo as TipoOcorrencia,
        prioridade: row.prioridade as PrioridadeOcorrencia,
        titulo: row.titulo,
        descricao: row.descricao,
        referencia: ref
          ? { tipo: row.referencia_tipo as ReferenciaOcorrencia, id: row.referencia_id!, descricao: descricoes.get(ref) ?? LIVRO_TEXTOS.vinculoIndisponivel }
          : null,
        visivel_sindico: row.visivel_sindico,
        criada_por_nome: row.criada_por_nome,
        created_at: toIso(row.created_at),
        situacao: Number(row.aberta) === 1 ? "aberta" : "resolvida",
        resolucao: fio.find((s) => s.natureza === "resolucao") ?? null,
        complementos: fio.filter((s) => s.natureza === "complemento").length,
        seguimentos: fio,
      };
    });
  }
  const semFio = ({ seguimentos: _fio, ...item }: Ocorrencia & { seguimentos: Seguimento[] }): Ocorrencia => item;

  const itens = (leitor: Leitor, filtros: OcorrenciaFiltros, ...mais: (SQL | undefined)[]) =>
    base().where(and(eq(ocorrencias.natureza, "abertura"), visivel(leitor), filtrosWhere(filtros), ...mais));

  /**
   * One page of the list's order after `after` (open first, then the newest), as rows. Read in two
   * steps, each the newest first: the open items (the open items' table, a few), then the resolved
   * ones (the book's index of items), so no page sorts the whole book. An offset reads the one
   * order at once.
   */
  async function pagina(leitor: Leitor, filtros: OcorrenciaFiltros, limit: number, after?: readonly unknown[], offset = 0): Promise<ItemRow[]> {
    if (offset > 0)
      return (await itens(leitor, filtros, ordem.afterValues(after))
        .orderBy(...ordem.orderBy)
        .limit(limit)
        .offset(offset)) as ItemRow[];
    const novos = ordem.direct(ocorrencias.created_at, ocorrencias.id);
    const depois = (aberta: number) =>
      after && Number(after[0]) === aberta ? afterKey([ocorrencias.created_at, ocorrencias.id], after.slice(1), true) : undefined;
    const abertas =
      filtros.situacao === "resolvida" || (after && Number(after[0]) === 0)
        ? []
        : ((await itens(leitor, filtros, isNotNull(ocorrenciasAbertas.ocorrencia_id), depois(1))
            .orderBy(...novos)
            .limit(limit)) as ItemRow[]);
    if (abertas.length === limit || filtros.situacao === "aberta") return abertas;
    const resolvidas = (await itens(leitor, filtros, isNull(ocorrenciasAbertas.ocorrencia_id), depois(0))
      .orderBy(...novos)
      .limit(limit - abertas.length)) as ItemRow[];
    return [...abertas, ...resolvidas];
  }

  return {
    async list(leitor: Leitor, query: OcorrenciaFiltros & { limit: number; offset: number; after?: readonly unknown[] }) {
      const key = [
        "livro",
        scopeKey(leitor.scope),
        leitor.soSindico,
        query.q,
        query.condominio_id,
        query.tipo,
        query.prioridade,
        query.situacao,
        query.de,
        query.ate,
      ];
      const counting = cachedTotal(totals, key, async () => {
        const [row] = await db
          .select({ n: count() })
          .from(ocorrencias)
          .leftJoin(ocorrenciasAbertas, eq(ocorrenciasAbertas.ocorrencia_id, ocorrencias.id))
          .where(and(eq(ocorrencias.natureza, "abertura"), visivel(leitor), filtrosWhere(query)));
        return row!.n;
      });
      // One row more than the page: it only tells whether anything follows.
      const [rows, total] = await Promise.all([pagina(leitor, query, query.limit + 1, query.after, query.offset), counting]);
      const page = ordem.page(rows, query.limit);
      return { rows: (await hydrate(page.rows)).map(semFio), total, next: page.next };
    },

    /** The whole filter in the list's order, a batch at a time (the CSV export). */
    async *lotes(leitor: Leitor, filtros: OcorrenciaFiltros, tamanho = 500) {
      let after: readonly unknown[] | undefined;
      for (;;) {
        const rows = await pagina(leitor, filtros, tamanho, after);
        if (rows.length) yield await hydrate(rows);
        if (rows.length < tamanho) return;
        after = ordem.keyOf(rows.at(-1)!);
      }
    },

    /** An item the reader may see, with its thread; null for a follow-up, another's or an invisible one. */
    async detalhe(leitor: Leitor, id: string, q: Q = db) {
      const rows = (await base(q).where(and(eq(ocorrencias.id, id), eq(ocorrencias.natureza, "abertura"), visivel(leitor)))) as ItemRow[];
      return rows.length ? (await hydrate(rows, q))[0]! : null;
    },

    /**
     * The post's open items (the central's: every condominium of the reader's scope), 'alta' first
     * and then the oldest, at most `max`, with their total: read from the open items' table.
     */
    async emAberto(leitor: Leitor, posto: Posto, max = 100) {
      const where = and(
        isNotNull(ocorrenciasAbertas.ocorrencia_id),
        posto === null ? condominioInScope(leitor.scope, ocorrenciasAbertas.condominio_id) : eq(ocorrenciasAbertas.condominio_id, posto),
        leitor.soSindico ? eq(ocorrencias.visivel_sindico, true) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        base()
          .where(where)
          .orderBy(desc(sql`(${ocorrencias.prioridade} = 'alta')`), asc(ocorrencias.created_at), asc(ocorrencias.id))
          .limit(max) as Promise<ItemRow[]>,
        db.select({ n: count() }).from(ocorrenciasAbertas).innerJoin(ocorrencias, eq(ocorrencias.id, ocorrenciasAbertas.ocorrencia_id)).where(where),
      ]);
      return { itens: (await hydrate(rows)).map(semFio), total: total!.n };
    },

    /** Whether the row an entry points at exists in that condominium. */
    async referenciaExiste(condominioId: string, tipo: ReferenciaOcorrencia, id: string, q: Q = db): Promise<boolean> {
      const tabela = { registro: registrosAcesso, alarme: alarmes, encomenda: encomendas }[tipo];
      const [row] = await q
        .select({ id: tabela.id })
        .from(tabela)
        .where(and(eq(tabela.id, id), eq(tabela.condominio_id, condominioId)));
      return Boolean(row);
    },

    /** Link candidates of one condominium: the last 48 hours' newest first, at most 20, by text; with how many match. */
    async candidatas(condominioId: string, tipo: ReferenciaOcorrencia, texto: string) {
      const padrao = texto ? containsPattern(texto) : null;
      const fonte = {
        registro: {
          tabela: registrosAcesso,
          quando: registrosAcesso.registrado_em,
          busca: padrao
            ? or(ilike(registrosAcesso.nome_pessoa, padrao), ilike(registrosAcesso.placa, containsPattern(texto.replace(/[^0-9A-Za-z]/g, ""))))
            : undefined,
        },
        alarme: { tabela: alarmes, quando: alarmes.criado_em, busca: padrao ? ilike(alarmes.mensagem, padrao) : undefined },
        encomenda: {
          tabela: encomendas,
          quando: encomendas.recebida_em,
          busca: padrao ? or(ilike(encomendas.destinatario_nome, padrao), ilike(encomendas.codigo_rastreio, padrao)) : undefined,
        },
      }[tipo];
      const where = and(eq(fonte.tabela.condominio_id, condominioId), gte(fonte.quando, REFERENCIAS_JANELA), fonte.busca);
      const [ids, [total]] = await Promise.all([
        db.select({ id: fonte.tabela.id }).from(fonte.tabela).where(where).orderBy(desc(fonte.quando), desc(fonte.tabela.id)).limit(REFERENCIAS_MAX),
        db.select({ n: count() }).from(fonte.tabela).where(where),
      ]);
      const descritas = await descrever(
        tipo,
        ids.map((r) => r.id),
      );
      return { rows: ids.map((r) => descritas.get(r.id)!), total: total!.n };
    },
  };
}

/** The item a follow-up is written to, as the service checks it (its condominium, whether resolved). */
export async function itemParaSeguimento(
  q: Q,
  leitor: Leitor,
  id: string,
): Promise<{ id: string; condominio_id: string; tipo: TipoOcorrencia; prioridade: PrioridadeOcorrencia; titulo: string; resolvida: boolean } | null> {
  // Resolved: no longer among the open items (kept by the book's triggers).
  const [row] = await q
    .select({
      id: ocorrencias.id,
      condominio_id: ocorrencias.condominio_id,
      tipo: ocorrencias.tipo,
      prioridade: ocorrencias.prioridade,
      titulo: ocorrencias.titulo,
      resolvida: sql<boolean>`${ocorrenciasAbertas.ocorrencia_id} is null`,
    })
    .from(ocorrencias)
    .leftJoin(ocorrenciasAbertas, eq(ocorrenciasAbertas.ocorrencia_id, ocorrencias.id))
    .where(and(eq(ocorrencias.id, id), eq(ocorrencias.natureza, "abertura"), visivel(leitor)));
  return row ?? null;
}
