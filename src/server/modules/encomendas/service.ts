import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  ENCOMENDAS_TEXTOS,
  FORMA_RETIRADA_LABEL,
  TRANSPORTADORA_LABEL,
  retiradaPorTerceiro,
  type DevolverEncomendaInput,
  type Encomenda,
  type EncomendaData,
  type EncomendaDetalhe,
  type FormaRetirada,
  type RetiradaConferida,
} from "@shared/schemas/encomendas";
import { MSG } from "@shared/messages";
import { createAttemptLimiter, type AttemptLimiter } from "../../auth/attempt-limiter";
import type { Db } from "../../db/client";
import { encomendaEventos, encomendas, moradores, unidades } from "../../db/schema";
import { AppError, notFound, pgConstraint, pgErrorCode } from "../../errors";
import { requireActiveCondominio, type CondominioScope } from "../../scope";
import type { ListTotals } from "../common";
import type { AvisosDaEncomenda } from "./avisos";
import type { CofreDeCodigos } from "./codigo";
import { encomendasRepository } from "./repository";

// The parcels' rules (gate-operation-spec §4): receive with a pickup code the operator never sees,
// hand out with that code (or a document the operator checks), send back. Each change and its
// custody event are one transaction; the chain itself is the database's (migration 0031).

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export interface Operador {
  id: string;
  nome: string;
}

/** §4: 5 wrong codes in 10 minutes lock the unit's codes for 10 minutes. */
const ERROS_MAX = 5;
const JANELA_S = 600;

const naoEncontrada = (title: string = ENCOMENDAS_TEXTOS.erroEntregar) => notFound({ title, message: ENCOMENDAS_TEXTOS.naoEncontrada });
const codigoInvalido = () =>
  AppError.from(
    400,
    "CODIGO_INVALIDO",
    { title: ENCOMENDAS_TEXTOS.tituloCodigoInvalido, message: ENCOMENDAS_TEXTOS.codigoInvalido },
    { codigo: ENCOMENDAS_TEXTOS.codigoInvalido },
  );
const codigosBloqueados = () =>
  AppError.from(
    429,
    "CODIGOS_BLOQUEADOS",
    { title: ENCOMENDAS_TEXTOS.tituloCodigosBloqueados, message: ENCOMENDAS_TEXTOS.codigosBloqueados },
    { codigo: ENCOMENDAS_TEXTOS.codigosBloqueados },
  );
const invalido = (title: string, field: string, message: string) => AppError.from(400, "VALIDATION_ERROR", { title, message }, { [field]: message });
const conflito = (title: string, message: string) => AppError.from(409, "CONFLICT", { title, message });

/** The unique index that keeps one waiting parcel per code of a unit. */
const CODIGO_UNICO = "encomendas_codigo_aguardando_unique";

