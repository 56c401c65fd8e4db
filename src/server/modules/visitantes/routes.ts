import QRCode from "qrcode";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { formatCep } from "@shared/br/cep";
import { unidadeLabel } from "@shared/schemas/unidades";
import {
  autorizacaoDetalheSchema,
  autorizacaoInputSchema,
  autorizacaoListQuerySchema,
  autorizacaoPageSchema,
  descreverValidade,
  enviarEmailResponseSchema,
  qrCodeResponseSchema,
  type Autorizacao,
  type AutorizacaoDetalhe,
} from "@shared/schemas/visitantes";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import type { Outbox } from "../../email/outbox";
import type { LimiteDeEnvios } from "../../email/limite-envios";
import { conviteVisitaEmail } from "../../email/templates";
import { MSG } from "@shared/messages";
import { notFound } from "../../errors";
import { scopeOf, type CondominioScope } from "../../scope";
import { idParams } from "../common";
import { assinarQr } from "./codigo";
import { visitantesRepository } from "./repository";
import { visitantesService } from "./service";

const NOT_FOUND = MSG.autorizacaoNotFound;

/** The QR image as SVG markup and as PNG (the e-mail's inline image). */
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;
export const qrSvg = (payload: string) => QRCode.toString(payload, { ...QR_OPTIONS, type: "svg" });
export const qrPng = (payload: string) => QRCode.toBuffer(payload, { ...QR_OPTIONS, type: "png", width: 240 });

export interface VisitantesOptions {
  db: Db;
  outbox: Outbox;
  /** Invitations per user and per authorisation (email/limite-envios.ts). */
  envios: LimiteDeEnvios;
  /** The key that signs QR codes (db/settings.ts loadQrSecret). */
  qrSecret: Buffer;
  /** Now, in ms: the situation ('expirada') is read against it. Tests move it. */
  agora: () => number;
}

/** The condominium's address as an invitation states it ('Rua X, 10, São Paulo/SP, CEP 01234-567'), or null. */
export function enderecoPorExtenso(
  condominio: { endereco: string | null; cidade: string | null; estado: string | null; cep: string | null } | null,
): string | null {
  const cidade = [condominio?.cidade, condominio?.estado].filter(Boolean).join("/");
  return [condominio?.endereco, cidade, condominio?.cep ? `CEP ${formatCep(condominio.cep)}` : null].filter(Boolean).join(", ") || null;
}

/**
 * 'Enviar por email' (§4): queues the invitation (code, QR image, the condominium's address, the
 * validity) to the visitor's e-mail of `found` (an authorisation `paraConvite` allowed), within the
 * limits per sender (`remetente`: a Portaria Web user's id, or a resident's key) and per
 * authorisation. The staff route and the Área do Morador's both send through here.
 */
export async function enviarConviteDeVisita(
  { db, outbox, envios, qrSecret }: Pick<VisitantesOptions, "db" | "outbox" | "envios" | "qrSecret">,
  reply: FastifyReply,
  scope: CondominioScope,
  found: Autorizacao & { email: string },
  remetente: string,
) {
  const endereco = enderecoPorExtenso(await visitantesRepository(db).enderecoDoCondominio(scope, found.condominio.id));
  const png = await qrPng(assinarQr(qrSecret, { autorizacaoId: found.id, validoAte: new Date(found.valido_ate) }));
  const mail = conviteVisitaEmail({
    nome: found.nome_visitante,
    condominio: found.condominio.nome,
    unidade: unidadeLabel(found.unidade),
    endereco,
    morador: found.morador?.nome_completo ?? null,
    validade: descreverValidade(found),
    maxEntradas: found.tipo === "unica" ? null : found.max_entradas,
    codigo: found.codigo,
  });
  // Counted before it is queued: a burst of clicks or scripted calls sends no more than the limit.
  const envio = await envios.reservar(reply, remetente, found.id);
  await outbox
    .enqueue("autorizacao_visita", {
      to: found.email,
      ...mail,
      attachments: [{ filename: `qrcode-${found.codigo}.png`, contentType: "image/png", cid: "qrcode", content: png.toString("base64") }],
    })
    .catch(async (error: unknown) => {
      await envio.desfazer();
      throw error;
    });
  return { enviado_para: found.email, mensagem: "Email enviado" };
}

