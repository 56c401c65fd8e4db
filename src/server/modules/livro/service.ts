import { Readable } from "node:stream";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  LIVRO_TEXTOS,
  POSTO_CENTRAL,
  type abrirTurnoSchema,
  type complementoInputSchema,
  type encerrarTurnoSchema,
  type NaturezaOcorrencia,
  type Ocorrencia,
  type OcorrenciaData,
  type OcorrenciaDetalhe,
  type ocorrenciaListQuerySchema,
  type Passagem,
  type Referencias,
  type referenciasQuerySchema,
  type resolucaoInputSchema,
  type Turno,
} from "@shared/schemas/livro";
import { MSG } from "@shared/messages";
import type { Db } from "../../db/client";
import { ocorrencias, turnos } from "../../db/schema";
import { AppError, notFound, pgConstraint, pgErrorCode } from "../../errors";
import { activeCondominioInScope, inScope, requireActiveCondominio, type CondominioScope } from "../../scope";
import type { ListTotals } from "../common";
import { csvLinhas, nomeDoCsv } from "./csv";
import { itemParaSeguimento, ocorrenciasRepository, toTurno, turnosRepository, type OcorrenciaFiltros, type Posto, type Q, type TurnoRow } from "./repository";

// The shift book's rules (gate-operation-spec §5; decision 0280). The database enforces them too
// (migration 0033's triggers and indexes); the checks here answer first with the screen's words,
// and a refusal of the database (a race between two requests) becomes the same answer, never a 500.

/** Who acts: the signed-in user, their scope, and whether they read only what a síndico reads. */
export interface Quem {
  id: string;
  nome: string;
  scope: CondominioScope;
  soSindico: boolean;
}

type AbrirTurnoData = z.output<typeof abrirTurnoSchema>;
type EncerrarTurnoData = z.output<typeof encerrarTurnoSchema>;
type ComplementoData = z.output<typeof complementoInputSchema>;
type ResolucaoData = z.output<typeof resolucaoInputSchema>;
export type OcorrenciaListData = z.output<typeof ocorrenciaListQuerySchema>;
type ReferenciasData = z.output<typeof referenciasQuerySchema>;

const conflito = (title: string, message: string) => AppError.from(409, "CONFLICT", { title, message });
const invalido = (title: string, field: string, message: string) => AppError.from(400, "VALIDATION_ERROR", { title, message }, { [field]: message });
const recusa = (title: string, message: string) => AppError.from(403, "RULE", { title, message });
const ocorrenciaNaoEncontrada = (title: string) => notFound({ title, message: LIVRO_TEXTOS.naoEncontrada });
const turnoNaoEncontrado = (title: string) => notFound({ title, message: LIVRO_TEXTOS.turnoNaoEncontrado });

const nomeDoPosto = (turno: Pick<TurnoRow, "condominio_nome">) => turno.condominio_nome ?? POSTO_CENTRAL;

/**
 * Opening and closing a post's shifts take turns (a transaction-scoped lock per post): the handover
 * an operator confirmed is still the post's last one when his shift opens.
 */
