import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { biometriaSchema, consentimentoInputSchema, fotoInputSchema } from "@shared/schemas/biometria";
import { cartaoInputSchema, cartaoListSchema, cartaoSchema } from "@shared/schemas/cartoes";
import { semConteudo, uuidSchema } from "@shared/schemas/common";
import { MSG } from "@shared/messages";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { biometriaMoradores } from "../../db/schema";
import { notFound } from "../../errors";
import type { SampleRecords } from "../../route-contract";
import { scopeOf } from "../../scope";
import { idParams } from "../common";
import { biometriaRepository, cartoesRepository } from "./repository";
import { adicionarCartao, fotoDoDataUrl } from "./service";

// A resident's face photo, biometric consent, cards and tags (gate-operation-spec §2.4), managed
// by who manages the unit's residents. Each route declares, beside its handler, who may call it, what a
// user of another condominium gets and one valid call (src/server/route-contract.ts).

const gerenciar = requirePermission("gerenciar_moradores_unidade");

/** The smallest valid JPEG the samples send (a 1×1 white pixel). */
export const JPEG_DE_AMOSTRA =
  "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=";

/** The photo's bytes, as sent. */
const imagem = z.string() as z.ZodType<string | Buffer>;

const caminho = async (f: SampleRecords, fim = "") => `/api/moradores/${(await f.morador()).id}/biometria${fim}`;

/** A card number no other sample of the run has used (a number has one holder per condominium). */
const cartaoDeAmostra = (f: SampleRecords) => ({ tipo: "cartao" as const, numero: String(7_700_000_000 + f.seq()) });
const cartaoParams = idParams.extend({ cartaoId: uuidSchema });

