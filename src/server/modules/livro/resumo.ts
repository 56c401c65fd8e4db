import { asc, eq, inArray, sql } from "drizzle-orm";
import { LIVRO_TEXTOS, NATUREZA_OCORRENCIA_LABEL, PRIORIDADE_OCORRENCIA_LABEL, TIPO_OCORRENCIA_LABEL } from "@shared/schemas/livro";
import type { NaturezaOcorrencia, PrioridadeOcorrencia, TipoOcorrencia } from "@shared/schemas/livro";
import { unidadeLabel } from "@shared/schemas/unidades";
import { dateInSaoPaulo, dayStartInSaoPaulo, formatDate, formatDateTime, formatTime, nextDate, saoPauloWallClockMs } from "@shared/time";
import { loadProfile } from "../../auth/profile";
import { queryRows, type Db } from "../../db/client";
import { condominios, resumoDiarioAssinaturas, resumoDiarioEnvios } from "../../db/schema";
import type { Outbox } from "../../email/outbox";
import { resumoDiarioEmail, type ResumoDiarioCondominio } from "../../email/templates";
import type { JobQueue } from "../../jobs/queue";

// The síndico's daily summary of the shift book by e-mail (gate-operation-spec §5; decision 0280):
// at 07:00 in São Paulo, to each active user who asked for it and still holds
// visualizar_ocorrencias, the previous day of each condominium of his scope — only what he could
// read in the book himself (visivel_sindico), never another condominium's.

const PERMISSAO = "visualizar_ocorrencias";
/** The items still open listed per condominium; more are counted. */
const MAX_EM_ABERTO = 20;
/** The refusals at the gate listed per condominium (the latest); all are counted. */
const MAX_RECUSAS = 5;

export async function lerAssinatura(db: Db, usuarioId: string): Promise<boolean> {
  const rows = await db
    .select({ id: resumoDiarioAssinaturas.usuario_id })
    .from(resumoDiarioAssinaturas)
    .where(eq(resumoDiarioAssinaturas.usuario_id, usuarioId));
  return rows.length > 0;
}

/** A row present is the subscription; saving the same choice twice changes nothing. */
export async function salvarAssinatura(db: Db, usuarioId: string, ativo: boolean): Promise<boolean> {
  if (ativo) await db.insert(resumoDiarioAssinaturas).values({ usuario_id: usuarioId }).onConflictDoNothing();
  else await db.delete(resumoDiarioAssinaturas).where(eq(resumoDiarioAssinaturas.usuario_id, usuarioId));
  return ativo;
}

/** The São Paulo day before `agora`'s (YYYY-MM-DD). */
export function diaAnterior(agora: number): string {
  return dateInSaoPaulo(dayStartInSaoPaulo(dateInSaoPaulo(agora)).getTime() - 1);
}

type Registro = {
  natureza: NaturezaOcorrencia;
  tipo: TipoOcorrencia;
  prioridade: PrioridadeOcorrencia;
  titulo: string;
  descricao: string | null;
  criada_por_nome: string;
  created_at: Date | string;
  bloco: string | null;
  numero_unidade: string | null;
  resolvida_por: string | null;
  resolvida_em: Date | string | null;
};

const rotulo = (r: { tipo: TipoOcorrencia; prioridade: PrioridadeOcorrencia }) =>
  `${TIPO_OCORRENCIA_LABEL[r.tipo]} · ${PRIORIDADE_OCORRENCIA_LABEL[r.prioridade]}`;
const unidadeDe = (r: { bloco: string | null; numero_unidade: string | null }) =>
  r.numero_unidade ? unidadeLabel({ bloco: r.bloco, numero_unidade: r.numero_unidade }) : null;

/**
 * One condominium's day as the síndico may read it: the items open by its end and not resolved
 * now (`agora`); today's are tomorrow's summary.
 */
