import { Agent } from "node:https";
import { and, eq, inArray, sql } from "drizzle-orm";
import { CASCATA_S, NOTIFICACAO_TEXTOS, dentroDoHorario, type CanalNotificacao } from "@shared/schemas/notificacoes";
import { TRANSPORTADORA_LABEL, diasAguardando } from "@shared/schemas/encomendas";
import { rotuloDaUnidade } from "@shared/schemas/morador";
import type { Solicitacao } from "@shared/schemas/solicitacoes";
import { instantFromSaoPauloWallClock, saoPauloWallClockMs } from "@shared/time";
import type { AppConfig } from "../../config";
import { queryRows, type Db } from "../../db/client";
import { encomendas, linksResposta, moradorContas, moradores, notificacoes, pushInscricoes, solicitacoesAutorizacao, unidades } from "../../db/schema";
import { loadLinkSecret, loadVapidKeys, type VapidKeys } from "../../db/settings";
import type { Outbox } from "../../email/outbox";
import type { JobQueue } from "../../jobs/queue";
import { encomendaMoradorEmail, notificacaoMoradorEmail } from "../../email/templates";
import type { AvisosDaEncomenda } from "../encomendas/avisos";
import { cofreDeCodigos } from "../encomendas/codigo";
import { quemPodeResponder, type AvisosDaSolicitacao, type QuemResponde } from "../solicitacoes/service";
import { canaisDisponiveis, celularE164, enviarPush, enviarSms, enviarWhatsApp, ERROS_ENVIO, type ResultadoEnvio } from "./canais";
import { assinarLink, urlDoLink } from "./links";

// The resident's notices (gate-operation-spec §3.3, §3.4; docs/decisions/0274-fila-de-notificacoes.md):
// a durable queue in portaria_web_notificacoes. A request writes its rows (app at once 'enviada';
// push and e-mail due now; WhatsApp after 15 s; SMS after 30 s) and, right after that commit, this
// process sends what is due and sets a timer for the rest; every instance also sweeps the due
// rows each second, so a restart or a killed process loses nothing. A row is leased with
// `for update skip locked` by pushing `proxima_tentativa_em` ahead: two senders never take the
// same row, and a row whose sender died comes back when its lease ends. An answer cancels every
// step still pending in one UPDATE. A row given up on ('falhou') shows on the request's view.

type Log = { info(line: string): void; warn(line: string): void; error(line: string): void };

/** The instant quiet hours ending at `ate` (HH:mm) end, seen from São Paulo's wall clock `paredeMs`. */
function fimDoSilencio(paredeMs: number, ate: string): Date {
  const [h, m] = ate.split(":").map(Number);
  let fim = Math.floor(paredeMs / 86_400_000) * 86_400_000 + (h! * 60 + m!) * 60_000;
  if (fim <= paredeMs) fim += 86_400_000;
  return instantFromSaoPauloWallClock(fim);
}

/** Attempts of a row before it is 'falhou' (a request lasts 60 s: a few quick retries). */
export const MAX_TENTATIVAS = 4;
/** Back-off after the n-th failed attempt: 2, 4, 8 s (times the config's scale). */
export const esperaDaTentativa = (tentativas: number) => Math.min(2 ** tentativas, 30);
const LOTE = 20;

interface Linha {
  id: string;
  morador_id: string;
  tipo: string;
  canal: CanalNotificacao;
  referencia_id: string;
  destino: string | null;
  tentativas: number;
}

export interface NotificacoesDeps {
  db: Db;
  config: Pick<AppConfig, "notificacoes" | "publicUrl" | "adminEmail" | "mailFrom">;
  outbox: Outbox;
  log: Log;
  /** Announces a request's new view to its consoles (its notices' failures); bound once the requests' service exists. */
  anunciar?: (solicitacaoId: string) => Promise<void>;
  /** The secret the parcels' pickup codes are kept under (encomendas/codigo.ts): the chain's key. */
  chaveCodigos?: Buffer;
}

