import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { rotuloDaUnidade } from "@shared/schemas/morador";
import { LINK_TEXTOS, respostaLinkInfoSchema, respostaLinkQuerySchema, respostaLinkSchema, type RespostaLinkInfo } from "@shared/schemas/notificacoes";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { condominios, linksResposta, moradorContas, moradores, solicitacoesAutorizacao, unidades } from "../../db/schema";
import { loadLinkSecret } from "../../db/settings";
import { AppError } from "../../errors";
import type { SampleRecords } from "../../route-contract";
import { toIso } from "../common";
import type { SolicitacoesService } from "../solicitacoes/service";
import { assinarLink, idDoToken } from "./links";

// The answer link of WhatsApp, SMS and e-mail (gate-operation-spec §3.4): a public page with
// 'Liberar' and 'Recusar' that needs no password. The token is signed (links.ts), answers once,
// for the one resident it was made for, and not after its request's end; the page learns the
// request, never anyone's contacts. Rate-limited per address like the invitation's routes, and
// its `?token=` is shortened in the logs (logging.ts) like theirs.

/** Answer-link calls (page and answer) per address per minute. */
export const LINK_POR_MINUTO = 30;

const invalido = () => AppError.from(404, "NOT_FOUND", { title: LINK_TEXTOS.responder, message: LINK_TEXTOS.invalido });

