import { and, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { normalizeDocumento } from "@shared/br/documento";
import {
  autorizacaoOrdem,
  dayEndInSaoPaulo,
  horaCurta,
  normalizarCodigo,
  situacaoAutorizacao,
  type Autorizacao,
  type AutorizacaoData,
  type AutorizacaoListQuery,
  type AutorizacaoPage,
  type AutorizacaoRegras,
  type TipoAutorizacao,
  type VisitanteEncontrado,
} from "@shared/schemas/visitantes";
import { dayStartInSaoPaulo, periodInSaoPaulo } from "@shared/time";
import type { Db } from "../../db/client";
import { autorizacoesVisita as a, condominios, moradores, presencas, unidades, usuarios } from "../../db/schema";
import { pgConstraint, pgErrorCode } from "../../errors";
import { condominioInScope, isActiveCondominioInScope, type CondominioNoEscopo, type CondominioScope } from "../../scope";
import { containsPattern, instantKey, keysetOrder, toIso } from "../common";
import { gerarCodigo } from "./codigo";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const criador = alias(usuarios, "autorizacao_criador");

const columns = {
  id: a.id,
  condominio_id: a.condominio_id,
  condominio_nome: condominios.nome,
  unidade_id: a.unidade_id,
  bloco: unidades.bloco,
  numero_unidade: unidades.numero_unidade,
  morador_id: a.morador_id,
  morador_nome: moradores.nome_completo,
  nome_visitante: a.nome_visitante,
  documento_tipo: a.documento_tipo,
  documento_numero: a.documento_numero,
  telefone: a.telefone,
  email: a.email,
  placa: a.placa,
  tipo: a.tipo,
  valido_de: a.valido_de,
  valido_ate: a.valido_ate,
  dias_semana: a.dias_semana,
  hora_inicio: a.hora_inicio,
  hora_fim: a.hora_fim,
  max_entradas: a.max_entradas,
  entradas_usadas: a.entradas_usadas,
  codigo: a.codigo,
  status: a.status,
  criado_por: a.criado_por,
  criado_por_nome: criador.nome_completo,
  observacoes: a.observacoes,
  created_at: a.created_at,
  updated_at: a.updated_at,
  created_key: instantKey(a.created_at),
};

type Row = {
  id: string;
  condominio_id: string;
  condominio_nome: string;
  unidade_id: string;
  bloco: string | null;
  numero_unidade: string;
  morador_id: string | null;
  morador_nome: string | null;
  nome_visitante: string;
  documento_tipo: string | null;
  documento_numero: string | null;
  telefone: string | null;
  email: string | null;
  placa: string | null;
  tipo: string;
  valido_de: Date | string;
  valido_ate: Date | string;
  dias_semana: number[] | null;
  hora_inicio: string | null;
  hora_fim: string | null;
  max_entradas: number | null;
  entradas_usadas: number;
  codigo: string;
  status: string;
  criado_por: string | null;
  criado_por_nome: string | null;
  observacoes: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  created_key: string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

const regras = (
  row: Pick<Row, "status" | "valido_de" | "valido_ate" | "dias_semana" | "hora_inicio" | "hora_fim" | "max_entradas" | "entradas_usadas">,
): AutorizacaoRegras => ({
  status: row.status as AutorizacaoRegras["status"],
  valido_de: row.valido_de,
  valido_ate: row.valido_ate,
  dias_semana: row.dias_semana,
  hora_inicio: row.hora_inicio,
  hora_fim: row.hora_fim,
  max_entradas: row.max_entradas,
  entradas_usadas: row.entradas_usadas,
});

const toAutorizacao = (row: Row, agora: number): Autorizacao => ({
  id: row.id,
  condominio: { id: row.condominio_id, nome: row.condominio_nome },
  unidade: { id: row.unidade_id, bloco: row.bloco, numero_unidade: row.numero_unidade },
  morador: row.morador_id ? { id: row.morador_id, nome_completo: row.morador_nome ?? "Morador removido" } : null,
  nome_visitante: row.nome_visitante,
  documento_tipo: row.documento_tipo as Autorizacao["documento_tipo"],
  documento_numero: row.documento_numero,
  telefone: row.telefone,
  email: row.email,
  placa: row.placa,
  tipo: row.tipo as TipoAutorizacao,
  valido_de: iso(row.valido_de),
  valido_ate: iso(row.valido_ate),
  dias_semana: row.dias_semana,
  hora_inicio: row.hora_inicio && horaCurta(row.hora_inicio),
  hora_fim: row.hora_fim && horaCurta(row.hora_fim),
  max_entradas: row.max_entradas,
  entradas_usadas: row.entradas_usadas,
  codigo: row.codigo,
  status: row.status as Autorizacao["status"],
  situacao: situacaoAutorizacao(regras(row), agora),
  criado_por: row.criado_por ? { id: row.criado_por, nome: row.criado_por_nome ?? "Usuário removido" } : null,
  observacoes: row.observacoes,
  created_at: toIso(row.created_at),
  updated_at: toIso(row.updated_at),
});

/** An authorisation as the gate needs it: who, where, and the rules. */
export interface AutorizacaoNaPortaria extends AutorizacaoRegras {
  id: string;
  condominio_id: string;
  unidade_id: string;
  nome_visitante: string;
  documento_numero: string | null;
  placa: string | null;
  morador_nome: string | null;
  valido_ate: Date | string;
}

/**
 * A pre-authorised visitor as the console's search finds them, with the rules the gate's decision
 * reads (controle-acesso/service.ts fills `recusa` from them: the decision is not the repository's).
 */
export type VisitanteNaBusca = Omit<VisitanteEncontrado, "recusa"> & { regras: AutorizacaoRegras };

/** The situation filter at `agora` (a bound instant): 'expirada' is an active one past its end. */
const situacaoWhere = (situacao: AutorizacaoListQuery["situacao"], agora: Date): SQL | undefined => {
  switch (situacao) {
    case "ativa":
      return and(eq(a.status, "ativa"), sql`${a.valido_ate} >= ${agora}`);
    case "expirada":
      return and(eq(a.status, "ativa"), sql`${a.valido_ate} < ${agora}`);
    case "utilizada":
    case "cancelada":
      return eq(a.status, situacao);
    default:
      return undefined;
  }
};

/** Raised inside a gate's transaction when the authorisation can no longer be used: rolls it back. */
export class UsoRecusado extends Error {}

/** Newest first; autorizacoes_recentes_idx and autorizacoes_condominio_recentes_idx follow it (migration 0016). */
const ordem = keysetOrder(autorizacaoOrdem, { created_key: a.created_at, id: a.id });

export function visitantesRepository(db: Db) {
  const base = () =>
    db
      .select(columns)
      .from(a)
      .innerJoin(condominios, eq(condominios.id, a.condominio_id))
      .innerJoin(unidades, eq(unidades.id, a.unidade_id))
      .leftJoin(moradores, eq(moradores.id, a.morador_id))
      .leftJoin(criador, eq(criador.id, a.criado_por));

  const dentroDesde = sql<
    Date | string | null
  >`(select ${presencas.entrou_em} from ${presencas} where ${presencas.condominio_id} = ${a.condominio_id} and ${presencas.pessoa_chave} = 'autorizacao:' || ${a.id}::text)`;

  const gateColumns = {
    id: a.id,
    condominio_id: a.condominio_id,
    unidade_id: a.unidade_id,
    bloco: unidades.bloco,
    numero_unidade: unidades.numero_unidade,
    nome_visitante: a.nome_visitante,
    documento_numero: a.documento_numero,
    placa: a.placa,
    morador_nome: moradores.nome_completo,
    tipo: a.tipo,
    status: a.status,
    valido_de: a.valido_de,
    valido_ate: a.valido_ate,
    dias_semana: a.dias_semana,
    hora_inicio: a.hora_inicio,
    hora_fim: a.hora_fim,
    max_entradas: a.max_entradas,
    entradas_usadas: a.entradas_usadas,
    dentro_desde: dentroDesde,
  };
  type GateRow = AutorizacaoNaPortaria & { bloco: string | null; numero_unidade: string; tipo: string; dentro_desde: Date | string | null };

  const gateBase = () => db.select(gateColumns).from(a).innerJoin(unidades, eq(unidades.id, a.unidade_id)).leftJoin(moradores, eq(moradores.id, a.morador_id));

  const toNaPortaria = (row: GateRow): AutorizacaoNaPortaria => ({
    ...regras(row as never),
    id: row.id,
    condominio_id: row.condominio_id,
    unidade_id: row.unidade_id,
    nome_visitante: row.nome_visitante,
    documento_numero: row.documento_numero,
    placa: row.placa,
    morador_nome: row.morador_nome,
  });

  const toEncontrado = (row: GateRow, agora: number): VisitanteNaBusca => ({
    id: row.id,
    nome_visitante: row.nome_visitante,
    documento_numero: row.documento_numero,
    placa: row.placa,
    unidade: { id: row.unidade_id, bloco: row.bloco, numero_unidade: row.numero_unidade },
    tipo: row.tipo as TipoAutorizacao,
    valido_de: iso(row.valido_de),
    valido_ate: iso(row.valido_ate),
    dias_semana: row.dias_semana ? [...row.dias_semana] : null,
    hora_inicio: row.hora_inicio && horaCurta(row.hora_inicio),
    hora_fim: row.hora_fim && horaCurta(row.hora_fim),
    max_entradas: row.max_entradas,
    entradas_usadas: row.entradas_usadas,
    situacao: situacaoAutorizacao(regras(row as never), agora),
    regras: regras(row as never),
    dentro_desde: row.dentro_desde === null ? null : iso(row.dentro_desde),
  });

  return {
    async list(scope: CondominioScope, query: AutorizacaoListQuery, agora: number): Promise<AutorizacaoPage> {
      const now = new Date(agora);
      const q = query.q.trim();
      const doc = /\d/.test(q) ? normalizeDocumento(q) : "";
      const codigo = normalizarCodigo(q);
      let periodo: SQL | undefined;
      if (query.de || query.ate) {
        const { desde, antes } = periodInSaoPaulo(query.de ?? query.ate!, query.ate ?? query.de!);
        periodo = and(sql`${a.valido_de} < ${antes}`, sql`${a.valido_ate} >= ${desde}`);
      }
      const where = and(
        condominioInScope(scope, a.condominio_id),
        query.condominio_id !== "todos" ? eq(a.condominio_id, query.condominio_id) : undefined,
        q
          ? or(
              ilike(a.nome_visitante, containsPattern(q)),
              doc.length >= 2 ? ilike(a.documento_numero, containsPattern(doc)) : undefined,
              codigo.length >= 3 ? ilike(a.codigo, containsPattern(codigo)) : undefined,
            )
          : undefined,
        situacaoWhere(query.situacao, now),
        periodo,
      );
      const [rows, [total]] = await Promise.all([
        base()
          .where(and(where, ordem.afterValues(query.after)))
          .orderBy(...ordem.orderBy)
          .limit(query.limit + 1)
          .offset(query.offset),
        db.select({ n: count() }).from(a).where(where),
      ]);
      const page = ordem.page(rows as Row[], query.limit);
      return { rows: page.rows.map((r) => toAutorizacao(r, agora)), total: total!.n, next: page.next };
    },

    /**
     * The passes of one unit authorised by one of `moradorIds` (the Área do Morador's Visitantes):
     * those in force first (ending soonest first), then the others, newest first; at most `limite`.
     */
    async daUnidadeDoMorador(unidadeId: string, moradorIds: readonly string[], agora: number, limite: number): Promise<Autorizacao[]> {
      const now = new Date(agora);
      const emVigor = sql`(${a.status} = 'ativa' and ${a.valido_ate} >= ${now})`;
      const rows = await base()
        .where(and(eq(a.unidade_id, unidadeId), inArray(a.morador_id, [...moradorIds])))
        .orderBy(sql`${emVigor} desc`, sql`case when ${emVigor} then ${a.valido_ate} end asc`, sql`${a.created_at} desc`, sql`${a.id} desc`)
        .limit(limite);
      return (rows as Row[]).map((r) => toAutorizacao(r, agora));
    },

    async get(scope: CondominioScope, id: string, agora: number): Promise<Autorizacao | null> {
      const [row] = await base()
        .where(and(eq(a.id, id), condominioInScope(scope, a.condominio_id)))
        .limit(1);
      return row ? toAutorizacao(row as Row, agora) : null;
    },

    /** The condominium's address as an invitation states it (endereço, cidade/UF, CEP). */
    async enderecoDoCondominio(scope: CondominioScope, condominioId: string) {
      const [row] = await db
        .select({ nome: condominios.nome, endereco: condominios.endereco, cidade: condominios.cidade, estado: condominios.estado, cep: condominios.cep })
        .from(condominios)
        .where(and(eq(condominios.id, condominioId), condominioInScope(scope, condominios.id)));
      return row ?? null;
    },

    async unidadeAtivaDoCondominio(condominioId: CondominioNoEscopo, unidadeId: string) {
      const [row] = await db
        .select({ id: unidades.id })
        .from(unidades)
        .where(and(eq(unidades.id, unidadeId), eq(unidades.condominio_id, condominioId), eq(unidades.ativo, true)));
      return row ?? null;
    },

    async moradorAtivoDaUnidade(unidadeId: string, moradorId: string) {
      const [row] = await db
        .select({ id: moradores.id })
        .from(moradores)
        .where(and(eq(moradores.id, moradorId), eq(moradores.unidade_id, unidadeId), eq(moradores.ativo, true)));
      return row ?? null;
    },

    /**
     * Stores a new authorisation with a fresh short code; a code already held by an active
     * authorisation (the partial unique index) is drawn again.
     */
    async create(data: AutorizacaoData, criadoPor: string | null): Promise<string> {
      const de = data.valido_de!;
      const ate = data.tipo === "unica" ? de : data.valido_ate!;
      for (let attempt = 0; ; attempt++) {
        try {
          const [row] = await db
            .insert(a)
            .values({
              condominio_id: data.condominio_id,
              unidade_id: data.unidade_id,
              morador_id: data.morador_id,
              nome_visitante: data.nome_visitante,
              documento_tipo: data.documento_tipo,
              documento_numero: data.documento_numero,
              telefone: data.telefone,
              email: data.email,
              placa: data.placa,
              tipo: data.tipo,
              valido_de: dayStartInSaoPaulo(de),
              valido_ate: dayEndInSaoPaulo(ate),
              dias_semana: data.tipo === "recorrente" ? data.dias_semana : null,
              hora_inicio: data.hora_inicio,
              hora_fim: data.hora_fim,
              max_entradas: data.tipo === "unica" ? 1 : data.max_entradas,
              codigo: gerarCodigo(),
              criado_por: criadoPor,
              observacoes: data.observacoes,
            })
            .returning({ id: a.id });
          return row!.id;
        } catch (error) {
          if (attempt < 5 && pgErrorCode(error) === "23505" && pgConstraint(error) === "autorizacoes_codigo_ativas_unique") continue;
          throw error;
        }
      }
    },

    /** Cancels an active authorisation of the scope; false when there is none to cancel. */
    async cancel(scope: CondominioScope, id: string): Promise<boolean> {
      const rows = await db
        .update(a)
        .set({ status: "cancelada", updated_at: sql`now()` })
        .where(and(eq(a.id, id), eq(a.status, "ativa"), condominioInScope(scope, a.condominio_id)))
        .returning({ id: a.id });
      return rows.length > 0;
    },

    // ——— At the gate (the condominium was already checked against the scope) ———

    /** An authorisation of the gate's condominium, by id. */
    async naPortaria(condominioId: CondominioNoEscopo, id: string): Promise<AutorizacaoNaPortaria | null> {
      const [row] = await gateBase()
        .where(and(eq(a.id, id), eq(a.condominio_id, condominioId)))
        .limit(1);
      return row ? toNaPortaria(row as GateRow) : null;
    },

    /** The authorisation of the gate's condominium holding a typed code: the active one, else the newest. */
    async idPorCodigo(condominioId: CondominioNoEscopo, codigo: string): Promise<string | null> {
      const [row] = await db
        .select({ id: a.id })
        .from(a)
        .where(and(eq(a.codigo, normalizarCodigo(codigo)), eq(a.condominio_id, condominioId)))
        .orderBy(sql`(${a.status} = 'ativa') desc`, sql`${a.created_at} desc`)
        .limit(1);
      return row?.id ?? null;
    },

    /** One authorisation as the console's search shows it. */
    async encontrado(condominioId: CondominioNoEscopo, id: string, agora: number): Promise<VisitanteNaBusca | null> {
      const [row] = await gateBase()
        .where(and(eq(a.id, id), eq(a.condominio_id, condominioId)))
        .limit(1);
      return row ? toEncontrado(row as GateRow, agora) : null;
    },

    /**
     * The console's search (§3 'Visitantes'): the condominium's authorisations in force now (or
     * whose visitor is inside) whose name, document or code matches; none when the condominium
     * is inactive or out of `scope`.
     */
    async busca(scope: CondominioScope, condominioId: string, q: string, agora: number, limite: number): Promise<VisitanteNaBusca[]> {
      const text = q.trim();
      if (!text) return [];
      const doc = /\d/.test(text) ? normalizeDocumento(text) : "";
      const codigo = normalizarCodigo(text);
      // The gate's condominium checked here too (active, in scope): the console sends this
      // beside its own search, which checks it as well.
      const portaria = db.select({ id: condominios.id }).from(condominios).where(isActiveCondominioInScope(scope, condominioId));
      const rows = await gateBase()
        .where(
          and(
            eq(a.condominio_id, condominioId),
            sql`exists (${portaria})`,
            or(
              and(eq(a.status, "ativa"), sql`${a.valido_ate} >= ${new Date(agora)}`),
              sql`exists (select 1 from ${presencas} where ${presencas.condominio_id} = ${a.condominio_id} and ${presencas.pessoa_chave} = 'autorizacao:' || ${a.id}::text)`,
            ),
            or(
              ilike(a.nome_visitante, containsPattern(text)),
              doc.length >= 3 ? ilike(a.documento_numero, `${doc}%`) : undefined,
              codigo.length === 8 ? eq(a.codigo, codigo) : undefined,
            ),
          ),
        )
        .orderBy(a.nome_visitante, a.id)
        .limit(limite);
      return rows.map((row) => toEncontrado(row as GateRow, agora));
    },

    /**
     * Counts one use, atomically: one UPDATE that only matches while the authorisation is active,
     * in force at `agora` and under its maximum. Two gates at the same instant are serialised by
     * the row's lock and the second re-reads the row: the maximum is never passed. 'Única' and a
     * reached maximum become 'utilizada'. Throws UsoRecusado (rolling back `tx`) when nothing matched.
     */
    async usar(tx: Tx, id: string, agora: number): Promise<void> {
      const rows = await tx
        .update(a)
        .set({
          entradas_usadas: sql`${a.entradas_usadas} + 1`,
          status: sql`case when ${a.tipo} = 'unica' or (${a.max_entradas} is not null and ${a.entradas_usadas} + 1 >= ${a.max_entradas}) then 'utilizada' else ${a.status} end`,
          updated_at: sql`now()`,
        })
        .where(
          and(
            eq(a.id, id),
            eq(a.status, "ativa"),
            sql`(${a.max_entradas} is null or ${a.entradas_usadas} < ${a.max_entradas})`,
            sql`${a.valido_ate} >= ${new Date(agora)}`,
          ),
        )
        .returning({ id: a.id });
      if (rows.length === 0) throw new UsoRecusado();
    },
  };
}

export type VisitantesRepository = ReturnType<typeof visitantesRepository>;
