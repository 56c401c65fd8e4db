import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { normalizeDocumento } from "@shared/br/documento";
import { normalizePlaca } from "@shared/br/placa";
import {
  bloqueioOrdem,
  type Bloqueio,
  type BloqueioData,
  type SituacaoBloqueio,
  type SituacaoBloqueioFiltro,
  type TipoBloqueio,
} from "@shared/schemas/bloqueios";
import { today } from "@shared/time";
import type { Db } from "../../db/client";
import { bloqueios, condominios, usuarios } from "../../db/schema";
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

const criador = alias(usuarios, "bloqueio_criador");
const removedor = alias(usuarios, "bloqueio_removedor");

const columns = {
  id: bloqueios.id,
  condominio_id: bloqueios.condominio_id,
  condominio_nome: condominios.nome,
  tipo: bloqueios.tipo,
  nome: bloqueios.nome,
  documento_numero: bloqueios.documento_numero,
  placa: bloqueios.placa,
  motivo: bloqueios.motivo,
  valido_ate: bloqueios.valido_ate,
  criado_por: bloqueios.criado_por,
  criado_por_nome: criador.nome_completo,
  created_at: bloqueios.created_at,
  created_key: instantKey(bloqueios.created_at),
  removido_por: bloqueios.removido_por,
  removido_por_nome: removedor.nome_completo,
  removido_em: bloqueios.removido_em,
};

type Row = {
  id: string;
  condominio_id: string | null;
  condominio_nome: string | null;
  tipo: string;
  nome: string | null;
  documento_numero: string | null;
  placa: string | null;
  motivo: string;
  valido_ate: string | null;
  criado_por: string | null;
  criado_por_nome: string | null;
  created_at: Date | string;
  created_key: string;
  removido_por: string | null;
  removido_por_nome: string | null;
  removido_em: Date | string | null;
};

const who = (id: string | null, nome: string | null) => (id ? { id, nome: nome ?? "Usuário removido" } : null);

const situacaoNoDia = (row: Pick<Row, "removido_em" | "valido_ate">, hoje: string): SituacaoBloqueio =>
  row.removido_em ? "removido" : row.valido_ate !== null && row.valido_ate < hoje ? "expirado" : "ativo";

const toBloqueio = (row: Row, hoje: string): Bloqueio => ({
  id: row.id,
  condominio_id: row.condominio_id,
  condominio: row.condominio_id && row.condominio_nome ? { id: row.condominio_id, nome: row.condominio_nome } : null,
  tipo: row.tipo as TipoBloqueio,
  nome: row.nome,
  documento_numero: row.documento_numero,
  placa: row.placa,
  motivo: row.motivo,
  valido_ate: row.valido_ate,
  criado_por: who(row.criado_por, row.criado_por_nome),
  created_at: toIso(row.created_at),
  removido_por: who(row.removido_por, row.removido_por_nome),
  removido_em: row.removido_em === null ? null : toIso(row.removido_em),
  situacao: situacaoNoDia(row, hoje),
});