async function resumoDoCondominio(db: Db, condominioId: string, desde: Date, antes: Date, agora: Date): Promise<Omit<ResumoDiarioCondominio, "nome">> {
  const [registros, abertos, encomendas, recusas] = await Promise.all([
    queryRows<Registro>(
      db,
      sql`
      select o.natureza, o.tipo, o.prioridade, o.titulo, o.descricao, o.criada_por_nome, o.created_at,
             u.bloco, u.numero_unidade, r.criada_por_nome as resolvida_por, r.created_at as resolvida_em
        from portaria_web_ocorrencias o
        left join portaria_web_unidades u on u.id = o.unidade_id
        left join portaria_web_ocorrencias r
          on o.natureza = 'abertura' and r.ocorrencia_original_id = o.id and r.natureza = 'resolucao' and r.created_at <= ${agora.toISOString()}::timestamptz
       where o.condominio_id = ${condominioId} and o.visivel_sindico
         and o.created_at >= ${desde.toISOString()}::timestamptz and o.created_at < ${antes.toISOString()}::timestamptz
       order by o.created_at, o.id`,
    ),
    queryRows<{
      tipo: TipoOcorrencia;
      prioridade: PrioridadeOcorrencia;
      titulo: string;
      created_at: Date | string;
      bloco: string | null;
      numero_unidade: string | null;
      total: number;
    }>(
      db,
      sql`
      select o.tipo, o.prioridade, o.titulo, o.created_at, u.bloco, u.numero_unidade, count(*) over ()::int as total
        from portaria_web_ocorrencias_abertas a
        join portaria_web_ocorrencias o on o.id = a.ocorrencia_id
        left join portaria_web_unidades u on u.id = o.unidade_id
       where a.condominio_id = ${condominioId} and o.visivel_sindico and o.created_at < ${antes.toISOString()}::timestamptz
       order by (o.prioridade = 'alta') desc, o.created_at, o.id
       limit ${MAX_EM_ABERTO}`,
    ),
    queryRows<{ aguardando: number; mais_antiga: Date | string | null }>(
      db,
      sql`
      select count(*)::int as aguardando, min(recebida_em) as mais_antiga
        from portaria_web_encomendas where condominio_id = ${condominioId} and status = 'aguardando'`,
    ),
    queryRows<{ nome_pessoa: string; motivo: string | null; registrado_em: Date | string; total: number }>(
      db,
      sql`
      select nome_pessoa, motivo, registrado_em, count(*) over ()::int as total
        from portaria_web_registros_acesso
       where condominio_id = ${condominioId} and resultado = 'negado'
         and registrado_em >= ${desde.toISOString()}::timestamptz and registrado_em < ${antes.toISOString()}::timestamptz
       order by registrado_em desc, id desc
       limit ${MAX_RECUSAS}`,
    ),
  ]);
  return {
    registros: registros.map((r) => {
      const abertura = r.natureza === "abertura";
      return {
        hora: formatTime(r.created_at),
        rotulo: abertura ? rotulo(r) : NATUREZA_OCORRENCIA_LABEL[r.natureza],
        titulo: r.titulo,
        unidade: unidadeDe(r),
        autor: r.criada_por_nome,
        descricao: r.descricao,
        situacao: !abertura ? null : r.resolvida_por && r.resolvida_em ? LIVRO_TEXTOS.resolvidaPor(r.resolvida_por, r.resolvida_em) : "Em aberto",
      };
    }),
    emAberto: abertos.map((o) => ({ titulo: o.titulo, rotulo: rotulo(o), unidade: unidadeDe(o), desde: formatDateTime(o.created_at) })),
    totalEmAberto: Number(abertos[0]?.total ?? 0),
    encomendas: {
      aguardando: Number(encomendas[0]?.aguardando ?? 0),
      maisAntiga: encomendas[0]?.mais_antiga ? formatDateTime(encomendas[0].mais_antiga) : null,
    },
    recusas: {
      total: Number(recusas[0]?.total ?? 0),
      ultimas: recusas.map((r) => ({ hora: formatTime(r.registrado_em), nome: r.nome_pessoa, motivo: r.motivo ?? "" })),
    },
  };
}

