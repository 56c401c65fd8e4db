import { and, count, eq, fillPlaceholders, gte, ilike, lt, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import pg from "pg";
import { normalizePlaca } from "@shared/br/placa";
import { searchDigits } from "@shared/schemas/moradores";
import {
  buscaLimitada,
  JANELA_DE_BUSCA,
  registroOrdem,
  resolvePeriodo,
  TOTAL_MAXIMO,
  type CorrecaoInput,
  type RegistroFilters,
  type RegistroListItem,
  type RegistroListQuery,
  type RegistrosPage,
} from "@shared/schemas/registros";
import { encodeCursor } from "@shared/schemas/cursor";
import { periodInSaoPaulo, today } from "@shared/time";
import type { Db } from "../../db/client";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { condominios, registrosAcesso as r, unidades } from "../../db/schema";
import { csvFieldsSql } from "./csv";
import { cachedTotal, containsPattern, instantKey, keysetOrder, pagingValues, unidadeDigitadaValues, unidadeMatchesText, type ListTotals } from "../common";
import { condominioInScope, condominioInShape, scopeIds, scopeKey, scopeShape, scopeValues, type CondominioScope } from "../../scope";
import { fromDriverJson } from "../../db/sql-helpers";

/** Which filters a request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = {
  q: boolean;
  digits: boolean;
  placa: boolean;
  /** The text reads as a unit ("Bloco A - 102", "a-102", "102"), with or without a block. */
  unidade: boolean;
  unidadeBloco: boolean;
  condominio: boolean;
  scoped: boolean;
  tipo: boolean;
  sentido: boolean;
  resultado: boolean;
  /**
   * A scope of a few condominiums and no condominium chosen: read each one's newest by its own
   * index and merge (a síndico's records), instead of walking the whole network's order and
   * skipping the other condominiums' records (229 ms after a day of writes elsewhere, issue 33).
   */
  porCondominio: boolean;
};

/** Up to this many condominiums in the scope, a list reads them one by one (Filters.porCondominio). */
const ESCOPO_PEQUENO = 16;
/** The scope's condominiums as rows (`escopo.id`), for a lateral read of each. */
const escopo = sql`unnest(${scopeIds("placeholder")}) as escopo(id)`;
const doCondominioDoEscopo = sql`${r.condominio_id} = escopo.id`;

/**
 * A person type or a direction, without text, is carried by no index in the list's order: a rare
 * combination over a year would walk every record of the period. Such a read examines at most
 * JANELA_DE_BUSCA records of the period, newest first, and says where it stopped (busca_limitada);
 * the next page continues from there. Text goes through its trigram indexes, 'Negado' alone
 * through its partial ones (docs/decisions/0286).
 */
const usaJanela = (f: Filters) => !f.q && (f.tipo || f.sentido);

/** The window's floor: its oldest record's cursor key, or none when the period holds fewer. */
type Piso = readonly [string, string] | null;

/** The period's newest records up to the window's floor (its last record), inclusive. */
const desdeOPiso = sql`(${r.registrado_em}, ${r.id}) >= (${param("piso0")}, ${param("piso1")})`;

/** Only what bounds the period and the scope: the window is counted over these, whatever the filters. */
const semFiltrosDePessoa = <F extends Filters>(f: F): F => ({ ...f, q: false, tipo: false, sentido: false, resultado: false });

// The period always applies (default: today); the document by its digits and the plate only
// when the text can be part of one.
const listWhere = (f: Filters) =>
  and(
    gte(r.registrado_em, param("desde")),
    lt(r.registrado_em, param("antes")),
    f.condominio ? eq(r.condominio_id, param("condominio")) : undefined,
    condominioInShape(r.condominio_id, f.scoped),
    f.tipo ? eq(r.tipo_pessoa, param("tipo_pessoa")) : undefined,
    f.sentido ? eq(r.sentido, param("sentido")) : undefined,
    f.resultado ? eq(r.resultado, param("resultado")) : undefined,
    f.q
      ? or(
          ilike(r.nome_pessoa, param("text")),
          ilike(r.documento, param("text")),
          f.digits ? ilike(r.documento, param("digits")) : undefined,
          f.placa ? ilike(r.placa, param("placa")) : undefined,
          unidadeMatchesText(r.unidade_id, f.unidade ? { bloco: f.unidadeBloco } : undefined),
        )
      : undefined,
  );

