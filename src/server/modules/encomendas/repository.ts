import { and, asc, count, eq, gte, ilike, inArray, lt, min, or, sql, type SQL } from "drizzle-orm";
import {
  encomendaOrdem,
  type Encomenda,
  type EncomendaEvento,
  type EncomendasAguardando,
  type FormaRetirada,
  type StatusEncomenda,
  type TipoEncomenda,
  type TipoEventoEncomenda,
  type Transportadora,
} from "@shared/schemas/encomendas";
import { dayStartInSaoPaulo, nextDate } from "@shared/time";
import type { Db } from "../../db/client";
import { condominios, encomendaEventos, encomendas, unidades } from "../../db/schema";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { condominioInScope, condominioInShape, scopeKey, scopeShape, scopeValues, type CondominioScope } from "../../scope";
import {
  cachedTotal,
  containsPattern,
  instantKey,
  keysetOrder,
  listCounter,
  offsetParam,
  pagingShape,
  pagingValues,
  toIso,
  type ListTotals,
  type PagingShape,
} from "../common";

// The parcels' reads (gate-operation-spec §4). Every read of condominium data takes the user's
// scope; the writes are the service's (one transaction each, with their custody events).

const columns = {
  id: encomendas.id,
  condominio_id: encomendas.condominio_id,
  condominio_nome: condominios.nome,
  unidade_id: encomendas.unidade_id,
  numero_unidade: unidades.numero_unidade,
  bloco: unidades.bloco,
  morador_id: encomendas.morador_id,
  destinatario_nome: encomendas.destinatario_nome,
  transportadora: encomendas.transportadora,
  codigo_rastreio: encomendas.codigo_rastreio,
  tipo: encomendas.tipo,
  local_armazenamento: encomendas.local_armazenamento,
  observacoes: encomendas.observacoes,
  status: encomendas.status,
  recebida_em: encomendas.recebida_em,
  recebida_key: instantKey(encomendas.recebida_em),
  recebida_por_nome: encomendas.recebida_por_nome,
  retirada_em: encomendas.retirada_em,
  retirada_por_nome: encomendas.retirada_por_nome,
  retirada_por_documento: encomendas.retirada_por_documento,
  retirada_forma: encomendas.retirada_forma,
  entregue_por_nome: encomendas.entregue_por_nome,
  devolvida_em: encomendas.devolvida_em,
  devolvida_por_nome: encomendas.devolvida_por_nome,
  motivo_devolucao: encomendas.motivo_devolucao,
};

type Row = {
  id: string;
  condominio_id: string;
  condominio_nome: string;
  unidade_id: string;
  numero_unidade: string;
  bloco: string | null;
  morador_id: string | null;
  destinatario_nome: string;
  transportadora: string;
  codigo_rastreio: string | null;
  tipo: string;
  local_armazenamento: string | null;
  observacoes: string | null;
  status: string;
  recebida_em: Date | string;
  recebida_key: string;
  recebida_por_nome: string;
  retirada_em: Date | string | null;
  retirada_por_nome: string | null;
  retirada_por_documento: string | null;
  retirada_forma: string | null;
  entregue_por_nome: string | null;
  devolvida_em: Date | string | null;
  devolvida_por_nome: string | null;
  motivo_devolucao: string | null;
};

const isoOrNull = (value: Date | string | null) => (value === null ? null : toIso(value));