export interface ResumoDiarioDeps {
  db: Db;
  outbox: Pick<Outbox, "enqueue">;
  /** The portal's address, for the e-mail's link to the book. */
  publicUrl: string;
}

/**
 * Sends the summary of the São Paulo day before `agora` to every subscriber not yet sent it;
 * returns how many were sent. The e-mail is queued in the transaction that records the send, whose
 * key (user, day) lets a re-run or another instance send nothing twice.
 */
export async function enviarResumosDiarios({ db, outbox, publicUrl }: ResumoDiarioDeps, agoraMs = Date.now()): Promise<number> {
  const agora = new Date(agoraMs);
  const dia = diaAnterior(agoraMs);
  const desde = dayStartInSaoPaulo(dia);
  const antes = dayStartInSaoPaulo(nextDate(dia));
  const assunto = LIVRO_TEXTOS.resumoAssunto(formatDate(dia));
  const assinantes = await queryRows<{ id: string; auth_user_id: string }>(
    db,
    sql`
    select u.id, u.auth_user_id
      from portaria_web_resumo_diario_assinaturas a
      join portaria_web_usuarios u on u.id = a.usuario_id
     where u.status = 'ativo'
       and not exists (select 1 from portaria_web_resumo_diario_envios e where e.usuario_id = u.id and e.dia = ${dia}::date)
     order by u.id`,
  );
  let enviados = 0;
  for (const assinante of assinantes) {
    // The same profile the guard builds: the permission and the scope he has today.
    const perfil = await loadProfile(db, assinante.auth_user_id);
    if (!perfil || perfil.status !== "ativo" || !perfil.permissions.includes(PERMISSAO)) continue;
    const doEscopo =
      perfil.acesso_todos_condominios || perfil.condominio_ids.length
        ? await db
            .select({ id: condominios.id, nome: condominios.nome })
            .from(condominios)
            .where(perfil.acesso_todos_condominios ? eq(condominios.ativo, true) : inArray(condominios.id, [...perfil.condominio_ids]))
            .orderBy(asc(condominios.nome))
        : [];
    const partes: ResumoDiarioCondominio[] = [];
    for (const c of doEscopo) partes.push({ nome: c.nome, ...(await resumoDoCondominio(db, c.id, desde, antes, agora)) });
    const email = resumoDiarioEmail({
      nome: perfil.nome_completo,
      assunto,
      data: formatDate(dia),
      condominios: partes,
      url: `${publicUrl}/portaria-web/livro`,
    });
    const enviado = await db.transaction(async (tx) => {
      const novo = await tx
        .insert(resumoDiarioEnvios)
        .values({ usuario_id: perfil.id, dia })
        .onConflictDoNothing()
        .returning({ id: resumoDiarioEnvios.usuario_id });
      if (!novo.length) return false;
      await outbox.enqueue("resumo_diario", { to: perfil.email, ...email }, tx as unknown as Db);
      return true;
    });
    if (enviado) enviados++;
  }
  return enviados;
}

/** From 07:00 in São Paulo; until noon a run missed (a restart, a deploy) still sends that morning. */
const HORA_DO_RESUMO = 7;
const ULTIMA_HORA = 12;

/**
 * The daily run on the project's job queue: pg-boss's cron sends one job per slot for every
 * instance together (in UTC, so the hour is checked on São Paulo's clock, as the parcels' reminders do).
 */
export function agendarResumoDiario(jobs: JobQueue, deps: ResumoDiarioDeps, log: { info(line: string): void }) {
  jobs.define("livro-resumo-diario", {
    queue: { retryLimit: 2, retryDelay: 300 },
    cron: "0 * * * *",
    handler: async () => {
      const hora = new Date(saoPauloWallClockMs(Date.now())).getUTCHours();
      if (hora < HORA_DO_RESUMO || hora >= ULTIMA_HORA) return;
      const n = await enviarResumosDiarios(deps);
      if (n) log.info(`[livro] resumo diário enviado a ${n} usuário(s)`);
    },
  });
}