export function notificacoesService(deps: NotificacoesDeps) {
  const { db, config, outbox, log } = deps;
  const n = config.notificacoes ?? {};
  const canais = canaisDisponiveis(config);
  const escala = n.cascataEscala ?? 1;
  const arrendamentoS = n.arrendamentoS ?? 20;
  const subject = n.webPushSubject ?? `mailto:${config.adminEmail || (/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom)}`;

  const agentePush = n.pushCa ? new Agent({ ca: n.pushCa, keepAlive: true }) : undefined;
  let vapid: Promise<VapidKeys> | undefined;
  let segredo: Promise<Buffer> | undefined;
  const chaves = () => (vapid ??= loadVapidKeys(db));
  const cofre = deps.chaveCodigos ? cofreDeCodigos(deps.chaveCodigos) : undefined;
  const segredoDoLink = () => (segredo ??= loadLinkSecret(db));

  // What this process runs: the timers of the cascade's steps, the sends in flight.
  const timers = new Set<NodeJS.Timeout>();
  const emVoo = new Set<Promise<unknown>>();
  let parado = false;
  let varredura: NodeJS.Timeout | undefined;

  function rastrear<T>(p: Promise<T>): Promise<T> {
    emVoo.add(p);
    void p.finally(() => emVoo.delete(p)).catch(() => undefined);
    return p;
  }

  /** Sends `ids` (or whatever is due) in the background; a failure of the database is logged, the sweep tries again. */
  function enviarEmSegundoPlano(ids?: string[]) {
    if (parado) return;
    rastrear(
      enviarDevidas(ids).catch((error: unknown) => {
        log.warn(`[notificacoes] envio falhou: ${(error as Error).message}`);
        return 0;
      }),
    );
  }

  function agendar(ids: string[], segundos: number) {
    if (parado || ids.length === 0) return;
    if (segundos <= 0) return enviarEmSegundoPlano(ids);
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        enviarEmSegundoPlano(ids);
      },
      segundos * 1000 + 20,
    );
    timer.unref();
    timers.add(timer);
  }

  /** The due rows (of `ids`, or any), each leased to this sender; rows of a request that ended are left to the sweep's cancel. */
  async function arrendar(ids?: string[]): Promise<Linha[]> {
    return queryRows<Linha & Record<string, unknown>>(
      db,
      sql`
      update portaria_web_notificacoes n
         set tentativas = n.tentativas + 1,
             proxima_tentativa_em = now() + make_interval(secs => ${arrendamentoS})
       where n.id in (select c.id from portaria_web_notificacoes c
                       where c.estado = 'pendente' and c.proxima_tentativa_em <= now()
                         ${ids ? sql`and c.id = any(${`{${ids.join(",")}}`}::uuid[])` : sql``}
                         and (c.tipo <> 'solicitacao' or exists (
                               select 1 from portaria_web_solicitacoes_autorizacao s
                                where s.id = c.referencia_id and s.estado = 'aguardando' and s.expira_em > now()))
                         and (c.tipo not in ('encomenda', 'lembrete_encomenda') or exists (
                               select 1 from portaria_web_encomendas e where e.id = c.referencia_id and e.status = 'aguardando'))
                       order by c.proxima_tentativa_em
                       limit ${LOTE}
                       for update skip locked)
      returning n.id, n.morador_id, n.tipo, n.canal, n.referencia_id, n.destino, n.tentativas`,
    );
  }

  /** What a notice says, on every channel, and to whom; null when what it is about is gone. */
  interface Conteudo {
    titulo: string;
    corpo: string;
    morador: string;
    auth_user_id: string | null;
    /** Where the push opens the app, and its tag (a newer notice of the same thing replaces it). */
    push: { url: string; tag: string };
    /** The page the WhatsApp, SMS and e-mail point to. */
    link(): Promise<string>;
    /** The approved template and its parameters; null: no template for this kind of notice. */
    whatsapp: { modelo: string; parametros: string[] } | null;
  }

  async function conteudoDaSolicitacao(linha: Linha): Promise<Conteudo | null> {
    const [c] = await db
      .select({
        nome_visitante: solicitacoesAutorizacao.nome_visitante,
        unidade_id: solicitacoesAutorizacao.unidade_id,
        bloco: unidades.bloco,
        numero_unidade: unidades.numero_unidade,
        morador: moradores.nome_completo,
        auth_user_id: moradorContas.auth_user_id,
      })
      .from(solicitacoesAutorizacao)
      .innerJoin(unidades, eq(unidades.id, solicitacoesAutorizacao.unidade_id))
      .innerJoin(moradores, eq(moradores.id, linha.morador_id))
      .leftJoin(moradorContas, eq(moradorContas.morador_id, moradores.id))
      .where(eq(solicitacoesAutorizacao.id, linha.referencia_id))
      .limit(1);
    if (!c) return null;
    const unidade = rotuloDaUnidade(c);
    return {
      titulo: NOTIFICACAO_TEXTOS.solicitacaoTitulo,
      corpo: NOTIFICACAO_TEXTOS.solicitacaoCorpo(c.nome_visitante, unidade),
      morador: c.morador,
      auth_user_id: c.auth_user_id,
      push: { url: `/morador?unidade=${c.unidade_id}`, tag: `solicitacao-${linha.referencia_id}` },
      link: () => linkDe(linha),
      whatsapp: n.whatsapp ? { modelo: n.whatsapp.template, parametros: [c.nome_visitante, unidade, ""] } : null,
    };
  }

  /** A parcel's notice, or its reminder: the code read back from its ciphertext (encomendas/codigo.ts). */
  async function conteudoDaEncomenda(linha: Linha): Promise<Conteudo | null> {
    const [c] = await db
      .select({
        unidade_id: encomendas.unidade_id,
        transportadora: encomendas.transportadora,
        cifrado: encomendas.codigo_retirada_cifrado,
        recebida_em: encomendas.recebida_em,
        morador: moradores.nome_completo,
        auth_user_id: moradorContas.auth_user_id,
      })
      .from(encomendas)
      .innerJoin(moradores, eq(moradores.id, linha.morador_id))
      .leftJoin(moradorContas, eq(moradorContas.morador_id, moradores.id))
      .where(and(eq(encomendas.id, linha.referencia_id), eq(encomendas.status, "aguardando")))
      .limit(1);
    const codigo = c && cofre ? cofre.decifrar(linha.referencia_id, c.cifrado) : null;
    if (!c || !codigo) return null;
    const transportadora = TRANSPORTADORA_LABEL[c.transportadora];
    const lembrete = linha.tipo === "lembrete_encomenda";
    const caminho = `/morador/encomendas?unidade=${c.unidade_id}`;
    return {
      titulo: lembrete ? NOTIFICACAO_TEXTOS.lembreteTitulo : NOTIFICACAO_TEXTOS.encomendaTitulo,
      corpo: lembrete
        ? NOTIFICACAO_TEXTOS.lembreteCorpo(transportadora, diasAguardando(c.recebida_em), codigo)
        : NOTIFICACAO_TEXTOS.encomendaCorpo(transportadora, codigo),
      morador: c.morador,
      auth_user_id: c.auth_user_id,
      push: { url: caminho, tag: `encomenda-${linha.referencia_id}` },
      link: async () => `${config.publicUrl}${caminho}`,
      whatsapp: n.whatsapp?.templateEncomenda ? { modelo: n.whatsapp.templateEncomenda, parametros: [transportadora, codigo] } : null,
    };
  }

  async function linkDe(linha: Linha): Promise<string> {
    const [link] = await db
      .select({ id: linksResposta.id })
      .from(linksResposta)
      .where(
        and(
          eq(linksResposta.solicitacao_id, linha.referencia_id),
          eq(linksResposta.morador_id, linha.morador_id),
          eq(linksResposta.canal, linha.canal as "whatsapp" | "sms" | "email"),
        ),
      )
      .limit(1);
    return link ? urlDoLink(config.publicUrl, assinarLink(await segredoDoLink(), link.id)) : `${config.publicUrl}/morador`;
  }

  /** One attempt of one leased row, on its channel. */
  async function tentar(linha: Linha): Promise<ResultadoEnvio> {
    const c = linha.tipo === "solicitacao" ? await conteudoDaSolicitacao(linha) : await conteudoDaEncomenda(linha);
    if (!c) return { ok: false, erro: ERROS_ENVIO.recusada, definitivo: true };
    const { titulo, corpo } = c;
    switch (linha.canal) {
      case "push": {
        const inscricoes = c.auth_user_id ? await db.select().from(pushInscricoes).where(eq(pushInscricoes.auth_user_id, c.auth_user_id)) : [];
        if (inscricoes.length === 0) return { ok: false, erro: ERROS_ENVIO.semAparelho, definitivo: true };
        const k = await chaves();
        const mensagem = { title: titulo, body: corpo, ...c.push };
        const entrega = linha.tipo === "solicitacao" ? undefined : ({ ttl: 86_400, urgencia: "normal" } as const);
        const resultados = await Promise.all(inscricoes.map((i) => enviarPush(k, subject, i, mensagem, agentePush, entrega)));
        const expiradas = inscricoes.filter((_, i) => resultados[i]!.expirada).map((i) => i.id);
        if (expiradas.length) await db.delete(pushInscricoes).where(inArray(pushInscricoes.id, expiradas));
        if (resultados.some((r) => r.ok)) return { ok: true };
        return resultados.find((r) => !r.ok && !r.definitivo) ?? resultados[0]!;
      }
      case "whatsapp": {
        if (!n.whatsapp || !linha.destino || !c.whatsapp) return { ok: false, erro: ERROS_ENVIO.numeroInvalido, definitivo: true };
        // The request's template ends with its answer link (made only when sending: it is signed).
        const parametros = linha.tipo === "solicitacao" ? [...c.whatsapp.parametros.slice(0, 2), await c.link()] : c.whatsapp.parametros;
        return enviarWhatsApp(n.whatsapp, linha.destino, c.whatsapp.modelo, parametros);
      }
      case "sms":
        if (!n.sms || !linha.destino) return { ok: false, erro: ERROS_ENVIO.numeroInvalido, definitivo: true };
        return enviarSms(n.sms, linha.destino, linha.tipo === "solicitacao" ? `${corpo} Responda: ${await c.link()}` : corpo);
      case "email": {
        if (!linha.destino) return { ok: false, erro: ERROS_ENVIO.semEndereco, definitivo: true };
        // Handed to the portal's outbox, which has its own retries (email/outbox.ts).
        await outbox.enqueue("notificacao_morador", {
          to: linha.destino,
          ...(linha.tipo === "solicitacao" ? notificacaoMoradorEmail : encomendaMoradorEmail)({ nome: c.morador, titulo, corpo, url: await c.link() }),
        });
        return { ok: true };
      }
      default:
        return { ok: true };
    }
  }

  async function concluir(linha: Linha, resultado: ResultadoEnvio) {
    if (resultado.ok) {
      // Sent: even if an answer cancelled it meanwhile, it did go.
      await db
        .update(notificacoes)
        .set({ estado: "enviada", enviada_em: sql`now()`, erro: null, id_externo: resultado.idExterno ?? null })
        .where(and(eq(notificacoes.id, linha.id), inArray(notificacoes.estado, ["pendente", "cancelada"])));
      return;
    }
    const desiste = resultado.definitivo || linha.tentativas >= MAX_TENTATIVAS;
    if (desiste) {
      const [falhou] = await db
        .update(notificacoes)
        .set({ estado: "falhou", erro: resultado.erro })
        .where(and(eq(notificacoes.id, linha.id), eq(notificacoes.estado, "pendente")))
        .returning({ id: notificacoes.id });
      log.warn(`[notificacoes] ${linha.canal} falhou (${linha.id}, tentativa ${linha.tentativas}): ${resultado.erro}`);
      // The console learns it on the request ('WhatsApp falhou: número inválido.').
      if (falhou && linha.tipo === "solicitacao") await deps.anunciar?.(linha.referencia_id);
      return;
    }
    const espera = esperaDaTentativa(linha.tentativas) * escala;
    await db
      .update(notificacoes)
      .set({ erro: resultado.erro, proxima_tentativa_em: sql`now() + make_interval(secs => ${espera})` })
      .where(and(eq(notificacoes.id, linha.id), eq(notificacoes.estado, "pendente")));
    agendar([linha.id], espera);
  }

  /** Sends what is due (of `ids`, or all of it); returns how many rows were tried. */
  async function enviarDevidas(ids?: string[]): Promise<number> {
    let tentadas = 0;
    for (;;) {
      const linhas = await arrendar(ids);
      // Each row on its own: a slow provider holds no other channel.
      await Promise.all(
        linhas.map(async (linha) => {
          let resultado: ResultadoEnvio;
          try {
            resultado = await tentar(linha);
          } catch (error) {
            log.warn(`[notificacoes] ${linha.canal} (${linha.id}): ${(error as Error).message}`);
            resultado = { ok: false, erro: ERROS_ENVIO.indisponivel, definitivo: false };
          }
          await concluir(linha, resultado);
        }),
      );
      tentadas += linhas.length;
      if (ids || linhas.length < LOTE) return tentadas;
    }
  }

  /** The sweep: steps of requests that ended are cancelled (an instance died before its cancel), then what is due goes. */
  async function varrer(): Promise<number> {
    await db.execute(sql`
      update portaria_web_notificacoes n set estado = 'cancelada'
       where n.estado = 'pendente' and n.tipo = 'solicitacao' and n.proxima_tentativa_em <= now()
         and not exists (select 1 from portaria_web_solicitacoes_autorizacao s
                          where s.id = n.referencia_id and s.estado = 'aguardando' and s.expira_em > now())`);
    // A parcel handed out or sent back before its notice went: nothing left to say.
    await db.execute(sql`
      update portaria_web_notificacoes n set estado = 'cancelada'
       where n.estado = 'pendente' and n.tipo in ('encomenda', 'lembrete_encomenda') and n.proxima_tentativa_em <= now()
         and not exists (select 1 from portaria_web_encomendas e where e.id = n.referencia_id and e.status = 'aguardando')`);
    return enviarDevidas();
  }

  const avisos: AvisosDaSolicitacao = {
    // The request is written already: a failure here is logged, never the console's error (the
    // open app reads the request itself; the sweep cancels what an answer did not).
    async aoPedir(s: Solicitacao, quem: QuemResponde[]) {
      try {
        await enfileirar(s, quem);
      } catch (error) {
        log.error(`[notificacoes] pedido ${s.id}: os avisos não foram enfileirados: ${(error as Error).message}`);
      }
    },

    async aoEncerrar(ids: string[]) {
      if (ids.length === 0) return;
      // The cascade stops: every step still pending, in one statement.
      try {
        await db
          .update(notificacoes)
          .set({ estado: "cancelada" })
          .where(and(inArray(notificacoes.referencia_id, ids), eq(notificacoes.estado, "pendente")));
      } catch (error) {
        log.warn(`[notificacoes] cancelar a cascata falhou (a varredura cancela): ${(error as Error).message}`);
      }
    },
  };

  /** The accounts among `quem` with at least one browser subscribed to push. */
  async function comInscricaoPush(quem: QuemResponde[], executor: Db = db): Promise<Set<string>> {
    const usuarios = quem.map((m) => m.auth_user_id).filter((u): u is string => Boolean(u));
    if (usuarios.length === 0) return new Set();
    const rows = await executor.selectDistinct({ u: pushInscricoes.auth_user_id }).from(pushInscricoes).where(inArray(pushInscricoes.auth_user_id, usuarios));
    return new Set(rows.map((r) => r.u));
  }

  /**
   * A parcel's notice or reminder for each resident of its unit with an account (decision 0279): no
   * cascade (nobody waits at the gate): the app at once, push, e-mail and WhatsApp now, SMS only to
   * whom neither push nor WhatsApp reaches; in quiet hours e-mail, WhatsApp and SMS wait for their
   * end (the sweep sends them then). Written through `executor` (the parcel's transaction);
   * returns how many residents were told and the send of what is due, to call once committed.
   */
  async function escreverAvisosDeEncomenda(
    executor: Db,
    tipo: "encomenda" | "lembrete_encomenda",
    encomendaId: string,
    quem: QuemResponde[],
  ): Promise<{ avisados: number; enviar(): void }> {
    if (quem.length === 0) return { avisados: 0, enviar: () => undefined };
    const comAparelho = await comInscricaoPush(quem, executor);
    const parede = saoPauloWallClockMs(Date.now());
    const hora = new Date(parede).toISOString().slice(11, 16);
    type Nova = typeof notificacoes.$inferInsert;
    const novas: Nova[] = [];
    for (const m of quem) {
      const base = { morador_id: m.morador_id, tipo, referencia_id: encomendaId };
      novas.push({ ...base, canal: "app", estado: "enviada", tentativas: 1, enviada_em: sql`now()` as unknown as Date });
      const push = Boolean((m.push ?? true) && m.auth_user_id && comAparelho.has(m.auth_user_id));
      if (push) novas.push({ ...base, canal: "push" });
      const silencio = m.silencio_de && m.silencio_ate && dentroDoHorario(hora, m.silencio_de, m.silencio_ate) ? fimDoSilencio(parede, m.silencio_ate) : null;
      const quando = silencio ? { enviar_apos: silencio, proxima_tentativa_em: silencio } : {};
      const celular = celularE164(m.celular);
      const whatsapp = Boolean(canais.whatsapp && n.whatsapp?.templateEncomenda && (m.whatsapp ?? true) && celular);
      if (canais.email && (m.email_pref ?? true) && m.email) novas.push({ ...base, canal: "email", destino: m.email, ...quando });
      if (whatsapp) novas.push({ ...base, canal: "whatsapp", destino: celular, ...quando });
      if (canais.sms && (m.sms ?? true) && celular && !push && !whatsapp) novas.push({ ...base, canal: "sms", destino: celular, ...quando });
    }
    const escritas = await executor
      .insert(notificacoes)
      .values(novas)
      .returning({ id: notificacoes.id, canal: notificacoes.canal, apos: notificacoes.enviar_apos });
    // What is due now goes from here once committed; what waits for the end of quiet hours, from any instance's sweep.
    const devidas = escritas.filter((l) => l.canal !== "app" && l.apos.getTime() <= Date.now() + 1000).map((l) => l.id);
    return { avisados: quem.length, enviar: () => agendar(devidas, 0) };
  }

  const avisosDaEncomenda: AvisosDaEncomenda = {
    async aoReceber(tx, e) {
      return escreverAvisosDeEncomenda(tx, "encomenda", e.id, await quemPodeResponder(tx, e.unidade_id));
    },
  };

  /**
   * 'Aguardando há N dias' (§4): a reminder for each parcel waiting 3 days since it came or since
   * its last reminder. Each parcel is claimed by moving `lembrado_em` (skip locked: two instances
   * never remind the same one). Returns how many parcels were reminded.
   */
  async function lembrarEncomendas(agoraMs = Date.now()): Promise<number> {
    const agora = new Date(agoraMs).toISOString();
    let total = 0;
    for (;;) {
      const devidas = await queryRows<{ id: string; unidade_id: string }>(
        db,
        sql`
        update portaria_web_encomendas e set lembrado_em = ${agora}::timestamptz
         where e.id in (select id from portaria_web_encomendas
                         where status = 'aguardando' and coalesce(lembrado_em, recebida_em) <= ${agora}::timestamptz - interval '3 days'
                         order by recebida_em limit 200 for update skip locked)
        returning e.id, e.unidade_id`,
      );
      const porUnidade = new Map<string, QuemResponde[]>();
      for (const d of devidas) {
        if (!porUnidade.has(d.unidade_id)) porUnidade.set(d.unidade_id, await quemPodeResponder(db, d.unidade_id));
        (await escreverAvisosDeEncomenda(db, "lembrete_encomenda", d.id, porUnidade.get(d.unidade_id)!)).enviar();
      }
      total += devidas.length;
      if (devidas.length < 200) return total;
    }
  }

  /** Writes a request's steps for each resident who can answer, then sends what is due and times the rest. */
  async function enfileirar(s: Solicitacao, quem: QuemResponde[]) {
    if (quem.length === 0) return;
    const comAparelho = await comInscricaoPush(quem);
    const hora = new Date(saoPauloWallClockMs(Date.now())).toISOString().slice(11, 16);
    const depois = (canal: keyof typeof CASCATA_S) => sql`now() + make_interval(secs => ${CASCATA_S[canal] * escala})`;
    type Nova = typeof notificacoes.$inferInsert;
    const novas: Nova[] = [];
    const links: (typeof linksResposta.$inferInsert)[] = [];
    for (const m of quem) {
      // Quiet hours silence WhatsApp, SMS and e-mail; the app and the phone's push still ring (decision 0274).
      const silencio = m.silencio_de && m.silencio_ate ? dentroDoHorario(hora, m.silencio_de, m.silencio_ate) : false;
      const base = { morador_id: m.morador_id, tipo: "solicitacao" as const, referencia_id: s.id };
      novas.push({ ...base, canal: "app", estado: "enviada", tentativas: 1, enviada_em: sql`now()` as unknown as Date });
      if ((m.push ?? true) && m.auth_user_id && comAparelho.has(m.auth_user_id))
        novas.push({ ...base, canal: "push", enviar_apos: depois("push"), proxima_tentativa_em: depois("push") } as unknown as Nova);
      if (silencio) continue;
      const celular = celularE164(m.celular);
      if (canais.email && (m.email_pref ?? true) && m.email)
        novas.push({ ...base, canal: "email", destino: m.email, enviar_apos: depois("email"), proxima_tentativa_em: depois("email") } as unknown as Nova);
      if (canais.whatsapp && (m.whatsapp ?? true) && celular)
        novas.push({
          ...base,
          canal: "whatsapp",
          destino: celular,
          enviar_apos: depois("whatsapp"),
          proxima_tentativa_em: depois("whatsapp"),
        } as unknown as Nova);
      if (canais.sms && (m.sms ?? true) && celular)
        novas.push({ ...base, canal: "sms", destino: celular, enviar_apos: depois("sms"), proxima_tentativa_em: depois("sms") } as unknown as Nova);
    }
    for (const r of novas)
      if (r.canal === "whatsapp" || r.canal === "sms" || r.canal === "email")
        links.push({ solicitacao_id: s.id, morador_id: r.morador_id, canal: r.canal, expira_em: new Date(s.expira_em) });
    // The steps and their links together: both or neither.
    const escritas = await db.transaction(async (tx) => {
      const linhas = await tx.insert(notificacoes).values(novas).returning({ id: notificacoes.id, canal: notificacoes.canal });
      if (links.length) await tx.insert(linksResposta).values(links);
      return linhas;
    });
    // Right after the commit: push and e-mail go now from here, the rest on this process's timers
    // (any instance's sweep is the safety net).
    const porCanal = new Map<string, string[]>();
    for (const l of escritas) if (l.canal !== "app") porCanal.set(l.canal, [...(porCanal.get(l.canal) ?? []), l.id]);
    for (const [canal, ids] of porCanal) agendar(ids, CASCATA_S[canal as keyof typeof CASCATA_S] * escala);
  }

  return {
    ...avisos,
    ...avisosDaEncomenda,
    lembrarEncomendas,
    enviarDevidas,
    varrer,
    /** Starts this instance's sweep (every `varreduraMs`, default 1 s). */
    iniciar() {
      parado = false;
      const ms = n.varreduraMs ?? 1000;
      if (ms <= 0 || varredura) return;
      varredura = setInterval(() => {
        if (emVoo.size > 50) return; // still busy with the last ones
        rastrear(varrer().catch((error: unknown) => log.warn(`[notificacoes] varredura falhou: ${(error as Error).message}`)));
      }, ms);
      varredura.unref();
    },
    /** Stops the timers and the sweep and waits for the sends in flight. */
    async parar() {
      parado = true;
      clearInterval(varredura);
      varredura = undefined;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...emVoo]);
    },
    /** Waits for the sends in flight (tests). */
    async ocioso() {
      while (emVoo.size) await Promise.allSettled([...emVoo]);
    },
  };
}

export type NotificacoesService = ReturnType<typeof notificacoesService>;

/** The reminders' job: each hour (one run for all instances), inside São Paulo's day only, so nobody's phone rings with a reminder at night. */
export function agendarLembretesDeEncomendas(jobs: JobQueue, servico: Pick<NotificacoesService, "lembrarEncomendas">, log: Log) {
  jobs.define("encomendas-lembrar", {
    queue: { retryLimit: 0 },
    cron: "20 * * * *",
    handler: async () => {
      const hora = new Date(saoPauloWallClockMs(Date.now())).getUTCHours();
      if (hora < 9 || hora >= 20) return;
      const n = await servico.lembrarEncomendas();
      if (n) log.info(`[notificacoes] lembretes de ${n} encomenda(s) aguardando`);
    },
  });
}
