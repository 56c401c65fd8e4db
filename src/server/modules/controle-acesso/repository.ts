import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { normalizeDocumento } from "@shared/br/documento";
import { onlyDigits } from "@shared/br/phone";
import { normalizePlaca, podeSerParteDePlaca } from "@shared/br/placa";
import { situacaoNoDia } from "@shared/prestador-situacao";
import { unidadeDigitada } from "@shared/schemas/unidades";
import { HORAS_SAIDA_NAO_REGISTRADA_PADRAO } from "@shared/schemas/condominios";
import type {
  BuscaPortaria,
  MoradorEncontrado,
  MoradorResumo,
  Presenca,
  PresentesQuery,
  PrestadorEncontrado,
  UnidadeResumo,
  VeiculoEncontrado,
} from "@shared/schemas/controle-acesso";
import { planoPorValores, queryRows, type Db } from "../../db/client";
import type { AutorizacaoNaPortaria } from "../visitantes/repository";
import { cadeiaDe, selarRegistro } from "../registros/selos";
import { condominios, moradores, presencas, prestadores, registrosAcesso, solicitacoesAutorizacao, unidades, veiculos } from "../../db/schema";
import { activeCondominioInScope, condominioInScope, isActiveCondominioInScope, type CondominioNoEscopo, type CondominioScope } from "../../scope";
import { blocoSemPalavra, containsPattern, toIso } from "../common";
import { fromDriverJson } from "../../db/sql-helpers";

/** How many of each kind the console's search shows. */
const RESULTADOS = 8;

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What the blocklist compares of a search result (bloqueios/verificar.ts). */
export interface IdentidadeEncontrada {
  documento?: string | null;
  nome?: string | null;
  placa?: string | null;
}

/** Who passes the gate, as the records and the presences keep them. */
export interface PessoaNaPortaria {
  /** A pre-authorised visitor: the authorisation whose rules apply and whose use is counted. */
  autorizacao?: AutorizacaoNaPortaria;
  chave: string;
  tipo_pessoa: "morador" | "visitante" | "prestador" | "entregador";
  morador_id?: string | null;
  prestador_id?: string | null;
  nome_pessoa: string;
  documento: string | null;
  unidade_id: string | null;
  ativo: boolean;
  periodo?: { inicio: string | null; fim: string | null };
}

export type NovoRegistro = Omit<
  typeof registrosAcesso.$inferInsert,
  "id" | "seq" | "hash" | "hash_anterior" | "dados_hash" | "registrado_em" | "anonimizado_em"
>;

/** Select fields under their own names, so a subquery's row turns into JSON with these keys. */
const named = (fields: Record<string, AnyPgColumn | SQL>) => Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, sql`${field}`.as(key)]));