/** A parcel as the API answers it: never its code (the operator must not learn it). */
export const toEncomenda = (row: Row): Encomenda => ({
  id: row.id,
  condominio: { id: row.condominio_id, nome: row.condominio_nome },
  unidade: { id: row.unidade_id, numero_unidade: row.numero_unidade, bloco: row.bloco },
  morador_id: row.morador_id,
  destinatario_nome: row.destinatario_nome,
  transportadora: row.transportadora as Transportadora,
  codigo_rastreio: row.codigo_rastreio,
  tipo: row.tipo as TipoEncomenda,
  local_armazenamento: row.local_armazenamento,
  observacoes: row.observacoes,
  status: row.status as StatusEncomenda,
  recebida_em: toIso(row.recebida_em),
  recebida_por_nome: row.recebida_por_nome,
  retirada_em: isoOrNull(row.retirada_em),
  retirada_por_nome: row.retirada_por_nome,
  retirada_por_documento: row.retirada_por_documento,
  retirada_forma: row.retirada_forma as FormaRetirada | null,
  entregue_por_nome: row.entregue_por_nome,
  devolvida_em: isoOrNull(row.devolvida_em),
  devolvida_por_nome: row.devolvida_por_nome,
  motivo_devolucao: row.motivo_devolucao,
});

export interface EncomendaListQuery {
  q: string;
  condominio_id: string;
  unidade_id: string | null;
  situacao: "aguardando" | "retirada" | "devolvida" | "todas";
  transportadora: "todas" | Transportadora;
  de: string | null;
  ate: string | null;
  limit: number;
  offset: number;
  after?: [string, string];
}

