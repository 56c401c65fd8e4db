import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { UnidadeDoMorador } from "@shared/schemas/morador";
import { rotuloDaUnidade } from "@shared/schemas/morador";
import {
  PRAZO_DA_SOLICITACAO_S,
  SOLICITACOES_TEXTOS,
  type CanalResposta,
  type RespostaSolicitacao,
  type Solicitacao,
  type SolicitacaoDados,
} from "@shared/schemas/solicitacoes";
import type { Db } from "../../db/client";
import { dentroDoHorario, NOTIFICACAO_TEXTOS, textoDaRegra } from "@shared/schemas/notificacoes";
import { saoPauloWallClockMs } from "@shared/time";
import { moradorContas, moradorPreferencias, moradores, notificacoes, solicitacoesAutorizacao, unidades } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { TempoReal } from "../../realtime";
import type { CondominioNoEscopo, CondominioScope } from "../../scope";
import { condominioInScope } from "../../scope";
import { toIso } from "../common";

// 'Pedir autorização ao morador' (gate-operation-spec §3.3): the console asks, the unit's residents
// with an account answer, the first answer wins (one conditional UPDATE from 'aguardando'), and
// 60 s without one ends it 'sem_resposta' (any instance's sweep). Every change is announced to the
// condominium's consoles at commit (realtime.ts). docs/decisions/0273-solicitacoes-de-autorizacao.md.

type Linha = typeof solicitacoesAutorizacao.$inferSelect;

const naoEncontrada = () => notFound({ title: SOLICITACOES_TEXTOS.responder, message: SOLICITACOES_TEXTOS.naoEncontrada });

/**
 * What the notices do with a request (src/server/modules/notificacoes): start the cascade to the
 * unit's residents when it is asked, and stop every pending step once it ends (answered,
 * cancelled, unanswered).
 */
export interface AvisosDaSolicitacao {
  aoPedir(s: Solicitacao, quem: QuemResponde[]): Promise<void>;
  aoEncerrar(ids: string[]): Promise<void>;
}

/**
 * The residents who can answer a unit's requests: active, with an active account; their contacts
 * and choices (no preferences row: nulls, read as the defaults), by name.
 */
export function quemPodeResponder(db: Db, unidadeId: string) {
  return db
    .select({
      morador_id: moradores.id,
      nome: moradores.nome_completo,
      email: moradores.email,
      celular: moradores.telefone_celular,
      auth_user_id: moradorContas.auth_user_id,
      push: moradorPreferencias.push,
      whatsapp: moradorPreferencias.whatsapp,
      sms: moradorPreferencias.sms,
      email_pref: moradorPreferencias.email,
      silencio_de: moradorPreferencias.silencio_de,
      silencio_ate: moradorPreferencias.silencio_ate,
      regra_entregas: moradorPreferencias.regra_entregas,
      regra_de: moradorPreferencias.regra_de,
      regra_ate: moradorPreferencias.regra_ate,
    })
    .from(moradorContas)
    .innerJoin(moradores, eq(moradores.id, moradorContas.morador_id))
    .leftJoin(moradorPreferencias, eq(moradorPreferencias.morador_id, moradores.id))
    .where(and(eq(moradores.unidade_id, unidadeId), eq(moradores.ativo, true), eq(moradorContas.status, "ativo")))
    .orderBy(moradores.nome_completo);
}
export type QuemResponde = Awaited<ReturnType<typeof quemPodeResponder>>[number];

/** How a resident answered: in the app, or through a notice's link (push, WhatsApp, SMS, e-mail). */
export type CanalDaResposta = Exclude<CanalResposta, "regra">;

/** São Paulo's wall clock now, 'HH:mm'. */
const horaEmSaoPaulo = (agora: number) => new Date(saoPauloWallClockMs(agora)).toISOString().slice(11, 16);