export const respostaRoutes =
  ({ db, solicitacoes }: { db: Db; config: AppConfig; solicitacoes: () => SolicitacoesService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Per address, like the invitation's routes, but looser: a family answering from one phone (and
    // a carrier's shared address) opens a page and answers many times a day; a 256-bit signature
    // is not guessed anyway (decision 0274).
    const limite = { max: LINK_POR_MINUTO, timeWindow: 60_000 };
    const segredo = await loadLinkSecret(db);

    /** A link a sample can use: a request to the samples' resident's unit and its e-mail link. */
    const linkDeAmostra = async (f: SampleRecords) => {
      const { condominio_id, unidade_id, morador_id } = await f.moradorDaAmostra();
      const s = await f.criar("/api/controle-acesso/solicitacoes", {
        condominio_id,
        unidade_id,
        tipo_pessoa: "visitante",
        nome_visitante: `Visitante Link ${f.seq()}`,
      });
      const [link] = await db
        .insert(linksResposta)
        .values({ solicitacao_id: s.id, morador_id, canal: "email", expira_em: new Date(Date.now() + 60_000) })
        .returning({ id: linksResposta.id });
      return assinarLink(segredo, link!.id);
    };

    /** The link, its request and whether its resident may still answer (active resident, active account). */
    async function ler(id: string) {
      const [l] = await db
        .select({
          id: linksResposta.id,
          morador_id: linksResposta.morador_id,
          canal: linksResposta.canal,
          usado_em: linksResposta.usado_em,
          vale: sql<boolean>`${linksResposta.expira_em} > now()`,
          solicitacao: {
            id: solicitacoesAutorizacao.id,
            nome_visitante: solicitacoesAutorizacao.nome_visitante,
            tipo_pessoa: solicitacoesAutorizacao.tipo_pessoa,
            estado: solicitacoesAutorizacao.estado,
            respondida_por_nome: solicitacoesAutorizacao.respondida_por_nome,
            expira_em: solicitacoesAutorizacao.expira_em,
            bloco: unidades.bloco,
            numero_unidade: unidades.numero_unidade,
            condominio: condominios.nome,
          },
          ativo: sql<boolean>`${moradores.ativo} and exists (select 1 from ${moradorContas} where ${moradorContas.morador_id} = ${moradores.id} and ${moradorContas.status} = 'ativo')`,
        })
        .from(linksResposta)
        .innerJoin(solicitacoesAutorizacao, eq(solicitacoesAutorizacao.id, linksResposta.solicitacao_id))
        .innerJoin(unidades, eq(unidades.id, solicitacoesAutorizacao.unidade_id))
        .innerJoin(condominios, eq(condominios.id, solicitacoesAutorizacao.condominio_id))
        .innerJoin(moradores, eq(moradores.id, linksResposta.morador_id))
        .where(eq(linksResposta.id, id));
      return l;
    }

    async function info(token: string | undefined): Promise<RespostaLinkInfo> {
      const id = idDoToken(segredo, token);
      const l = id ? await ler(id) : undefined;
      if (!l || !l.vale || !l.ativo) return { situacao: "invalido", solicitacao: null };
      const s = l.solicitacao;
      return {
        situacao: l.usado_em ? "usado" : "valido",
        solicitacao: {
          nome_visitante: s.nome_visitante,
          tipo_pessoa: s.tipo_pessoa,
          unidade: rotuloDaUnidade(s),
          condominio: s.condominio,
          estado: s.estado,
          respondida_por_nome: s.respondida_por_nome,
          expira_em: toIso(s.expira_em),
        },
      };
    }

    app.get(
      "/api/morador/resposta",
      {
        config: {
          access: "public",
          rateLimit: limite,
          description:
            "o que a página do link de resposta (WhatsApp, SMS, email) mostra: `situacao` 'valido' | 'usado' | 'invalido' (desconhecido, adulterado ou vencido) e o pedido (visitante, unidade, estado, quem respondeu); nunca contatos; limitado por endereço",
          scope: "sem_escopo",
          sample: { path: async (f) => `/api/morador/resposta?token=${await linkDeAmostra(f)}` },
        },
        schema: { querystring: respostaLinkQuerySchema, response: { 200: respostaLinkInfoSchema } },
      },
      async (request) => info(request.query.token),
    );

    app.post(
      "/api/morador/resposta",
      {
        config: {
          access: "public",
          rateLimit: limite,
          description:
            "responde pelo link, sem senha: `{ token, resposta: 'liberar' | 'recusar', mensagem? }` → o que a página mostra depois ('usado'); o link vale uma vez (depois 409 'Este link já foi usado.'); pedido já respondido, 409 'Já respondida por <nome>.'; link inválido ou vencido, 404",
          scope: "sem_escopo",
          sample: { body: async (f) => ({ token: await linkDeAmostra(f), resposta: "recusar", mensagem: "Não estou em casa" }) },
          // The message is the request's (the samples' links are e-mail ones): the last answered by e-mail.
          storesText: {
            readBack: async () => {
              const [s] = await db
                .select({ mensagem: solicitacoesAutorizacao.mensagem })
                .from(solicitacoesAutorizacao)
                .where(eq(solicitacoesAutorizacao.canal, "email"))
                .orderBy(desc(solicitacoesAutorizacao.respondida_em))
                .limit(1);
              return { mensagem: s?.mensagem };
            },
          },
        },
        schema: { body: respostaLinkSchema, response: { 200: respostaLinkInfoSchema } },
      },
      async (request) => {
        const { token, resposta, mensagem } = request.body;
        const id = idDoToken(segredo, token);
        if (!id) throw invalido();
        // The link is taken first (one conditional UPDATE: two clicks, one answer), for a resident who may still answer.
        const [tomado] = await db
          .update(linksResposta)
          .set({ usado_em: sql`now()` })
          .where(
            and(
              eq(linksResposta.id, id),
              isNull(linksResposta.usado_em),
              gt(linksResposta.expira_em, sql`now()`),
              sql`exists (select 1 from ${moradores} join ${moradorContas} on ${moradorContas.morador_id} = ${moradores.id}
                           where ${moradores.id} = ${linksResposta.morador_id} and ${moradores.ativo} and ${moradorContas.status} = 'ativo')`,
            ),
          )
          .returning();
        if (!tomado) {
          const l = await ler(id);
          if (l?.usado_em && l.vale) throw AppError.from(409, "LINK_USADO", { title: LINK_TEXTOS.responder, message: LINK_TEXTOS.usado });
          throw invalido();
        }
        try {
          await solicitacoes().responderComo(tomado.morador_id, { solicitacao_id: tomado.solicitacao_id, resposta, mensagem: mensagem ?? null }, tomado.canal);
        } catch (error) {
          // Not answered (someone else was first, it ended): the link was not used up.
          await db.update(linksResposta).set({ usado_em: null }).where(eq(linksResposta.id, id));
          throw error;
        }
        return info(token);
      },
    );
  };