/** Which filters a list request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = {
  q: boolean;
  condominio: boolean;
  unidade: boolean;
  situacao: boolean;
  transportadora: boolean;
  de: boolean;
  ate: boolean;
  scoped: boolean;
};

const listWhere = (f: Filters) =>
  and(
    f.q
      ? or(
          ilike(encomendas.destinatario_nome, param("text")),
          ilike(encomendas.codigo_rastreio, param("text")),
          ilike(encomendas.local_armazenamento, param("text")),
        )
      : undefined,
    f.condominio ? eq(encomendas.condominio_id, param("condominio")) : undefined,
    f.unidade ? eq(encomendas.unidade_id, param("unidade")) : undefined,
    f.situacao ? eq(encomendas.status, param("situacao")) : undefined,
    f.transportadora ? eq(encomendas.transportadora, param("transportadora")) : undefined,
    f.de ? gte(encomendas.recebida_em, sql`${param("desde")}::timestamptz`) : undefined,
    f.ate ? lt(encomendas.recebida_em, sql`${param("antes")}::timestamptz`) : undefined,
    condominioInShape(encomendas.condominio_id, f.scoped),
  );

const ordem = keysetOrder(encomendaOrdem, { recebida_key: encomendas.recebida_em, id: encomendas.id });

export function encomendasRepository(db: Db, totals?: ListTotals) {
  const base = () =>
    db
      .select(columns)
      .from(encomendas)
      .innerJoin(condominios, eq(condominios.id, encomendas.condominio_id))
      .innerJoin(unidades, eq(unidades.id, encomendas.unidade_id));
  const listPage = byShape((shape: Filters & PagingShape) =>
    base()
      .where(and(listWhere(shape), ordem.after(shape)))
      .orderBy(...ordem.orderBy)
      .limit(param("limit"))
      .offset(offsetParam(shape))
      .prepare(NAMED_BY_TEXT),
  );
  const countRows = listCounter(db, encomendas, listWhere);

  return {
    async list(scope: CondominioScope, query: EncomendaListQuery) {
      const filters: Filters = {
        q: Boolean(query.q),
        condominio: query.condominio_id !== "todos",
        unidade: query.unidade_id !== null,
        situacao: query.situacao !== "todas",
        transportadora: query.transportadora !== "todas",
        de: query.de !== null,
        ate: query.ate !== null,
        ...scopeShape(scope),
      };
      const values = {
        ...scopeValues(scope),
        text: query.q && containsPattern(query.q),
        condominio: query.condominio_id,
        unidade: query.unidade_id,
        situacao: query.situacao,
        transportadora: query.transportadora,
        // The period's ends are São Paulo's calendar days.
        desde: query.de && dayStartInSaoPaulo(query.de).toISOString(),
        antes: query.ate && dayStartInSaoPaulo(nextDate(query.ate)).toISOString(),
        ...pagingValues(query),
      };
      const key = ["encomendas", scopeKey(scope), query.q, query.condominio_id, query.unidade_id, query.situacao, query.transportadora, query.de, query.ate];
      const counting = cachedTotal(totals, key, () => countRows(filters, values));
      const [rows, total] = await Promise.all([listPage({ ...filters, ...pagingShape(query) }).execute(values), counting]);
      const page = ordem.page(rows as Row[], query.limit);
      return { rows: page.rows.map(toEncomenda), total, next: page.next };
    },

    async get(scope: CondominioScope, id: string): Promise<Encomenda | null> {
      const [row] = await base().where(and(eq(encomendas.id, id), condominioInScope(scope, encomendas.condominio_id)));
      return row ? toEncomenda(row as Row) : null;
    },

    /** Parcels by id (already known to be the scope's: the service wrote them), in the order of `ids`. */
    async many(ids: readonly string[]): Promise<Encomenda[]> {
      if (ids.length === 0) return [];
      const rows = (await base().where(inArray(encomendas.id, [...ids]))) as Row[];
      const byId = new Map(rows.map((r) => [r.id, toEncomenda(r)]));
      return ids.map((id) => byId.get(id)).filter((e) => e !== undefined);
    },

    /** A unit's parcels still waiting, oldest first. */
    async aguardandoDaUnidade(unidadeId: string): Promise<Encomenda[]> {
      const rows = await base()
        .where(and(eq(encomendas.unidade_id, unidadeId), eq(encomendas.status, "aguardando")))
        .orderBy(asc(encomendas.recebida_em), asc(encomendas.id));
      return (rows as Row[]).map(toEncomenda);
    },

    /** A parcel's custody events, in the chain's order. */
    async eventos(encomendaId: string): Promise<EncomendaEvento[]> {
      const rows = await db
        .select({
          seq: encomendaEventos.seq,
          tipo: encomendaEventos.tipo,
          descricao: encomendaEventos.descricao,
          operador_nome: encomendaEventos.operador_nome,
          registrado_em: encomendaEventos.registrado_em,
        })
        .from(encomendaEventos)
        .where(eq(encomendaEventos.encomenda_id, encomendaId))
        .orderBy(asc(encomendaEventos.seq));
      return rows.map((r) => ({ ...r, seq: Number(r.seq), tipo: r.tipo as TipoEventoEncomenda, registrado_em: toIso(r.registrado_em) }));
    },

    /** The painel's card: per condominium of the scope, how many parcels wait and since when. */
    async aguardando(scope: CondominioScope): Promise<EncomendasAguardando> {
      const rows = await db
        .select({ id: condominios.id, nome: condominios.nome, aguardando: count(), mais_antiga_em: min(encomendas.recebida_em) })
        .from(encomendas)
        .innerJoin(condominios, eq(condominios.id, encomendas.condominio_id))
        .where(and(eq(encomendas.status, "aguardando"), condominioInScope(scope, encomendas.condominio_id)))
        .groupBy(condominios.id, condominios.nome)
        .orderBy(asc(condominios.nome));
      const linhas = rows.map((r) => ({
        condominio: { id: r.id, nome: r.nome },
        aguardando: Number(r.aguardando),
        mais_antiga_em: toIso(r.mais_antiga_em!),
      }));
      return { total: linhas.reduce((n, r) => n + r.aguardando, 0), rows: linhas };
    },

    /** A unit of the scope: its condominium, or null (another's is as unknown as none). */
    async unidadeNoEscopo(scope: CondominioScope, unidadeId: string): Promise<{ id: string; condominio_id: string } | null> {
      const [row] = await db
        .select({ id: unidades.id, condominio_id: unidades.condominio_id })
        .from(unidades)
        .where(and(eq(unidades.id, unidadeId), condominioInScope(scope, unidades.condominio_id) as SQL | undefined));
      return row ?? null;
    },
  };
}

export type EncomendasRepository = ReturnType<typeof encomendasRepository>;