export const biometriaRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = biometriaRepository(db);
    const achado = <T>(valor: T | null): T => {
      if (valor === null) throw notFound(MSG.moradorNotFound);
      return valor;
    };

    app.get(
      "/api/moradores/:id/biometria",
      {
        config: {
          access: gerenciar,
          description: "se há foto e quem registrou o consentimento biométrico, e quando",
          scope: 404,
          sample: { path: (f) => caminho(f) },
        },
        schema: { params: idParams, response: { 200: biometriaSchema } },
      },
      async (request) => achado(await repo.biometria(scopeOf(request), request.params.id)),
    );

    app.get(
      "/api/moradores/:id/biometria/foto",
      {
        config: {
          access: gerenciar,
          description: "a foto do morador (JPEG ou PNG), para a tela; 404 sem foto",
          scope: 404,
          sample: {
            path: async (f) => {
              const morador = await f.morador();
              const { foto, tipo } = fotoDoDataUrl(JPEG_DE_AMOSTRA);
              await db
                .insert(biometriaMoradores)
                .values({ morador_id: morador.id, foto, foto_tipo: tipo })
                .onConflictDoUpdate({ target: biometriaMoradores.morador_id, set: { foto, foto_tipo: tipo } });
              return `/api/moradores/${morador.id}/biometria/foto`;
            },
          },
        },
        schema: {
          params: idParams,
          response: { 200: { description: "A foto, como foi enviada.", content: { "image/jpeg": { schema: imagem }, "image/png": { schema: imagem } } } },
        },
      },
      async (request, reply) => {
        const foto = await repo.foto(scopeOf(request), request.params.id);
        if (!foto) throw notFound(MSG.moradorNotFound);
        // Sensitive data: never kept by a shared cache or the browser's disk.
        return reply.type(foto.tipo).header("cache-control", "private, no-store").send(foto.foto);
      },
    );

    app.post(
      "/api/moradores/:id/biometria/foto",
      {
        // 500 KB of photo is ~683 KB of base64: room for it, and a 400 in pt-BR past it (the schema's limit).
        bodyLimit: 1_048_576,
        config: {
          access: gerenciar,
          description:
            "envia a foto do rosto (data URL de JPEG ou PNG, até 500 KB, conferidos pelos bytes); sem consentimento ela não vai a nenhum dispositivo → 201 com a biometria",
          scope: 404,
          sample: { path: (f) => caminho(f, "/foto"), body: () => ({ foto: JPEG_DE_AMOSTRA }) },
        },
        schema: { params: idParams, body: fotoInputSchema, response: { 201: biometriaSchema } },
      },
      async (request, reply) => {
        const { foto, tipo } = fotoDoDataUrl(request.body.foto);
        return reply.status(201).send(achado(await repo.gravarFoto(scopeOf(request), request.params.id, foto, tipo)));
      },
    );

    app.delete(
      "/api/moradores/:id/biometria/foto",
      {
        config: {
          access: gerenciar,
          description: "apaga a foto (e o rosto sai dos dispositivos na próxima sincronização) → a biometria",
          scope: 404,
          sample: { path: (f) => caminho(f, "/foto") },
        },
        schema: { params: idParams, response: { 200: biometriaSchema } },
      },
      async (request) => achado(await repo.removerFoto(scopeOf(request), request.params.id)),
    );

    app.put(
      "/api/moradores/:id/biometria/consentimento",
      {
        config: {
          access: gerenciar,
          description: "registra (`true`: quem e quando) ou retira (`false`) o consentimento biométrico do morador (LGPD art. 11) → a biometria",
          scope: 404,
          sample: { path: (f) => caminho(f, "/consentimento"), body: () => ({ consentimento: true }) },
        },
        schema: { params: idParams, body: consentimentoInputSchema, response: { 200: biometriaSchema } },
      },
      async (request) => {
        const profile = currentProfile(request);
        const quem = request.body.consentimento ? { id: profile.id, nome: profile.nome_completo } : null;
        return achado(await repo.consentimento(scopeOf(request), request.params.id, quem));
      },
    );

    // ——— Cards and tags: the numbers the devices' readers read (docs/decisions/0267-cartoes-e-qrcodes.md) ———
    const cartoes = cartoesRepository(db);

    app.get(
      "/api/moradores/:id/cartoes",
      {
        config: {
          access: gerenciar,
          description: "os cartões e tags do morador (tipo e número), do mais antigo ao mais novo → `{ rows }`",
          scope: 404,
          sample: { path: async (f) => `/api/moradores/${(await f.morador()).id}/cartoes` },
        },
        schema: { params: idParams, response: { 200: cartaoListSchema } },
      },
      async (request) => ({ rows: achado(await cartoes.listar(scopeOf(request), request.params.id)) }),
    );

    app.post(
      "/api/moradores/:id/cartoes",
      {
        config: {
          access: gerenciar,
          description:
            "dá ao morador um cartão ou tag (`numero`: só algarismos, até 20, guardado sem zeros à esquerda); um número tem um só dono no condomínio (409) e vai aos dispositivos na próxima sincronização → 201 com o cartão",
          scope: 404,
          sample: { path: async (f) => `/api/moradores/${(await f.morador()).id}/cartoes`, body: cartaoDeAmostra },
        },
        schema: { params: idParams, body: cartaoInputSchema, response: { 201: cartaoSchema } },
      },
      async (request, reply) => {
        const cartao = await adicionarCartao(cartoes, scopeOf(request), request.params.id, request.body, currentProfile(request).id);
        return reply.status(201).send(cartao);
      },
    );

    app.delete(
      "/api/moradores/:id/cartoes/:cartaoId",
      {
        config: {
          access: gerenciar,
          description: "tira o cartão ou tag do morador (e dos dispositivos, na próxima sincronização) → 204",
          scope: 404,
          sample: {
            path: async (f) => {
              const morador = (await f.morador()).id;
              const cartao = await f.criar(`/api/moradores/${morador}/cartoes`, cartaoDeAmostra(f));
              return `/api/moradores/${morador}/cartoes/${cartao.id}`;
            },
          },
        },
        schema: { params: cartaoParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        if (!(await cartoes.remover(scopeOf(request), request.params.id, request.params.cartaoId))) throw notFound(MSG.cartaoNotFound);
        return reply.status(204).send();
      },
    );
  };