const travarPosto = (tx: Q, posto: Posto) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`portaria_web_turnos:${posto ?? "central"}`}, 0))`);

/** The database's refusals of an entry (migration 0033), as the answers the service gives first. */
function recusaDoBanco(error: unknown, title: string): AppError | null {
  const constraint = pgConstraint(error);
  const code = pgErrorCode(error);
  if (code === "23505" && constraint === "ocorrencias_uma_resolucao") return conflito(title, LIVRO_TEXTOS.jaResolvida);
  if (code !== "P0001") return null;
  switch (constraint) {
    case "ocorrencias_turno_aberto":
      return conflito(title, LIVRO_TEXTOS.semTurno);
    case "ocorrencias_posto_do_turno":
      return conflito(title, LIVRO_TEXTOS.postoDoTurno);
    case "ocorrencias_ja_resolvida":
      return conflito(title, LIVRO_TEXTOS.jaResolvida);
    case "ocorrencias_original_valida":
      return ocorrenciaNaoEncontrada(title);
    case "ocorrencias_unidade_do_condominio":
      return invalido(title, "unidade_id", LIVRO_TEXTOS.unidadeDeOutroCondominio);
    case "turnos_somente_encerrar_e_assumir":
      return conflito(title, LIVRO_TEXTOS.turnoJaEncerrado);
    default:
      return null;
  }
}

async function traduzindo<T>(title: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw recusaDoBanco(error, title) ?? error;
  }
}

export function livroService({ db, totals }: { db: Db; totals?: ListTotals }) {
  const turnosRepo = turnosRepository(db);
  const repo = ocorrenciasRepository(db, totals);

  /** The operator's open shift, or the 409 'Abra um turno antes de registrar no livro.' */
  async function turnoAbertoDe(quem: Quem, title: string, q: Q = db): Promise<TurnoRow> {
    const turno = await turnosRepo.aberto(quem.id, q);
    if (!turno) throw conflito(title, LIVRO_TEXTOS.semTurno);
    return turno;
  }

  /** A follow-up (complement or resolution) of an item, in the operator's open shift at the item's post. */
  async function seguir(quem: Quem, id: string, natureza: Exclude<NaturezaOcorrencia, "abertura">, descricao: string | null, title: string) {
    const item = await itemParaSeguimento(db, quem, id);
    if (!item) throw ocorrenciaNaoEncontrada(title);
    if (item.resolvida) throw conflito(title, LIVRO_TEXTOS.jaResolvida);
    const turno = await turnoAbertoDe(quem, title);
    if (turno.condominio_id !== null && turno.condominio_id !== item.condominio_id) throw conflito(title, LIVRO_TEXTOS.postoDoTurno);
    await traduzindo(title, () =>
      db.insert(ocorrencias).values({
        natureza,
        ocorrencia_original_id: item.id,
        turno_id: turno.id,
        // The trigger copies these from the item; they are given because the columns require them.
        condominio_id: item.condominio_id,
        tipo: item.tipo,
        prioridade: item.prioridade,
        titulo: item.titulo,
        descricao,
        criada_por: quem.id,
        criada_por_nome: quem.nome,
      }),
    );
    return (await repo.detalhe(quem, item.id))!;
  }

  return {
    async turnoAtual(quem: Quem): Promise<Turno | null> {
      const turno = await turnosRepo.aberto(quem.id);
      return turno ? toTurno(turno) : null;
    },

    async passagem(quem: Quem, postoParam: string): Promise<Passagem> {
      const posto: Posto = postoParam === "central" ? null : postoParam;
      let condominio: { id: string; nome: string } | null = null;
      if (posto !== null) {
        condominio = await activeCondominioInScope(db, quem.scope, posto);
        if (!condominio) throw notFound({ title: LIVRO_TEXTOS.erroPassagem, message: MSG.notFound.message });
      }
      const [ultimo, abertos, emAberto] = await Promise.all([
        turnosRepo.ultimoEncerrado(posto),
        turnosRepo.abertosNoPosto(posto, quem.id),
        repo.emAberto(quem, posto),
      ]);
      return {
        condominio,
        ultimo_turno: ultimo ? toTurno(ultimo) : null,
        turnos_abertos: abertos.map(toTurno),
        itens_em_aberto: emAberto.itens,
        total_em_aberto: emAberto.total,
      };
    },

    /**
     * 'Li e assumo o turno': the post must be the operator's (the central: all condominiums), he
     * holds no other open shift, and the handover he read is still the post's last. The previous
     * shift is marked taken over by him when nobody took it yet.
     */
    async abrirTurno(quem: Quem, data: AbrirTurnoData): Promise<Turno> {
      const title = LIVRO_TEXTOS.erroIniciarTurno;
      const posto: Posto = data.condominio_id;
      if (posto === null && !quem.scope.all) throw recusa(title, LIVRO_TEXTOS.postoSemAcesso);
      if (posto !== null) await requireActiveCondominio(db, quem.scope, posto);
      const jaAberto = await turnosRepo.aberto(quem.id);
      if (jaAberto) throw conflito(title, LIVRO_TEXTOS.turnoJaAberto(nomeDoPosto(jaAberto)));
      try {
        const id = await db.transaction(async (tx) => {
          await travarPosto(tx, posto);
          const anterior = await turnosRepo.ultimoEncerrado(posto, tx);
          if ((anterior?.id ?? null) !== data.turno_anterior_id) throw conflito(title, LIVRO_TEXTOS.passagemMudou);
          const [novo] = await tx
            .insert(turnos)
            .values({ condominio_id: posto, operador: quem.id, operador_nome: quem.nome, turno_anterior_id: anterior?.id ?? null })
            .returning({ id: turnos.id });
          // Taken over once: by the first who read it (the time is the database's).
          if (anterior && anterior.assumido_por === null)
            await tx
              .update(turnos)
              .set({ assumido_por: quem.id, assumido_por_nome: quem.nome, assumido_em: sql`now()` })
              .where(and(eq(turnos.id, anterior.id), isNull(turnos.assumido_por)));
          return novo!.id;
        });
        return toTurno((await turnosRepo.get(id))!);
      } catch (error) {
        // Another request of his opened a shift meanwhile (the unique index of open shifts).
        if (pgErrorCode(error) === "23505" && pgConstraint(error) === "turnos_um_aberto_por_operador") {
          const aberto = await turnosRepo.aberto(quem.id);
          throw conflito(title, LIVRO_TEXTOS.turnoJaAberto(aberto ? nomeDoPosto(aberto) : POSTO_CENTRAL));
        }
        throw error;
      }
    },

    /** Closes the operator's own shift with its handover, once. */
    async encerrarTurno(quem: Quem, id: string, data: EncerrarTurnoData): Promise<Turno> {
      const title = LIVRO_TEXTOS.erroEncerrarTurno;
      const turno = await turnosRepo.get(id);
      // Another condominium's shift is as unknown as none; the central's is its operators'.
      if (!turno || (turno.condominio_id !== null && !inScope(quem.scope, turno.condominio_id))) throw turnoNaoEncontrado(title);
      if (turno.operador !== quem.id) throw recusa(title, LIVRO_TEXTOS.turnoDeOutro);
      if (turno.encerrado_em !== null) throw conflito(title, LIVRO_TEXTOS.turnoJaEncerrado);
      await traduzindo(title, () =>
        db.transaction(async (tx) => {
          await travarPosto(tx, turno.condominio_id);
          const [fechado] = await tx
            .update(turnos)
            .set({ encerrado_em: sql`now()`, passagem: data.passagem })
            .where(and(eq(turnos.id, id), isNull(turnos.encerrado_em)))
            .returning({ id: turnos.id });
          if (!fechado) throw conflito(title, LIVRO_TEXTOS.turnoJaEncerrado);
        }),
      );
      return toTurno((await turnosRepo.get(id))!);
    },

    listar: (quem: Quem, query: OcorrenciaListData) => repo.list(quem, query),

    /** 'Exportar CSV': the list's filter, whole, in the list's order, streamed a batch at a time. */
    csv(quem: Quem, filtros: OcorrenciaFiltros): { nome: string; linhas: Readable } {
      return { nome: nomeDoCsv(filtros), linhas: Readable.from(csvLinhas(repo.lotes(quem, filtros)), { objectMode: false }) };
    },

    async detalhe(quem: Quem, id: string): Promise<OcorrenciaDetalhe> {
      const item = await repo.detalhe(quem, id);
      if (!item) throw ocorrenciaNaoEncontrada(LIVRO_TEXTOS.erroCarregar);
      return item;
    },

    /**
     * Writes an item in the operator's open shift: for the shift's condominium (the central's: any
     * of his), with a unit and a link of that condominium.
     */
    async registrar(quem: Quem, data: OcorrenciaData): Promise<Ocorrencia> {
      const title = LIVRO_TEXTOS.erroRegistrar;
      const condominio = await requireActiveCondominio(db, quem.scope, data.condominio_id);
      const turno = await turnoAbertoDe(quem, title);
      if (turno.condominio_id !== null && turno.condominio_id !== condominio.id) throw invalido(title, "condominio_id", LIVRO_TEXTOS.postoDoTurno);
      // The unit's condominium is the insert trigger's check (migration 0033), answered by recusaDoBanco.
      if (data.referencia_tipo && data.referencia_id && !(await repo.referenciaExiste(condominio.id, data.referencia_tipo, data.referencia_id)))
        throw invalido(title, "referencia_id", LIVRO_TEXTOS.referenciaInvalida);
      const [nova] = await traduzindo(title, () =>
        db
          .insert(ocorrencias)
          .values({
            condominio_id: condominio.id,
            turno_id: turno.id,
            natureza: "abertura",
            tipo: data.tipo,
            prioridade: data.prioridade,
            titulo: data.titulo,
            descricao: data.descricao,
            unidade_id: data.unidade_id,
            referencia_tipo: data.referencia_tipo,
            referencia_id: data.referencia_id,
            visivel_sindico: data.visivel_sindico,
            criada_por: quem.id,
            criada_por_nome: quem.nome,
          })
          .returning({ id: ocorrencias.id }),
      );
      const { seguimentos: _fio, ...item } = (await repo.detalhe(quem, nova!.id))!;
      return item;
    },

    complementar: (quem: Quem, id: string, data: ComplementoData) => seguir(quem, id, "complemento", data.descricao, LIVRO_TEXTOS.erroComplementar),

    resolver: (quem: Quem, id: string, data: ResolucaoData) => seguir(quem, id, "resolucao", data.descricao, LIVRO_TEXTOS.erroResolver),

    /** Link candidates of a condominium the operator serves (another's: none, as if it had none). */
    async referencias(quem: Quem, query: ReferenciasData): Promise<Referencias> {
      if (!inScope(quem.scope, query.condominio_id)) return { rows: [], total: 0 };
      return repo.candidatas(query.condominio_id, query.tipo, query.q);
    },
  };
}