export function controleAcessoRepository(db: Db) {
  const dentroDesde = (chave: ReturnType<typeof sql>) =>
    sql<
      Date | string | null
    >`(select ${presencas.entrou_em} from ${presencas} where ${presencas.condominio_id} = ${unidades.condominio_id} and ${presencas.pessoa_chave} = ${chave})`;

  return {
    /** An active condominium of the scope: the gate's own (§3). */
    condominioDaPortaria: (scope: CondominioScope, id: string) => activeCondominioInScope(db, scope, id),

    /**
     * The console's one search (§3) over the condominium's residents, vehicles and providers, in
     * ONE statement that also checks the gate's condominium (active, in the user's scope): null
     * when it is not, and then nothing else is read. One round trip per keystroke-search: at a
     * busy gate the statements, not the rows, are what cost (docs/performance.md).
     */
    async busca(
      scope: CondominioScope,
      condominioId: string,
      q: string,
      hoje: string,
    ): Promise<(Pick<BuscaPortaria, "moradores" | "veiculos" | "prestadores"> & { identidades: Map<string, IdentidadeEncontrada> }) | null> {
      const text = q.trim();
      const digits = onlyDigits(text);
      const placa = normalizePlaca(text);
      const unidade = unidadeDigitada(text);
      const pattern = containsPattern(text);
      const onlyNumber = digits.length === text.replace(/[\s.\-()]/g, "").length;

      const unidadeMatch = unidade
        ? and(
            eq(sql`lower(${unidades.numero_unidade})`, unidade.numero.toLowerCase()),
            unidade.bloco ? eq(blocoSemPalavra, unidade.bloco.toLowerCase()) : undefined,
          )
        : undefined;
      const condominio = db.select({ id: condominios.id }).from(condominios).where(isActiveCondominioInScope(scope, condominioId));
      const moradorQuery = db
        .select(
          named({
            id: moradores.id,
            nome_completo: moradores.nome_completo,
            tipo_morador: moradores.tipo_morador,
            telefone_celular: moradores.telefone_celular,
            ativo: moradores.ativo,
            cpf: moradores.cpf,
            unidade_id: unidades.id,
            bloco: unidades.bloco,
            numero_unidade: unidades.numero_unidade,
            dentro_desde: dentroDesde(sql`'morador:' || ${moradores.id}::text`),
          }),
        )
        .from(moradores)
        .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
        .where(
          and(
            eq(unidades.condominio_id, condominioId),
            or(
              ilike(moradores.nome_completo, pattern),
              digits.length >= 3 && onlyNumber ? ilike(moradores.cpf, `${digits}%`) : undefined,
              digits.length >= 8 && onlyNumber ? ilike(moradores.telefone_celular, `%${digits}%`) : undefined,
              unidadeMatch,
            ),
          ),
        )
        .orderBy(asc(moradores.nome_completo))
        .limit(RESULTADOS);
      const veiculoQuery = podeSerParteDePlaca(text)
        ? db
            .select(
              named({
                id: veiculos.id,
                placa: veiculos.placa,
                marca: veiculos.marca,
                modelo: veiculos.modelo,
                cor: veiculos.cor,
                ativo: veiculos.ativo,
                morador_id: moradores.id,
                morador_nome: moradores.nome_completo,
                morador_ativo: moradores.ativo,
                morador_cpf: moradores.cpf,
                unidade_id: unidades.id,
                bloco: unidades.bloco,
                numero_unidade: unidades.numero_unidade,
                dentro_desde: dentroDesde(sql`'morador:' || ${moradores.id}::text`),
              }),
            )
            .from(veiculos)
            .innerJoin(moradores, eq(moradores.id, veiculos.morador_id))
            .innerJoin(unidades, eq(unidades.id, veiculos.unidade_id))
            .where(and(eq(veiculos.condominio_id, condominioId), ilike(veiculos.placa, containsPattern(placa))))
            .orderBy(asc(veiculos.placa))
            .limit(RESULTADOS)
        : null;
      const prestadorQuery = db
        .select(
          named({
            id: prestadores.id,
            nome_empresa_profissional: prestadores.nome_empresa_profissional,
            tipo_servico: prestadores.tipo_servico,
            ativo: prestadores.ativo,
            cnpj_cpf: prestadores.cnpj_cpf,
            inicio: prestadores.data_inicio_autorizacao,
            fim: prestadores.data_fim_autorizacao,
            dentro_desde: sql`(select ${presencas.entrou_em} from ${presencas} where ${presencas.condominio_id} = ${condominioId} and ${presencas.pessoa_chave} = 'prestador:' || ${prestadores.id}::text)`,
          }),
        )
        .from(prestadores)
        .where(
          and(
            or(eq(prestadores.condominio_id, condominioId), isNull(prestadores.condominio_id)),
            or(
              ilike(prestadores.nome_empresa_profissional, pattern),
              ilike(prestadores.tipo_servico, pattern),
              digits.length >= 3 ? ilike(prestadores.cnpj_cpf, `${digits}%`) : undefined,
            ),
          ),
        )
        .orderBy(asc(prestadores.nome_empresa_profissional))
        .limit(RESULTADOS);

      // The lists are read only for the condominium's row: none when it is out of scope.
      const lista = (query: { getSQL(): SQL } | null) => (query ? sql`coalesce((select json_agg(t) from (${query.getSQL()}) t), '[]'::json)` : sql`'[]'::json`);
      // Planned with the typed text every time: the generic plan searches the whole network (planoPorValores).
      const [row] = await queryRows<{ moradores: unknown; veiculos: unknown; prestadores: unknown }>(
        db,
        planoPorValores(sql`select ${lista(moradorQuery)} as moradores, ${lista(veiculoQuery)} as veiculos, ${lista(prestadorQuery)} as prestadores
            from (${condominio.getSQL()}) c`),
      );
      if (!row) return null;
      type Unidade = { unidade_id: string; bloco: string | null; numero_unidade: string; dentro_desde: string | null };
      const moradorRows = fromDriverJson<
        (Unidade & { id: string; nome_completo: string; tipo_morador: string; telefone_celular: string | null; ativo: boolean; cpf: string | null })[]
      >(row.moradores);
      const veiculoRows = fromDriverJson<
        (Unidade & {
          id: string;
          placa: string;
          marca: string | null;
          modelo: string | null;
          cor: string | null;
          ativo: boolean;
          morador_id: string;
          morador_nome: string;
          morador_ativo: boolean;
          morador_cpf: string | null;
        })[]
      >(row.veiculos);
      const prestadorRows = fromDriverJson<
        {
          id: string;
          nome_empresa_profissional: string;
          tipo_servico: string;
          ativo: boolean;
          cnpj_cpf: string | null;
          inicio: string | null;
          fim: string | null;
          dentro_desde: string | null;
        }[]
      >(row.prestadores);

      const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
      const unidadeDe = (r: Unidade) => ({ id: r.unidade_id, bloco: r.bloco, numero_unidade: r.numero_unidade });
      // Who each result would let in, for the blocklist's mark (keys as in BuscaPortaria.bloqueios):
      // a vehicle is its plate and its owner.
      const identidades = new Map<string, IdentidadeEncontrada>([
        ...moradorRows.map((r) => [`morador:${r.id}`, { documento: r.cpf, nome: r.nome_completo }] as const),
        ...veiculoRows.map((r) => [`veiculo:${r.id}`, { documento: r.morador_cpf, nome: r.morador_nome, placa: r.placa }] as const),
        ...prestadorRows.map((r) => [`prestador:${r.id}`, { documento: r.cnpj_cpf, nome: r.nome_empresa_profissional }] as const),
      ]);
      return {
        identidades,
        moradores: moradorRows.map((r): MoradorEncontrado => ({
          id: r.id,
          nome_completo: r.nome_completo,
          tipo_morador: r.tipo_morador as MoradorEncontrado["tipo_morador"],
          telefone_celular: r.telefone_celular,
          ativo: r.ativo,
          unidade: unidadeDe(r),
          dentro_desde: iso(r.dentro_desde),
        })),
        veiculos: veiculoRows.map((r): VeiculoEncontrado => ({
          id: r.id,
          placa: r.placa,
          marca: r.marca,
          modelo: r.modelo,
          cor: r.cor,
          ativo: r.ativo,
          morador: { id: r.morador_id, nome_completo: r.morador_nome, ativo: r.morador_ativo, dentro_desde: iso(r.dentro_desde) },
          unidade: unidadeDe(r),
        })),
        prestadores: prestadorRows.map((r): PrestadorEncontrado => {
          const situacao = situacaoNoDia(r.inicio, r.fim, hoje);
          const foraDoPeriodo = situacao === "vencida" || situacao === "a_iniciar";
          return {
            id: r.id,
            nome_empresa_profissional: r.nome_empresa_profissional,
            tipo_servico: r.tipo_servico,
            ativo: r.ativo,
            situacao,
            situacao_hoje: !r.ativo ? "Inativo" : foraDoPeriodo ? "Fora do período autorizado" : "Autorizado hoje",
            dentro_desde: iso(r.dentro_desde),
          };
        }),
      };
    },

    /** A resident of the condominium, as the gate sees them. */
    async morador(condominioId: CondominioNoEscopo, id: string): Promise<PessoaNaPortaria | null> {
      const [row] = await db
        .select({ id: moradores.id, nome: moradores.nome_completo, cpf: moradores.cpf, ativo: moradores.ativo, unidade_id: moradores.unidade_id })
        .from(moradores)
        .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
        .where(and(eq(moradores.id, id), eq(unidades.condominio_id, condominioId)));
      if (!row) return null;
      return {
        chave: `morador:${row.id}`,
        tipo_pessoa: "morador",
        morador_id: row.id,
        nome_pessoa: row.nome,
        documento: row.cpf,
        unidade_id: row.unidade_id,
        ativo: row.ativo,
      };
    },

    /** A provider of the condominium (or a general one), with its period. */
    async prestador(condominioId: CondominioNoEscopo, id: string): Promise<PessoaNaPortaria | null> {
      const [row] = await db
        .select()
        .from(prestadores)
        .where(and(eq(prestadores.id, id), or(eq(prestadores.condominio_id, condominioId), isNull(prestadores.condominio_id))));
      if (!row) return null;
      return {
        chave: `prestador:${row.id}`,
        tipo_pessoa: "prestador",
        prestador_id: row.id,
        nome_pessoa: row.nome_empresa_profissional,
        documento: row.cnpj_cpf,
        unidade_id: null,
        ativo: row.ativo,
        periodo: { inicio: row.data_inicio_autorizacao, fim: row.data_fim_autorizacao },
      };
    },

    /** A resident of `unidadeId` in the condominium (who authorised a visitor). */
    /** An active resident of the unit: an inactive one cannot authorise a visitor. */
    async moradorDaUnidade(condominioId: CondominioNoEscopo, unidadeId: string, moradorId: string) {
      const [row] = await db
        .select({ id: moradores.id, nome: moradores.nome_completo, unidade_ativa: unidades.ativo })
        .from(moradores)
        .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
        .where(and(eq(moradores.id, moradorId), eq(moradores.unidade_id, unidadeId), eq(unidades.condominio_id, condominioId), eq(moradores.ativo, true)));
      return row ?? null;
    },

    /** A resident's approval of someone at this unit's gate ('Pedir autorização ao morador'). */
    async solicitacaoAprovada(condominioId: CondominioNoEscopo, unidadeId: string, id: string) {
      const [row] = await db
        .select({
          respondida_por: solicitacoesAutorizacao.respondida_por,
          respondida_por_nome: solicitacoesAutorizacao.respondida_por_nome,
          canal: solicitacoesAutorizacao.canal,
          respondida_em: solicitacoesAutorizacao.respondida_em,
        })
        .from(solicitacoesAutorizacao)
        .where(
          and(
            eq(solicitacoesAutorizacao.id, id),
            eq(solicitacoesAutorizacao.condominio_id, condominioId),
            eq(solicitacoesAutorizacao.unidade_id, unidadeId),
            eq(solicitacoesAutorizacao.estado, "aprovada"),
          ),
        );
      return row ?? null;
    },

    /** The visitor form's destination units: the condominium's active ones, by block and number. */
    async unidades(condominioId: CondominioNoEscopo): Promise<UnidadeResumo[]> {
      return db
        .select({ id: unidades.id, bloco: unidades.bloco, numero_unidade: unidades.numero_unidade })
        .from(unidades)
        .where(and(eq(unidades.condominio_id, condominioId), eq(unidades.ativo, true)))
        .orderBy(asc(unidades.bloco), asc(sql`length(${unidades.numero_unidade})`), asc(unidades.numero_unidade));
    },

    /** A unit of an active condominium of the scope (its residents are the visitor form's 'Autorizado por'), or null. */
    async unidadeDaPortaria(scope: CondominioScope, unidadeId: string): Promise<{ id: string } | null> {
      const [row] = await db
        .select({ id: unidades.id })
        .from(unidades)
        .innerJoin(condominios, eq(condominios.id, unidades.condominio_id))
        .where(and(eq(unidades.id, unidadeId), eq(condominios.ativo, true), condominioInScope(scope, condominios.id)));
      return row ?? null;
    },

    /** The active residents of a unit, by name. */
    async moradoresDaUnidade(unidadeId: string): Promise<MoradorResumo[]> {
      return db
        .select({ id: moradores.id, nome_completo: moradores.nome_completo })
        .from(moradores)
        .where(and(eq(moradores.unidade_id, unidadeId), eq(moradores.ativo, true)))
        .orderBy(asc(moradores.nome_completo), asc(moradores.id));
    },

    async unidadeDoCondominio(condominioId: CondominioNoEscopo, unidadeId: string) {
      const [row] = await db
        .select({ id: unidades.id })
        .from(unidades)
        .where(and(eq(unidades.id, unidadeId), eq(unidades.condominio_id, condominioId)));
      return row ?? null;
    },

    async presenca(condominioId: CondominioNoEscopo, id: string) {
      const [row] = await db
        .select()
        .from(presencas)
        .where(and(eq(presencas.id, id), eq(presencas.condominio_id, condominioId)));
      return row ?? null;
    },

    async presencaDe(condominioId: CondominioNoEscopo, chave: string) {
      const [row] = await db
        .select()
        .from(presencas)
        .where(and(eq(presencas.condominio_id, condominioId), eq(presencas.pessoa_chave, chave)));
      return row ?? null;
    },

    /**
     * Records an attempt (chained by the database) and, for an entry let in, the presence; one
     * transaction. `antes` runs first in it (a pre-authorisation's use counted): when it throws,
     * nothing is recorded.
     */
    /**
     * A record, with the presence it opens or closes, in ONE statement, then its seal: the chain's
     * lock (taken by the record's insert trigger) is held for that statement and the seal's insert
     * only, so the gates of a condominium wait on each other as little as possible. `antes` (a
     * pre-authorisation's use) runs first in the same transaction.
     */
    async registrar(
      registro: NovoRegistro,
      presenca: { chave: string } | null,
      saida: { chave: string } | null,
      antes?: (tx: Tx) => Promise<void>,
      /** Runs in the record's transaction, after it: what must exist only with the record (a door's command). */
      depois?: (tx: Tx, row: { id: string }) => Promise<void>,
    ) {
      const escrever = async (q: Db | Tx) => {
        const record = q
          .insert(registrosAcesso)
          .values(registro)
          .returning({ id: registrosAcesso.id, registrado_em: registrosAcesso.registrado_em, seq: registrosAcesso.seq, hash: registrosAcesso.hash });
        const parts = [sql`registro as (${record.getSQL()})`];
        if (presenca) {
          const aberta = q.insert(presencas).values({
            condominio_id: registro.condominio_id,
            pessoa_chave: presenca.chave,
            tipo_pessoa: registro.tipo_pessoa,
            morador_id: registro.morador_id ?? null,
            prestador_id: registro.prestador_id ?? null,
            autorizacao_id: registro.autorizacao_id ?? null,
            nome_pessoa: registro.nome_pessoa,
            documento: registro.documento ?? null,
            unidade_id: registro.unidade_id ?? null,
            placa: registro.placa ?? null,
            registro_entrada_id: sql`(select id from registro)`,
            entrou_em: sql`(select registrado_em from registro)`,
          });
          parts.push(sql`aberta as (${aberta.getSQL()})`);
        }
        if (saida) {
          const fechada = q.delete(presencas).where(and(eq(presencas.condominio_id, registro.condominio_id), eq(presencas.pessoa_chave, saida.chave)));
          parts.push(sql`fechada as (${fechada.getSQL()})`);
        }
        const [row] = await queryRows<{ id: string; registrado_em: Date | string; seq: string | number; hash: string }>(
          q as Db,
          sql`with ${sql.join(parts, sql`, `)} select id, registrado_em, seq, hash from registro`,
        );
        // Sealed in the same transaction (registros/selos.ts): a record is never seen without its
        // seal. This holds the chain's lock for one more round trip, a short insert.
        if (cadeia) await selarRegistro(q as Db, cadeia.chave, { condominio_id: registro.condominio_id, seq: Number(row!.seq), hash: row!.hash });
        return { id: row!.id, registrado_em: new Date(row!.registrado_em) };
      };
      const cadeia = cadeiaDe(db);
      if (!antes && !depois && !cadeia) return escrever(db);
      return db.transaction(async (tx: Tx) => {
        if (antes) await antes(tx);
        const row = await escrever(tx);
        if (depois) await depois(tx, row);
        return row;
      });
    },

    /**
     * Everyone inside now (§3 'Quem está no condomínio'), newest first, and the condominium's
     * limit for 'Saída não registrada' (its `horas_saida_nao_registrada`). Residents live there:
     * being inside is never a forgotten exit for them, so they are never flagged.
     */
    async presentes(
      condominioId: CondominioNoEscopo,
      agora: number,
      filtro: Pick<PresentesQuery, "q" | "tipo_pessoa">,
    ): Promise<{ rows: Presenca[]; horas: number }> {
      // The text: part of the name, of the document (not shown: found by it), of the plate, or the unit as typed.
      const text = filtro.q.trim();
      const documento = normalizeDocumento(text);
      const unidade = text ? unidadeDigitada(text) : null;
      const textMatch = text
        ? or(
            ilike(presencas.nome_pessoa, containsPattern(text)),
            // From its start, as the console's search reads a CPF: "101" is a unit, not part of a CPF.
            documento.length >= 4 && /\d/.test(documento) ? ilike(presencas.documento, `${documento}%`) : undefined,
            podeSerParteDePlaca(text) ? ilike(presencas.placa, containsPattern(normalizePlaca(text))) : undefined,
            unidade
              ? and(
                  eq(sql`lower(${unidades.numero_unidade})`, unidade.numero.toLowerCase()),
                  unidade.bloco ? eq(blocoSemPalavra, unidade.bloco.toLowerCase()) : undefined,
                )
              : undefined,
          )
        : undefined;
      const [[condominio], rows] = await Promise.all([
        db.select({ horas: condominios.horas_saida_nao_registrada }).from(condominios).where(eq(condominios.id, condominioId)),
        db
          .select({
            id: presencas.id,
            tipo_pessoa: presencas.tipo_pessoa,
            nome_pessoa: presencas.nome_pessoa,
            placa: presencas.placa,
            entrou_em: presencas.entrou_em,
            unidade_id: unidades.id,
            bloco: unidades.bloco,
            numero_unidade: unidades.numero_unidade,
          })
          .from(presencas)
          .leftJoin(unidades, eq(unidades.id, presencas.unidade_id))
          .where(
            and(
              eq(presencas.condominio_id, condominioId),
              filtro.tipo_pessoa === "todos" ? undefined : eq(presencas.tipo_pessoa, filtro.tipo_pessoa),
              textMatch,
            ),
          )
          .orderBy(desc(presencas.entrou_em), desc(presencas.id)),
      ]);
      const horas = condominio?.horas ?? HORAS_SAIDA_NAO_REGISTRADA_PADRAO;
      return {
        horas,
        rows: rows.map((r) => ({
          id: r.id,
          tipo_pessoa: r.tipo_pessoa,
          nome_pessoa: r.nome_pessoa,
          placa: r.placa,
          unidade: r.unidade_id ? { id: r.unidade_id, bloco: r.bloco, numero_unidade: r.numero_unidade! } : null,
          entrou_em: toIso(r.entrou_em),
          saida_nao_registrada: r.tipo_pessoa !== "morador" && agora - new Date(r.entrou_em).getTime() > horas * 3_600_000,
        })),
      };
    },
  };
}

export type ControleAcessoRepository = ReturnType<typeof controleAcessoRepository>;
