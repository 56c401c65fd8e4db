import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { passeEnviadoSchema, passeInputSchema, passeParams, passeSchema, passesSchema, unidadeDoMoradorParams } from "@shared/schemas/morador-visitantes";
import { currentMorador } from "../../auth/guard";
import type { SampleRecords } from "../../route-contract";
import { enviarConviteDeVisita, type VisitantesOptions } from "../visitantes/routes";
import { passesService, remetenteMorador, unidadeDoPasse } from "./passes";

// The Área do Morador's 'Visitantes' (gate-operation-spec §3.2): the resident's passes of one of
// their units. Only a unit of the session's resident: any other answers 404, as one that does not
// exist. The route × role matrix, the scope test and the fuzzer read each route's config.

/** A pass of the samples' resident, made through the staff route (authorised by them, with an e-mail). */
const passeDeAmostra = async (f: SampleRecords) => {
  const { condominio_id, unidade_id, morador_id } = await f.moradorDaAmostra();
  const passe = await f.criar("/api/visitantes", {
    condominio_id,
    unidade_id,
    morador_id,
    nome_visitante: `Visita Amostra ${f.seq()}`,
    email: "visita-amostra@teste.local",
    tipo: "unica",
    valido_de: f.hoje(),
  });
  return { unidade_id, id: passe.id };
};

export const passesRoutes =
  ({ db, outbox, envios, qrSecret, agora }: VisitantesOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const passes = passesService({ db, agora, qrSecret });
    const unidade = (request: Parameters<typeof currentMorador>[0], unidadeId: string) => unidadeDoPasse(currentMorador(request).unidades, unidadeId);

    app.get(
      "/api/morador/unidades/:unidadeId/visitantes",
      {
        config: {
          access: "morador",
          description:
            "as autorizações de visita da unidade que o morador autorizou (até 100): as que valem primeiro (as que acabam antes primeiro), depois as outras, mais novas primeiro; cada uma com `codigo`, `qr_payload` e `qr_svg` enquanto vale; `condominio` com nome e endereço (para a mensagem do WhatsApp); unidade que não é do morador → 404",
          scope: "sem_escopo",
          sample: { path: async (f) => `/api/morador/unidades/${(await f.moradorDaAmostra()).unidade_id}/visitantes` },
        },
        schema: { params: unidadeDoMoradorParams, response: { 200: passesSchema } },
      },
      async (request) => passes.listar(unidade(request, request.params.unidadeId)),
    );

    app.post(
      "/api/morador/unidades/:unidadeId/visitantes",
      {
        config: {
          access: "morador",
          description:
            'cria uma autorização de visita para a unidade, autorizada pelo morador, com as regras de /api/visitantes (`{ nome_visitante, documento_tipo?, documento_numero?, telefone?, email?, placa?, tipo: "unica"|"periodo"|"recorrente", valido_de, valido_ate?, dias_semana?, hora_inicio?, hora_fim?, max_entradas?, observacoes? }`) → 201 com código e QR (\'Autorização criada!\'); unidade que não é do morador → 404',
          scope: "sem_escopo",
          sample: {
            path: async (f) => `/api/morador/unidades/${(await f.moradorDaAmostra()).unidade_id}/visitantes`,
            body: async (f) => ({
              nome_visitante: `Diarista do Morador ${f.seq()}`,
              documento_tipo: "rg",
              documento_numero: "12.345.678-9",
              email: "diarista-morador@teste.local",
              tipo: "recorrente",
              valido_de: f.hoje(),
              valido_ate: f.hoje(60),
              dias_semana: [1, 4],
              hora_inicio: "08:00",
              hora_fim: "17:00",
              observacoes: "Faxina às segundas e quintas.",
            }),
          },
          storesText: { readBack: (created, get) => get(`/api/visitantes/${created.id}`) },
        },
        schema: { params: unidadeDoMoradorParams, body: passeInputSchema, response: { 201: passeSchema } },
      },
      async (request, reply) => reply.status(201).send(await passes.criar(unidade(request, request.params.unidadeId), request.body)),
    );

    app.post(
      "/api/morador/unidades/:unidadeId/visitantes/:id/cancelar",
      {
        config: {
          access: "morador",
          description:
            "cancela uma autorização ativa da unidade que o morador autorizou → 200 com `status: \"cancelada\"` ('Autorização cancelada'); 409 se já não está ativa; de outra unidade ou de outro morador → 404",
          scope: "sem_escopo",
          sample: {
            path: async (f) => {
              const { unidade_id, id } = await passeDeAmostra(f);
              return `/api/morador/unidades/${unidade_id}/visitantes/${id}/cancelar`;
            },
          },
        },
        schema: { params: passeParams, response: { 200: passeSchema } },
      },
      async (request) => passes.cancelar(unidade(request, request.params.unidadeId), request.params.id),
    );

    app.post(
      "/api/morador/unidades/:unidadeId/visitantes/:id/enviar-email",
      {
        config: {
          access: "morador",
          description:
            "'Enviar por email': o mesmo convite de /api/visitantes/:id/enviar-email (código, QR Code, endereço, validade) ao email do visitante, com os mesmos limites (por morador e por autorização; 429) → `{ enviado_para, mensagem: \"Email enviado\" }`; 400 sem email; 409 se não está ativa; de outra unidade → 404",
          scope: "sem_escopo",
          sample: {
            path: async (f) => {
              const { unidade_id, id } = await passeDeAmostra(f);
              return `/api/morador/unidades/${unidade_id}/visitantes/${id}/enviar-email`;
            },
          },
        },
        schema: { params: passeParams, response: { 200: passeEnviadoSchema } },
      },
      async (request, reply) => {
        const { user, unidades } = currentMorador(request);
        const u = unidadeDoPasse(unidades, request.params.unidadeId);
        const found = await passes.paraConvite(u, request.params.id);
        return enviarConviteDeVisita({ db, outbox, envios, qrSecret }, reply, u.scope, found, remetenteMorador(user.id));
      },
    );
  };