/** Which filters a list request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = { q: boolean; doc: boolean; placa: boolean; condominio: boolean; tipo: boolean; mostrar: SituacaoBloqueioFiltro; scoped: boolean };

const hoje = sql`${param("hoje")}::date`;
const mostrarWhere: Record<SituacaoBloqueioFiltro, SQL | undefined> = {
  ativos: and(isNull(bloqueios.removido_em), or(isNull(bloqueios.valido_ate), sql`${bloqueios.valido_ate} >= ${hoje}`)),
  expirados: and(isNull(bloqueios.removido_em), sql`${bloqueios.valido_ate} < ${hoje}`),
  removidos: isNotNull(bloqueios.removido_em),
  todos: undefined,
};

// A condominium's blocks include those of every condominium: they apply there too. A scoped user
// sees the blocks of their condominiums and those of every condominium (§2, as 'Geral' providers).
const listWhere = (f: Filters) =>
  and(
    f.q
      ? or(
          ilike(bloqueios.nome, param("text")),
          ilike(bloqueios.motivo, param("text")),
          f.doc ? ilike(bloqueios.documento_numero, param("doc")) : undefined,
          f.placa ? ilike(bloqueios.placa, param("placa")) : undefined,
        )
      : undefined,
    f.condominio ? or(isNull(bloqueios.condominio_id), eq(bloqueios.condominio_id, param("condominio"))) : undefined,
    f.tipo ? eq(bloqueios.tipo, param("tipo")) : undefined,
    mostrarWhere[f.mostrar],
    f.scoped ? or(isNull(bloqueios.condominio_id), condominioInShape(bloqueios.condominio_id, true)) : undefined,
  );

const ordem = keysetOrder(bloqueioOrdem, { created_key: bloqueios.created_at, id: bloqueios.id });

export function bloqueiosRepository(db: Db, totals?: ListTotals) {
  const base = () =>
    db
      .select(columns)
      .from(bloqueios)
      .leftJoin(condominios, eq(condominios.id, bloqueios.condominio_id))
      .leftJoin(criador, eq(criador.id, bloqueios.criado_por))
      .leftJoin(removedor, eq(removedor.id, bloqueios.removido_por));
  const listPage = byShape((shape: Filters & PagingShape) =>
    base()
      .where(and(listWhere(shape), ordem.after(shape)))
      .orderBy(...ordem.orderBy)
      .limit(param("limit"))
      .offset(offsetParam(shape))
      .prepare(NAMED_BY_TEXT),
  );
  const countRows = listCounter(db, bloqueios, listWhere);

  /** Visible to the scope: its condominiums' blocks and those of every condominium. */
  const visible = (scope: CondominioScope) => (scope.all ? undefined : or(isNull(bloqueios.condominio_id), condominioInScope(scope, bloqueios.condominio_id)));

  return {
    async list(
      scope: CondominioScope,
      query: {
        q: string;
        condominio_id: string;
        tipo: "todos" | TipoBloqueio;
        mostrar: SituacaoBloqueioFiltro;
        limit: number;
        offset: number;
        after?: [string, string];
      },
    ) {
      const day = today();
      const doc = /\d/.test(query.q) ? normalizeDocumento(query.q) : "";
      const placa = normalizePlaca(query.q).length >= 3 ? normalizePlaca(query.q) : "";
      const filters: Filters = {
        q: Boolean(query.q),
        doc: Boolean(doc),
        placa: Boolean(placa),
        condominio: query.condominio_id !== "todos",
        tipo: query.tipo !== "todos",
        mostrar: query.mostrar,
        ...scopeShape(scope),
      };
      const values = {
        ...scopeValues(scope),
        text: query.q && containsPattern(query.q),
        doc: doc && containsPattern(doc),
        placa: placa && containsPattern(placa),
        condominio: query.condominio_id,
        tipo: query.tipo,
        hoje: day,
        ...pagingValues(query),
      };
      const counting = cachedTotal(totals, ["bloqueios", scopeKey(scope), query.q, query.condominio_id, query.tipo, query.mostrar, day], () =>
        countRows(filters, values),
      );
      const [rows, total] = await Promise.all([listPage({ ...filters, ...pagingShape(query) }).execute(values), counting]);
      const page = ordem.page(rows as Row[], query.limit);
      return { rows: page.rows.map((row) => toBloqueio(row, day)), total, next: page.next };
    },

    async get(scope: CondominioScope, id: string): Promise<Bloqueio | null> {
      const [row] = await base().where(and(eq(bloqueios.id, id), visible(scope)));
      return row ? toBloqueio(row as Row, today()) : null;
    },

    /** The active condominiums of the scope among `ids` (all of the scope's when `ids` is undefined). */
    async activeCondominios(scope: CondominioScope, ids?: readonly string[]): Promise<string[]> {
      const rows = await db
        .select({ id: condominios.id })
        .from(condominios)
        .where(and(eq(condominios.ativo, true), ids ? inArray(condominios.id, [...ids]) : undefined, condominioInScope(scope, condominios.id)))
        .orderBy(condominios.nome);
      return rows.map((r) => r.id);
    },

    /** One block per condominium id (null: every condominium), in one statement. */
    async create(input: BloqueioData, condominioIds: readonly (string | null)[], criadoPor: string): Promise<string[]> {
      const rows = await db
        .insert(bloqueios)
        .values(condominioIds.map((condominio_id) => ({ ...input, condominio_id, criado_por: criadoPor })))
        .returning({ id: bloqueios.id });
      return rows.map((r) => r.id);
    },

    /**
     * Marks an active block removed (kept, with who and when). Only a block the scope may change:
     * one of its condominiums; one of every condominium only with all-condominium access.
     */
    async remove(scope: CondominioScope, id: string, removidoPor: string): Promise<boolean> {
      const rows = await db
        .update(bloqueios)
        .set({ removido_por: removidoPor, removido_em: new Date() })
        .where(and(eq(bloqueios.id, id), isNull(bloqueios.removido_em), condominioInScope(scope, bloqueios.condominio_id)))
        .returning({ id: bloqueios.id });
      return rows.length > 0;
    },
  };
}