export function encomendasService({ db, cofre, avisos, totals }: { db: Db; cofre: CofreDeCodigos; avisos: AvisosDaEncomenda; totals?: ListTotals }) {
  const repo = encomendasRepository(db, totals);
  // Counted in the database: every instance sees the same wrong codes (auth/attempt-limiter.ts).
  const erros: AttemptLimiter = createAttemptLimiter(db, { max: ERROS_MAX, window: JANELA_S });
  const bloqueio: AttemptLimiter = createAttemptLimiter(db, { max: 1, window: JANELA_S });
  const chaveErros = (unidadeId: string) => `encomendas:codigo:${unidadeId}`;
  const chaveBloqueio = (unidadeId: string) => `encomendas:bloqueio:${unidadeId}`;

  async function evento(tx: Tx | Db, e: { condominio_id: string; encomenda_id: string; tipo: string; descricao: string; operador: Operador | null }) {
    await tx.insert(encomendaEventos).values({
      condominio_id: e.condominio_id,
      encomenda_id: e.encomenda_id,
      tipo: e.tipo as "recebida",
      descricao: e.descricao,
      operador_id: e.operador?.id ?? null,
      operador_nome: e.operador?.nome ?? null,
    });
  }

  async function unidadeDoEscopo(scope: CondominioScope, unidadeId: string, title: string) {
    const unidade = await repo.unidadeNoEscopo(scope, unidadeId);
    if (!unidade) throw notFound({ title, message: MSG.unidadeNotFound.message });
    return unidade;
  }

  /**
   * The waiting parcel of the unit whose code this is, under the wrong-code limit: a locked unit
   * is refused even for a right code; a wrong code counts, and the 5th locks the unit. A slot is
   * taken before the code is looked at, so a burst of guesses gets no more than the limit.
   */
  async function conferirCodigo(unidadeId: string, codigo: string): Promise<{ id: string }> {
    if (await bloqueio.blockedFor(chaveBloqueio(unidadeId))) throw codigosBloqueados();
    if (await erros.take(chaveErros(unidadeId))) {
      await bloqueio.hit(chaveBloqueio(unidadeId));
      throw codigosBloqueados();
    }
    const [achada] = await db
      .select({ id: encomendas.id })
      .from(encomendas)
      .where(
        and(eq(encomendas.unidade_id, unidadeId), eq(encomendas.status, "aguardando"), eq(encomendas.codigo_retirada_hash, cofre.hash(unidadeId, codigo))),
      );
    if (achada) {
      await erros.release(chaveErros(unidadeId));
      return achada;
    }
    // The slot stays taken: a wrong code. The one that fills the window locks the unit for 10 minutes.
    if (await erros.blockedFor(chaveErros(unidadeId))) await bloqueio.hit(chaveBloqueio(unidadeId));
    throw codigoInvalido();
  }

  return {
    repo,

    async detalhe(scope: CondominioScope, id: string): Promise<EncomendaDetalhe> {
      const encomenda = await repo.get(scope, id);
      if (!encomenda) throw naoEncontrada();
      return { ...encomenda, eventos: await repo.eventos(id) };
    },

    /**
     * Receives a parcel for a unit of an active condominium the user serves: a fresh code (kept
     * as the unit-bound hash and the parcel-bound ciphertext, codigo.ts), the parcel and its
     * 'recebida' event in one transaction; then the unit's residents are told (avisos) and, when
     * anyone was, a 'notificada' event follows.
     */
    async receber(scope: CondominioScope, operador: Operador, data: EncomendaData): Promise<Encomenda> {
      const titulo = ENCOMENDAS_TEXTOS.erroRegistrar;
      const condominio = await requireActiveCondominio(db, scope, data.condominio_id);
      const [unidade] = await db
        .select({ id: unidades.id })
        .from(unidades)
        .where(and(eq(unidades.id, data.unidade_id), eq(unidades.condominio_id, condominio.id), eq(unidades.ativo, true)));
      if (!unidade) throw invalido(titulo, "unidade_id", ENCOMENDAS_TEXTOS.unidadeDeOutroCondominio);
      if (data.morador_id) {
        const [morador] = await db
          .select({ id: moradores.id })
          .from(moradores)
          .where(and(eq(moradores.id, data.morador_id), eq(moradores.unidade_id, unidade.id), eq(moradores.ativo, true)));
        if (!morador) throw invalido(titulo, "morador_id", ENCOMENDAS_TEXTOS.moradorDeOutraUnidade);
      }
      const id = randomUUID();
      // A code already waiting in the unit (1 in a million per waiting parcel) is drawn again.
      let aviso: { avisados: number; enviar(): void };
      for (let tentativa = 0; ; tentativa++) {
        const codigo = cofre.gerar();
        try {
          aviso = await db.transaction(async (tx) => {
            await tx.insert(encomendas).values({
              id,
              condominio_id: condominio.id,
              unidade_id: unidade.id,
              morador_id: data.morador_id,
              destinatario_nome: data.destinatario_nome,
              transportadora: data.transportadora,
              codigo_rastreio: data.codigo_rastreio,
              tipo: data.tipo,
              local_armazenamento: data.local_armazenamento,
              observacoes: data.observacoes,
              recebida_por: operador.id,
              recebida_por_nome: operador.nome,
              codigo_retirada_hash: cofre.hash(unidade.id, codigo),
              codigo_retirada_cifrado: cofre.cifrar(id, codigo),
            });
            // The residents' notices and the custody's events commit with the parcel. The notices are
            // written first: the condominium's chain head stays locked only for the two events.
            const escrito = await avisos.aoReceber(tx, { id, unidade_id: unidade.id, transportadora: data.transportadora });
            await evento(tx, {
              condominio_id: condominio.id,
              encomenda_id: id,
              tipo: "recebida",
              descricao: ENCOMENDAS_TEXTOS.eventoRecebida(operador.nome, data.destinatario_nome, TRANSPORTADORA_LABEL[data.transportadora]),
              operador,
            });
            if (escrito.avisados > 0)
              await evento(tx, {
                condominio_id: condominio.id,
                encomenda_id: id,
                tipo: "notificada",
                descricao: ENCOMENDAS_TEXTOS.eventoNotificada(escrito.avisados),
                operador: null,
              });
            return escrito;
          });
          break;
        } catch (error) {
          if (tentativa < 5 && pgErrorCode(error) === "23505" && pgConstraint(error) === CODIGO_UNICO) continue;
          throw error;
        }
      }
      // Committed: what is due now leaves from here (any instance's sweep is the safety net).
      aviso.enviar();
      const [recebida] = await repo.many([id]);
      return recebida!;
    },

    /** The pickup, step 1: the code (typed or read from the QR) → the unit's waiting parcels, the code's first. */
    async conferir(scope: CondominioScope, unidadeId: string, codigo: string): Promise<RetiradaConferida> {
      const unidade = await unidadeDoEscopo(scope, unidadeId, ENCOMENDAS_TEXTOS.erroEntregar);
      const achada = await conferirCodigo(unidade.id, codigo);
      const todas = await repo.aguardandoDaUnidade(unidade.id);
      return { encomenda_id: achada.id, encomendas: [...todas.filter((e) => e.id === achada.id), ...todas.filter((e) => e.id !== achada.id)] };
    },

    /**
     * The pickup, step 2: 'Entregar' the chosen waiting parcels of a unit. With the code (typed or
     * QR) it must be one of theirs, under the wrong-code limit; with a document checked by the
     * operator, always (also when the codes are locked). Each parcel ends once: a conditional
     * UPDATE from 'aguardando', so of two concurrent pickups only one wins.
     */
    async entregar(
      scope: CondominioScope,
      operador: Operador,
      input: {
        unidade_id: string;
        encomenda_ids: string[];
        forma: FormaRetirada;
        codigo: string | null;
        retirada_por_nome: string;
        retirada_por_documento: string | null;
      },
    ): Promise<Encomenda[]> {
      const titulo = ENCOMENDAS_TEXTOS.erroEntregar;
      const unidade = await unidadeDoEscopo(scope, input.unidade_id, titulo);
      const ids = [...new Set(input.encomenda_ids)];
      if (input.forma !== "documento") {
        const achada = await conferirCodigo(unidade.id, input.codigo ?? "");
        if (!ids.includes(achada.id)) throw invalido(titulo, "codigo", ENCOMENDAS_TEXTOS.codigoDeOutraEncomenda);
      }
      const descricao = ENCOMENDAS_TEXTOS.eventoRetirada(
        input.retirada_por_nome,
        input.retirada_por_documento,
        operador.nome,
        FORMA_RETIRADA_LABEL[input.forma],
      );
      // A third party (none of the parcels' addressees) shows a document, as the dialog asks (§4).
      if (!input.retirada_por_documento) {
        const destinatarios = await db
          .select({ nome: encomendas.destinatario_nome })
          .from(encomendas)
          .where(and(inArray(encomendas.id, ids), eq(encomendas.unidade_id, unidade.id)));
        if (
          retiradaPorTerceiro(
            input.retirada_por_nome,
            destinatarios.map((d) => d.nome),
          )
        )
          throw invalido(titulo, "retirada_por_documento", ENCOMENDAS_TEXTOS.documentoDoTerceiro);
      }
      await db.transaction(async (tx) => {
        const entregues = await tx
          .update(encomendas)
          .set({
            status: "retirada",
            retirada_em: sql`now()`,
            retirada_por_nome: input.retirada_por_nome,
            retirada_por_documento: input.retirada_por_documento,
            retirada_forma: input.forma,
            entregue_por: operador.id,
            entregue_por_nome: operador.nome,
          })
          .where(and(inArray(encomendas.id, ids), eq(encomendas.unidade_id, unidade.id), eq(encomendas.status, "aguardando")))
          .returning({ id: encomendas.id });
        if (entregues.length < ids.length) {
          // Nothing is handed out: say why (another unit's or unknown parcel, or one already ended).
          const [{ n }] = (await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(encomendas)
            .where(and(inArray(encomendas.id, ids), eq(encomendas.unidade_id, unidade.id)))) as [{ n: number }];
          throw conflito(titulo, Number(n) < ids.length ? ENCOMENDAS_TEXTOS.outraUnidade : ENCOMENDAS_TEXTOS.encerrada);
        }
        for (const id of ids) await evento(tx, { condominio_id: unidade.condominio_id, encomenda_id: id, tipo: "retirada", descricao, operador });
      });
      return repo.many(ids);
    },

    /** 'Devolver ao remetente' with a reason: only a parcel still waiting. */
    async devolver(scope: CondominioScope, operador: Operador, id: string, input: Required<DevolverEncomendaInput>): Promise<Encomenda> {
      const titulo = ENCOMENDAS_TEXTOS.erroDevolver;
      const atual = await repo.get(scope, id);
      if (!atual) throw naoEncontrada(titulo);
      await db.transaction(async (tx) => {
        const [devolvida] = await tx
          .update(encomendas)
          .set({ status: "devolvida", devolvida_em: sql`now()`, devolvida_por_nome: operador.nome, motivo_devolucao: input.motivo })
          .where(and(eq(encomendas.id, atual.id), eq(encomendas.status, "aguardando")))
          .returning({ id: encomendas.id });
        if (!devolvida) throw conflito(titulo, ENCOMENDAS_TEXTOS.encerrada);
        await evento(tx, {
          condominio_id: atual.condominio.id,
          encomenda_id: atual.id,
          tipo: "devolvida",
          descricao: ENCOMENDAS_TEXTOS.eventoDevolvida(operador.nome, input.motivo),
          operador,
        });
      });
      const [final] = await repo.many([atual.id]);
      return final!;
    },
  };
}

export type EncomendasService = ReturnType<typeof encomendasService>;