export function solicitacoesService({
  db,
  tempoReal,
  avisos,
  agora = Date.now,
}: {
  db: Db;
  tempoReal: TempoReal;
  avisos?: AvisosDaSolicitacao;
  agora?: () => number;
}) {
  /** The rows with their unit's label, as the API answers them. */
  async function vistas(linhas: Linha[], conhecidos: ReadonlyMap<string, string> = new Map()): Promise<Solicitacao[]> {
    // The units' labels: those the caller knows (a resident's units, the unit just checked), the rest read.
    const ids = [...new Set(linhas.map((l) => l.unidade_id))].filter((id) => !conhecidos.has(id));
    const rotulos = new Map(conhecidos);
    if (ids.length)
      for (const u of await db
        .select({ id: unidades.id, bloco: unidades.bloco, numero_unidade: unidades.numero_unidade })
        .from(unidades)
        .where(inArray(unidades.id, ids)))
        rotulos.set(u.id, rotuloDaUnidade(u));
    // The notices given up on ('WhatsApp falhou: número inválido.'), once per channel and reason.
    const avisos = new Map<string, string[]>();
    if (linhas.length)
      for (const f of await db
        .selectDistinct({ referencia_id: notificacoes.referencia_id, canal: notificacoes.canal, erro: notificacoes.erro })
        .from(notificacoes)
        .where(
          and(
            inArray(
              notificacoes.referencia_id,
              linhas.map((l) => l.id),
            ),
            eq(notificacoes.estado, "falhou"),
          ),
        )
        .orderBy(notificacoes.canal))
        avisos.set(f.referencia_id, [...(avisos.get(f.referencia_id) ?? []), NOTIFICACAO_TEXTOS.falhou(f.canal, f.erro ?? "")]);
    return linhas.map((l) => ({
      id: l.id,
      condominio_id: l.condominio_id,
      unidade_id: l.unidade_id,
      unidade: rotulos.get(l.unidade_id) ?? "",
      tipo_pessoa: l.tipo_pessoa,
      nome_visitante: l.nome_visitante,
      documento: l.documento,
      placa: l.placa,
      estado: l.estado,
      solicitado_por_nome: l.solicitado_por_nome,
      respondida_por: l.respondida_por,
      respondida_por_nome: l.respondida_por_nome,
      canal: l.canal,
      mensagem: l.mensagem,
      respondida_em: l.respondida_em ? toIso(l.respondida_em) : null,
      created_at: toIso(l.created_at),
      expira_em: toIso(l.expira_em),
      avisos: avisos.get(l.id) ?? [],
    }));
  }
  const vista = async (l: Linha, conhecidos?: ReadonlyMap<string, string>) => (await vistas([l], conhecidos))[0]!;
  /** The labels of a resident's units, as the session already holds them. */
  const rotulosDe = (unidadesDoMorador: UnidadeDoMorador[]) => new Map(unidadesDoMorador.map((u) => [u.unidade_id, u.rotulo]));

  /** Tells the condominium's consoles, once the change is written (each change is one statement, committed by then). */
  async function avisar(s: Solicitacao) {
    await tempoReal.avisar(db, { tipo: "solicitacao", condominio_id: s.condominio_id, dados: s });
  }

  /** One request of a condominium the user serves (another's is as unknown as none). */
  async function doConsole(scope: CondominioScope, id: string): Promise<Solicitacao> {
    const [linha] = await db
      .select()
      .from(solicitacoesAutorizacao)
      .where(and(eq(solicitacoesAutorizacao.id, id), condominioInScope(scope, solicitacoesAutorizacao.condominio_id)));
    if (!linha) throw naoEncontrada();
    return vista(linha);
  }

  return {
    /**
     * 'Pedir autorização ao morador': for a unit of the gate's condominium with at least one
     * resident who can answer (an active account of an active resident); otherwise the console
     * is told to use the intercom.
     */
    async pedir(condominioId: CondominioNoEscopo, quem: { id: string; nome: string }, input: Omit<SolicitacaoDados, "condominio_id">): Promise<Solicitacao> {
      const [unidade] = await db
        .select({ id: unidades.id, bloco: unidades.bloco, numero_unidade: unidades.numero_unidade })
        .from(unidades)
        .where(and(eq(unidades.id, input.unidade_id), eq(unidades.condominio_id, condominioId), eq(unidades.ativo, true)));
      if (!unidade)
        throw AppError.from(
          400,
          "VALIDATION_ERROR",
          { title: SOLICITACOES_TEXTOS.pedir, message: SOLICITACOES_TEXTOS.unidade },
          { unidade_id: SOLICITACOES_TEXTOS.unidade },
        );
      // Who can answer: the unit's active residents with an active account (read once: the notices use them too).
      const quemResponde = await quemPodeResponder(db, unidade.id);
      if (quemResponde.length === 0)
        throw AppError.from(409, "SEM_MORADOR_COM_CONTA", { title: SOLICITACOES_TEXTOS.pedir, message: SOLICITACOES_TEXTOS.semContas });
      // A delivery inside a resident's 'liberar sempre' window is answered at once, by that rule (§3.3).
      const hora = horaEmSaoPaulo(agora());
      const regra =
        input.tipo_pessoa === "entrega"
          ? quemResponde.find((m) => m.regra_entregas === "liberar_sempre" && m.regra_de && m.regra_ate && dentroDoHorario(hora, m.regra_de, m.regra_ate))
          : undefined;
      const [linha] = await db
        .insert(solicitacoesAutorizacao)
        .values({
          condominio_id: condominioId,
          unidade_id: unidade.id,
          nome_visitante: input.nome_visitante,
          documento: input.documento ?? null,
          tipo_pessoa: input.tipo_pessoa,
          placa: input.placa ?? null,
          solicitado_por: quem.id,
          solicitado_por_nome: quem.nome,
          expira_em: sql`now() + make_interval(secs => ${PRAZO_DA_SOLICITACAO_S})`,
          ...(regra && {
            estado: "aprovada" as const,
            respondida_por: regra.morador_id,
            respondida_por_nome: regra.nome,
            canal: "regra" as const,
            mensagem: SOLICITACOES_TEXTOS.pelaRegra(textoDaRegra({ regra_entregas: "liberar_sempre", regra_de: regra.regra_de, regra_ate: regra.regra_ate })),
            respondida_em: sql`now()`,
          }),
        })
        .returning();
      const s = await vista(linha!, new Map([[unidade.id, rotuloDaUnidade(unidade)]]));
      await avisar(s);
      if (!regra) await avisos?.aoPedir(s, quemResponde);
      return s;
    },

    doConsole,

    /** Tells the request's consoles its state again (a notice of it failed: its `avisos` changed). */
    async anunciar(id: string): Promise<void> {
      const [linha] = await db.select().from(solicitacoesAutorizacao).where(eq(solicitacoesAutorizacao.id, id));
      if (linha) await avisar(await vista(linha));
    },

    /** The console gives up (the visitor left, the intercom answered): only while it waits. */
    async cancelar(scope: CondominioScope, id: string): Promise<Solicitacao> {
      const [linha] = await db
        .update(solicitacoesAutorizacao)
        .set({ estado: "cancelada" })
        .where(
          and(
            eq(solicitacoesAutorizacao.id, id),
            eq(solicitacoesAutorizacao.estado, "aguardando"),
            condominioInScope(scope, solicitacoesAutorizacao.condominio_id),
          ),
        )
        .returning();
      if (linha) {
        const s = await vista(linha);
        await avisar(s);
        await avisos?.aoEncerrar([s.id]);
        return s;
      }
      await doConsole(scope, id); // 404 for one that is not the user's
      throw AppError.from(409, "CONFLICT", { title: SOLICITACOES_TEXTOS.pedir, message: SOLICITACOES_TEXTOS.encerrada });
    },

    /** What waits for the resident's answer, in their units, newest first. */
    async doMorador(unidadesDoMorador: UnidadeDoMorador[]): Promise<Solicitacao[]> {
      if (unidadesDoMorador.length === 0) return [];
      const linhas = await db
        .select()
        .from(solicitacoesAutorizacao)
        .where(
          and(
            inArray(
              solicitacoesAutorizacao.unidade_id,
              unidadesDoMorador.map((u) => u.unidade_id),
            ),
            eq(solicitacoesAutorizacao.estado, "aguardando"),
            gt(solicitacoesAutorizacao.expira_em, sql`now()`),
          ),
        )
        .orderBy(desc(solicitacoesAutorizacao.created_at))
        .limit(50);
      return vistas(linhas, rotulosDe(unidadesDoMorador));
    },

    /**
     * The resident's answer, in the app: only about their own units (another's is unknown). The
     * first answer wins; a later one learns who answered.
     */
    async responder(unidadesDoMorador: UnidadeDoMorador[], resposta: RespostaSolicitacao): Promise<Solicitacao> {
      const [alvo] = await db
        .select({ unidade_id: solicitacoesAutorizacao.unidade_id })
        .from(solicitacoesAutorizacao)
        .where(eq(solicitacoesAutorizacao.id, resposta.solicitacao_id));
      const minha = alvo && unidadesDoMorador.find((u) => u.unidade_id === alvo.unidade_id);
      if (!minha) throw naoEncontrada();
      return responderComo(minha.morador_id, resposta, "app", rotulosDe(unidadesDoMorador));
    },

    /**
     * The answer of a resident already known to belong to the request's unit (the app checked the
     * session's units; an answer link names its resident), on the channel it came by.
     */
    responderComo,

    /** Ends what nobody answered in time: any instance may run it, each end is won once. */
    async varrer(): Promise<number> {
      const vencidas = await db
        .update(solicitacoesAutorizacao)
        .set({ estado: "sem_resposta" })
        .where(and(eq(solicitacoesAutorizacao.estado, "aguardando"), lte(solicitacoesAutorizacao.expira_em, sql`now()`)))
        .returning();
      for (const s of await vistas(vencidas)) await avisar(s);
      if (vencidas.length) await avisos?.aoEncerrar(vencidas.map((v) => v.id));
      return vencidas.length;
    },
  };

  async function responderComo(
    moradorId: string,
    resposta: RespostaSolicitacao,
    canal: CanalDaResposta,
    conhecidos?: ReadonlyMap<string, string>,
  ): Promise<Solicitacao> {
    const [linha] = await db
      .update(solicitacoesAutorizacao)
      .set({
        estado: resposta.resposta === "liberar" ? "aprovada" : "recusada",
        respondida_por: moradorId,
        // The name as it is now, read in the same statement.
        respondida_por_nome: sql`(select ${moradores.nome_completo} from ${moradores} where ${moradores.id} = ${moradorId})`,
        canal,
        mensagem: resposta.mensagem ?? null,
        respondida_em: sql`now()`,
      })
      .where(
        and(
          eq(solicitacoesAutorizacao.id, resposta.solicitacao_id),
          eq(solicitacoesAutorizacao.estado, "aguardando"),
          gt(solicitacoesAutorizacao.expira_em, sql`now()`),
        ),
      )
      .returning();
    if (!linha) {
      const [atual] = await db.select().from(solicitacoesAutorizacao).where(eq(solicitacoesAutorizacao.id, resposta.solicitacao_id));
      const mensagem =
        (atual?.estado === "aprovada" || atual?.estado === "recusada") && atual.respondida_por_nome
          ? SOLICITACOES_TEXTOS.jaRespondida(atual.respondida_por_nome)
          : SOLICITACOES_TEXTOS.encerrada;
      throw AppError.from(409, "JA_RESPONDIDA", { title: SOLICITACOES_TEXTOS.responder, message: mensagem });
    }
    const s = await vista(linha, conhecidos);
    await avisar(s);
    await avisos?.aoEncerrar([s.id]);
    return s;
  }
}

export type SolicitacoesService = ReturnType<typeof solicitacoesService>;