/** Newest first; indexes registros_condominio_recentes_idx and registros_recentes_idx follow it (migration 0014). */
const ordem = keysetOrder(registroOrdem, { chave: r.registrado_em, id: r.id });

interface PageRow extends Omit<RegistroListItem, "registrado_em" | "anonimizado" | "unidade" | "correcao" | "correcoes"> {
  chave: string;
  registrado_em: Date | string;
  anonimizado_em: Date | string | null;
  unidade: { id: string; numero_unidade: string; bloco: string | null } | null;
  /** A correction's texts as stored (JSON in observacao, null once anonymised). */
  correcao_textos: string | null;
  corrigido_em: Date | string | null;
  corrigido_nome: string | null;
  /** The record's corrections: JSON, as the driver hands it (parsed already or text). */
  correcoes: unknown;
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/**
 * A correction's texts (what was wrong, what is right), stored as JSON in its observacao: the
 * chain covers them (dados_hash) and the retention job removes them with the personal data.
 */
export const correcaoObservacao = (input: CorrecaoInput) => JSON.stringify({ errado: input.errado, certo: input.certo });

function correcaoTextos(observacao: string | null): { errado: string | null; certo: string | null } {
  try {
    const parsed = observacao ? (JSON.parse(observacao) as { errado?: unknown; certo?: unknown }) : null;
    if (parsed && typeof parsed.errado === "string" && typeof parsed.certo === "string") return { errado: parsed.errado, certo: parsed.certo };
  } catch {
    // Not a correction's JSON (an imported record): shown without its texts.
  }
  return { errado: null, certo: null };
}

const toItem = ({
  chave: _chave,
  anonimizado_em,
  registrado_em,
  correcao_textos,
  corrigido_em,
  corrigido_nome,
  correcoes,
  ...row
}: PageRow): RegistroListItem => ({
  ...row,
  registrado_em: iso(registrado_em),
  anonimizado: anonimizado_em !== null,
  correcao:
    row.corrige_registro_id && corrigido_em
      ? { corrige: { id: row.corrige_registro_id, registrado_em: iso(corrigido_em), nome_pessoa: corrigido_nome ?? "" }, ...correcaoTextos(correcao_textos) }
      : null,
  correcoes: (fromDriverJson<{ id: string; registrado_em: string; operador_nome: string | null; observacao: string | null }[] | null>(correcoes) ?? []).map(
    ({ observacao, ...c }) => ({ ...c, ...correcaoTextos(observacao) }),
  ),
});

/** The record a correction corrects (same condominium: it is chained with it). */
const corrigido = alias(r, "corrigido");
/** The corrections of a record (registros_correcoes_idx). */
const correcao = alias(r, "correcao");
const correcoesDe = sql`(select json_agg(json_build_object(
    'id', ${correcao.id},
    'registrado_em', to_char(${correcao.registrado_em} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'operador_nome', ${correcao.operador_nome},
    'observacao', ${correcao.observacao}
  ) order by ${correcao.registrado_em}, ${correcao.id}) from ${r} ${sql.identifier("correcao")} where ${correcao.corrige_registro_id} = ${r.id})`;

/** The filters' shape and placeholder values. */
function filtersOf(scope: CondominioScope, query: RegistroFilters) {
  const digits = query.q ? searchDigits(query.q) : null;
  const plate = query.q ? normalizePlaca(query.q) : "";
  const unidade = unidadeDigitadaValues(query.q);
  const periodo = resolvePeriodo(query, today());
  const { desde, antes } = periodInSaoPaulo(periodo.de, periodo.ate);
  const filters: Filters = {
    q: Boolean(query.q),
    digits: digits !== null,
    placa: plate.length > 0,
    unidade: unidade !== null,
    unidadeBloco: unidade?.shape.bloco ?? false,
    condominio: query.condominio_id !== "todos",
    tipo: query.tipo_pessoa !== "todos",
    sentido: query.sentido !== "todos",
    resultado: query.resultado !== "todos",
    ...scopeShape(scope),
    porCondominio: !scope.all && scope.ids.length <= ESCOPO_PEQUENO && query.condominio_id === "todos",
  };
  const values = {
    desde,
    antes,
    text: query.q && containsPattern(query.q),
    digits: digits && containsPattern(digits),
    placa: plate && containsPattern(plate),
    ...unidade?.values,
    condominio: query.condominio_id,
    tipo_pessoa: query.tipo_pessoa,
    sentido: query.sentido,
    resultado: query.resultado,
    ...scopeValues(scope),
  };
  return { filters, values, periodo };
}

// The access records (gatehouse-spec §5): newest first, keyset-paged; the same filters feed the CSV.
export function registrosRepository(db: Db, totals?: ListTotals) {
  const pageQuery = byShape((shape: Filters & { after: boolean; piso: boolean }) => {
    // The page's keys first (registros_condominio_recentes_idx or registros_recentes_idx), then what it shows.
    const pagina = shape.porCondominio
      ? porCondominio(shape, param("limit"), shape.piso ? desdeOPiso : undefined)
          .limit(param("limit"))
          .as("pagina")
      : db
          .select({ registrado_em: r.registrado_em, id: r.id, chave: instantKey(r.registrado_em).as("chave") })
          .from(r)
          .where(and(listWhere(shape), ordem.after(shape), shape.piso ? desdeOPiso : undefined))
          .orderBy(...ordem.orderBy)
          .limit(param("limit"))
          .as("pagina");
    return db
      .select({
        chave: pagina.chave,
        id: r.id,
        registrado_em: r.registrado_em,
        condominio: { id: condominios.id, nome: condominios.nome },
        unidade: { id: unidades.id, numero_unidade: unidades.numero_unidade, bloco: unidades.bloco },
        tipo_pessoa: r.tipo_pessoa,
        nome_pessoa: r.nome_pessoa,
        documento: r.documento,
        placa: r.placa,
        sentido: r.sentido,
        resultado: r.resultado,
        motivo: r.motivo,
        metodo: r.metodo,
        liberado_manualmente: r.liberado_manualmente,
        autorizado_por: r.autorizado_por,
        operador_nome: r.operador_nome,
        corrige_registro_id: r.corrige_registro_id,
        correcao_textos: sql<string | null>`case when ${r.corrige_registro_id} is not null then ${r.observacao} end`.as("correcao_textos"),
        corrigido_em: corrigido.registrado_em,
        corrigido_nome: corrigido.nome_pessoa,
        correcoes: correcoesDe.as("correcoes"),
        anonimizado_em: r.anonimizado_em,
      })
      .from(pagina)
      .innerJoin(r, eq(r.id, pagina.id))
      .innerJoin(condominios, eq(condominios.id, r.condominio_id))
      .leftJoin(unidades, eq(unidades.id, r.unidade_id))
      .leftJoin(corrigido, eq(corrigido.id, r.corrige_registro_id))
      .orderBy(...ordem.direct(pagina.registrado_em, pagina.id))
      .prepare(NAMED_BY_TEXT);
  });

  /**
   * The newest `quantos` of each condominium of the scope (each by registros_condominio_recentes_idx,
   * or the 'negado' one), merged newest first: the caller limits the merge.
   */
  function porCondominio(shape: Filters & { after: boolean }, quantos: SQL | Placeholder | number, extra?: SQL) {
    const deCada = db
      .select({ registrado_em: r.registrado_em, id: r.id })
      .from(r)
      .where(and(doCondominioDoEscopo, listWhere({ ...shape, scoped: false }), ordem.after(shape), extra))
      .orderBy(...ordem.orderBy)
      .limit(quantos as number)
      .as("de_cada");
    return db
      .select({ registrado_em: deCada.registrado_em, id: deCada.id, chave: instantKey(deCada.registrado_em).as("chave") })
      .from(escopo)
      .crossJoinLateral(deCada)
      .orderBy(...ordem.direct(deCada.registrado_em, deCada.id));
  }

  // Counting stops after TOTAL_MAXIMO + 1 matches: a month of every condominium is millions.
  const countQuery = byShape((shape: Filters & { piso: boolean }) => {
    const matches = db
      .select({ one: sql`1` })
      .from(r)
      .where(and(listWhere(shape), shape.piso ? desdeOPiso : undefined))
      .limit(TOTAL_MAXIMO + 1)
      .as("matches");
    return db.select({ n: count() }).from(matches).prepare(NAMED_BY_TEXT);
  });

  // The window's floor: the JANELA_DE_BUSCA-th record of the period after the cursor, by the
  // period's own index (an index scan of the window's length); none when fewer remain.
  const pisoQuery = byShape((shape: Filters & { after: boolean }) =>
    shape.porCondominio
      ? porCondominio(semFiltrosDePessoa(shape), JANELA_DE_BUSCA)
          .offset(JANELA_DE_BUSCA - 1)
          .limit(1)
          .prepare(NAMED_BY_TEXT)
      : db
          .select({ chave: instantKey(r.registrado_em), id: r.id })
          .from(r)
          .where(and(listWhere(semFiltrosDePessoa(shape)), ordem.after(shape)))
          .orderBy(...ordem.orderBy)
          .offset(JANELA_DE_BUSCA - 1)
          .limit(1)
          .prepare(NAMED_BY_TEXT),
  );

  async function pisoDaJanela(filters: Filters, values: Record<string, unknown>, after?: readonly unknown[]): Promise<Piso> {
    const shape = { ...filters, after: after !== undefined };
    const [piso] = (await pisoQuery(shape).execute({ ...values, ...pagingValues({ limit: 0, offset: 0, after }) })) as { chave: string; id: string }[];
    return piso ? ([piso.chave, piso.id] as const) : null;
  }
  const valoresDoPiso = (piso: Piso) => (piso ? { piso0: piso[0], piso1: piso[1] } : {});

  /** `limit` rows after `after` (newest first), and whether more follow; above `piso` only, when given (a windowed page). */
  async function readPage(filters: Filters, values: Record<string, unknown>, limit: number, after?: readonly unknown[], piso: Piso = null) {
    const shape = { ...filters, after: after !== undefined, piso: piso !== null };
    return (await pageQuery(shape).execute({ ...values, ...valoresDoPiso(piso), ...pagingValues({ limit, offset: 0, after }) })) as PageRow[];
  }

  /** Matches up to TOTAL_MAXIMO + 1, above `piso` when given (a windowed count). */
  async function contar(filters: Filters, values: Record<string, unknown>, piso: Piso = null) {
    const [row] = await countQuery({ ...filters, piso: piso !== null }).execute({ ...values, ...valoresDoPiso(piso) });
    return row!.n;
  }

  return {
    /**
     * A page of the list. `vaga`, when given, is a heavy read's slot (db/leituras-longas.ts): a
     * windowed filter over more than a day waits for it; every other list follows an index in its
     * order and runs at once.
     */
    async list(scope: CondominioScope, query: RegistroListQuery, vaga?: () => Promise<() => void>): Promise<RegistrosPage> {
      const { filters, values, periodo } = filtersOf(scope, query);
      const janela = usaJanela(filters);
      const sair = vaga && janela && periodo.de !== periodo.ate ? await vaga() : () => undefined;
      try {
        // The window's floor from the period's newest record (the count's) and after the cursor
        // (the page's): one query on the first page, where they are the same.
        const doInicio = janela ? pisoDaJanela(filters, values) : Promise.resolve(null);
        const [pisoInicial, piso] = await Promise.all([doInicio, janela && query.after ? pisoDaJanela(filters, values, query.after) : doInicio]);
        const key = ["registros", scopeKey(scope), query.q, query.condominio_id, periodo.de, periodo.ate, query.tipo_pessoa, query.sentido, query.resultado];
        // A windowed count is bounded by its window: not cached.
        const counting = janela ? contar(filters, values, pisoInicial) : cachedTotal(totals, key, () => contar(filters, values));
        const [rows, total] = await Promise.all([readPage(filters, values, query.limit, query.after, piso), counting]);
        const page = ordem.page(rows, query.limit);
        // The page did not fill before the window's floor: the search stops there and says so; the
        // next page (if asked) continues after the floor.
        const parou = piso !== null && page.next === null;
        return {
          rows: page.rows.map(toItem),
          next: parou ? encodeCursor(piso) : page.next,
          total: Math.min(total, TOTAL_MAXIMO),
          total_limitado: total > TOTAL_MAXIMO || pisoInicial !== null,
          busca_limitada: parou ? buscaLimitada(piso[0]) : null,
        };
      } finally {
        sair();
      }
    },

    /**
     * Every record of the filter, newest first, `batch` at a time (keyset: each batch starts after
     * the previous one's last row), so that an export of millions never holds more than a batch.
     */
    async *batches(scope: CondominioScope, query: RegistroFilters, batch = 2_000): AsyncGenerator<RegistroListItem[]> {
      const { filters, values } = filtersOf(scope, query);
      let after: readonly unknown[] | undefined;
      for (;;) {
        const rows = await readPage(filters, values, batch, after);
        const page = rows.slice(0, batch);
        if (page.length > 0) yield page.map(toItem);
        if (rows.length <= batch) return;
        after = ordem.keyOf(page[page.length - 1]!);
      }
    },

    /**
     * The export as one `COPY (...) TO STDOUT` statement whose rows are csvRow's lines, written by
     * PostgreSQL (csv.ts csvFieldsSql), newest first. COPY takes no bound parameters, so the
     * filter's values are written into the text as literals by the driver's escapeLiteral; they
     * are the same values the list binds (dates, ids, enum keys, LIKE patterns).
     */
    copyCsvStatement(scope: CondominioScope, query: RegistroFilters): string {
      const { filters, values } = filtersOf(scope, query);
      const fields = csvFieldsSql({
        registrado_em: r.registrado_em,
        condominio_nome: condominios.nome,
        nome_pessoa: r.nome_pessoa,
        documento: r.documento,
        tipo_pessoa: r.tipo_pessoa,
        bloco: unidades.bloco,
        numero_unidade: unidades.numero_unidade,
        placa: r.placa,
        sentido: r.sentido,
        resultado: r.resultado,
        liberado_manualmente: r.liberado_manualmente,
        motivo: r.motivo,
        metodo: r.metodo,
        autorizado_por: r.autorizado_por,
        operador_nome: r.operador_nome,
        corrige_registro_id: r.corrige_registro_id,
        corrigido_em: corrigido.registrado_em,
        corrigido_nome: corrigido.nome_pessoa,
        observacao: r.observacao,
      });
      const select = db
        .select(Object.fromEntries(fields.map((field, i) => [`c${i}`, field])))
        .from(r)
        .innerJoin(condominios, eq(condominios.id, r.condominio_id))
        .leftJoin(unidades, eq(unidades.id, r.unidade_id))
        .leftJoin(corrigido, eq(corrigido.id, r.corrige_registro_id))
        .where(listWhere(filters))
        .orderBy(...ordem.orderBy)
        .toSQL();
      const params = fillPlaceholders(select.params, values as Record<string, unknown>);
      const text = select.sql.replace(/\$(\d+)\b/g, (_, n: string) => literal(params[Number(n) - 1]));
      return `copy (${text}) to stdout with (format csv, delimiter ';')`;
    },

    /** A record of the scope, as a correction copies it; null when it does not exist or is out of the scope (§2). */
    async paraCorrigir(scope: CondominioScope, id: string) {
      const [row] = await db
        .select()
        .from(r)
        .where(and(eq(r.id, id), condominioInScope(scope, r.condominio_id)));
      return row ?? null;
    },

    /** The filter as it applied (the period resolved), for the export's record. */
    appliedFilter(query: RegistroFilters) {
      const { de, ate } = resolvePeriodo(query, today());
      return { ...query, de, ate };
    },
  };
}

/** A bound value as an SQL literal (strings through the driver's escaping, arrays as array literals). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return pg.escapeLiteral(`{${value.map((item) => `"${String(item).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  return pg.escapeLiteral(String(value));
}

/** `where` for the integrity check's period: the seq range of a condominium's records in it. */
export async function seqRangeOfPeriod(db: Db, condominioId: string, de: string, ate: string) {
  const { desde, antes } = periodInSaoPaulo(de, ate);
  const [row] = await db
    .select({ min: sql<string | number | null>`min(${r.seq})`, max: sql<string | number | null>`max(${r.seq})` })
    .from(r)
    .where(and(eq(r.condominio_id, condominioId), gte(r.registrado_em, desde), lt(r.registrado_em, antes)) as SQL);
  return row?.min == null || row.max == null ? null : { desde: Number(row.min), ate: Number(row.max) };
}