// Visitantes (gatehouse-spec §4): pre-authorisations, their code and signed QR code, the invitation.
// Checked at the gate by Controle de Acesso (controle-acesso/service.ts); the rules in service.ts.
export const visitantesRoutes =
  ({ db, outbox, envios, qrSecret, agora }: VisitantesOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = visitantesRepository(db);
    const service = visitantesService(db, agora);
    const access = requirePermission("registrar_acesso_visitante");
    const payloadDe = (a: Pick<Autorizacao, "id" | "valido_ate">) => assinarQr(qrSecret, { autorizacaoId: a.id, validoAte: new Date(a.valido_ate) });
    const detalhe = (a: Autorizacao): AutorizacaoDetalhe => ({ ...a, qr_payload: payloadDe(a) });

    app.get(
      "/api/visitantes",
      {
        config: {
          access,
          description:
            "lista, mais recentes primeiro, paginada por cursor (`next`); `q` = nome, documento ou código; `situacao` = `todas`, `ativa`, `utilizada`, `expirada`, `cancelada`; `de`/`ate` = autorizações válidas em algum dia do período → `{ rows, total, next }`",
          scope: "lista",
        },
        schema: { querystring: autorizacaoListQuerySchema, response: { 200: autorizacaoPageSchema } },
      },
      async (request) => repo.list(scopeOf(request), request.query, agora()),
    );

    app.get(
      "/api/visitantes/:id",
      {
        config: {
          access,
          description: "uma autorização, com `codigo` e `qr_payload` (o conteúdo assinado do QR Code)",
          scope: 404,
          sample: { path: async (f) => `/api/visitantes/${(await f.autorizacao()).id}` },
        },
        schema: { params: idParams, response: { 200: autorizacaoDetalheSchema } },
      },
      async (request) => {
        const found = await repo.get(scopeOf(request), request.params.id, agora());
        if (!found) throw notFound(NOT_FOUND);
        return detalhe(found);
      },
    );

    app.get(
      "/api/visitantes/:id/qrcode",
      {
        config: {
          access,
          description:
            "`{ payload, svg }`: a imagem do QR Code em SVG (a página não aceita imagens `data:` — CSP `img-src 'self'` —: o cliente desenha os `<path>` do SVG num `<svg>` próprio; docs/decisions/0240-qr-code-na-tela.md)",
          scope: 404,
          sample: { path: async (f) => `/api/visitantes/${(await f.autorizacao()).id}/qrcode` },
        },
        schema: { params: idParams, response: { 200: qrCodeResponseSchema } },
      },
      async (request) => {
        const found = await repo.get(scopeOf(request), request.params.id, agora());
        if (!found) throw notFound(NOT_FOUND);
        const payload = payloadDe(found);
        return { payload, svg: await qrSvg(payload) };
      },
    );

    app.post(
      "/api/visitantes",
      {
        config: {
          access,
          description:
            '`{ condominio_id, unidade_id, morador_id, nome_visitante, documento_tipo?, documento_numero?, telefone?, email?, placa?, tipo: "unica"|"periodo"|"recorrente", valido_de, valido_ate?, dias_semana? (0 = domingo … 6), hora_inicio?, hora_fim? ("HH:mm"), max_entradas?, observacoes? }` → 201 com código e QR (\'Autorização criada!\'); 400 com o campo quando o morador não é (ativo) da unidade, a unidade não é do condomínio ou o condomínio não é do escopo',
          // The sample names the fixtures' condominium: unknown to a user who does not serve it.
          scope: 400,
          sample: {
            body: async (f) => ({
              condominio_id: (await f.condominio()).id,
              unidade_id: (await f.unidade()).id,
              morador_id: (await f.morador()).id,
              nome_visitante: `Diarista Amostra ${f.seq()}`,
              documento_tipo: "cpf",
              documento_numero: "529.982.247-25",
              telefone: "(11) 98765-4321",
              email: "diarista@exemplo.com.br",
              placa: "ABC1D23",
              tipo: "recorrente",
              valido_de: f.hoje(),
              valido_ate: f.hoje(60),
              dias_semana: [1, 4],
              hora_inicio: "08:00",
              hora_fim: "17:00",
              max_entradas: 20,
              observacoes: "Faxina às segundas e quintas.",
            }),
          },
          storesText: { readBack: (created, get) => get(`/api/visitantes/${created.id}`) },
        },
        schema: { body: autorizacaoInputSchema, response: { 201: autorizacaoDetalheSchema } },
      },
      async (request, reply) => {
        const created = await service.criar(scopeOf(request), request.body, currentProfile(request).id);
        return reply.status(201).send(detalhe(created));
      },
    );

    app.post(
      "/api/visitantes/:id/cancelar",
      {
        config: {
          access,
          description: "→ 200 com `status: \"cancelada\"` ('Autorização cancelada'); 409 se já não está ativa",
          scope: 404,
          sample: { path: async (f) => `/api/visitantes/${(await f.autorizacao()).id}/cancelar` },
        },
        schema: { params: idParams, response: { 200: autorizacaoDetalheSchema } },
      },
      async (request) => {
        return detalhe(await service.cancelar(scopeOf(request), request.params.id));
      },
    );

    app.post(
      "/api/visitantes/:id/enviar-email",
      {
        config: {
          access,
          description:
            'põe na fila de emails o convite (HTML e texto, pt-BR: código, QR Code como imagem embutida, endereço do condomínio, validade) para o email do visitante → `{ enviado_para, mensagem: "Email enviado" }`; 400 sem email na autorização; 409 se não está ativa',
          scope: 404,
          sample: { path: async (f) => `/api/visitantes/${(await f.autorizacao()).id}/enviar-email` },
        },
        schema: { params: idParams, response: { 200: enviarEmailResponseSchema } },
      },
      async (request, reply) => {
        const scope = scopeOf(request);
        const found = await service.paraConvite(scope, request.params.id);
        return enviarConviteDeVisita({ db, outbox, envios, qrSecret }, reply, scope, found, currentProfile(request).id);
      },
    );
  };
