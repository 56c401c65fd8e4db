import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  abrirTurnoSchema,
  complementoInputSchema,
  encerrarTurnoSchema,
  ocorrenciaDetalheSchema,
  ocorrenciaExportQuerySchema,
  ocorrenciaInputSchema,
  ocorrenciaListQuerySchema,
  ocorrenciaPageSchema,
  ocorrenciaSchema,
  passagemQuerySchema,
  passagemSchema,
  referenciasQuerySchema,
  referenciasSchema,
  resolucaoInputSchema,
  turnoAtualSchema,
  turnoSchema,
} from "@shared/schemas/livro";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { scopeOf } from "../../scope";
import { idParams, type ListTotals } from "../common";
import { csvBody, enviarCsv } from "../registros/csv";
import { amostras } from "./amostras";
import { livroService } from "./service";

// Livro da portaria (gate-operation-spec §5; decision 0280): shifts, the handover and the book's
// entries. The rules are in service.ts; each route declares its access, scope and sample here.

const registrar = requirePermission("registrar_ocorrencias");
const ler = requirePermission(["registrar_ocorrencias", "visualizar_ocorrencias"]);

export const livroRoutes =
  ({ db, totals }: { db: Db; totals?: ListTotals }): FastifyPluginAsyncZod =>
  async (app) => {
    const service = livroService({ db, totals });
    const amostra = amostras(db);
    /** Who acts: the signed-in user, and whether they read only what the síndico reads. */
    const quem = (request: Parameters<typeof currentProfile>[0]) => {
      const profile = currentProfile(request);
      return {
        id: profile.id,
        nome: profile.nome_completo,
        scope: scopeOf(request),
        // A síndico (reading without registering) sees only the entries made visible to him.
        soSindico: !profile.permissions.includes("registrar_ocorrencias"),
      };
    };

    app.get(
      "/api/livro/turno-atual",
      {
        config: {
          access: registrar,
          description: "o turno aberto de quem chama (no máximo um por operador), ou `turno: null`",
          scope: "lista",
        },
        schema: { response: { 200: turnoAtualSchema } },
      },
      async (request) => ({ turno: await service.turnoAtual(quem(request)) }),
    );

    app.get(
      "/api/livro/passagem",
      {
        config: {
          access: registrar,
          description:
            "a passagem de turno de um posto (`posto`: o id de um condomínio ou 'central'): o último turno encerrado do posto com a sua passagem, os turnos ainda abertos ali de outros operadores e os itens em aberto (os da Central: de todos os condomínios de quem chama), 'alta' primeiro e depois os mais antigos, no máximo 100, com o total; 404 para um condomínio fora do escopo",
          scope: 404,
          sample: { path: async (f) => `/api/livro/passagem?posto=${(await f.condominio()).id}` },
        },
        schema: { querystring: passagemQuerySchema, response: { 200: passagemSchema } },
      },
      async (request) => service.passagem(quem(request), request.query.posto),
    );

    app.post(
      "/api/livro/turnos",
      {
        config: {
          semEfeitoNasSessoes: true,
          access: registrar,
          description:
            "'Li e assumo o turno': abre o turno de quem chama num posto (um condomínio do seu escopo, ou a Central com `condominio_id` null, só para quem atende todos os condomínios) → 201 com o turno; `turno_anterior_id` é o último turno encerrado do posto que a passagem mostrou (null se nenhum), e fica assumido por quem abre; 409 se quem chama já tem um turno aberto ou se a passagem mudou desde que foi lida",
          // The sample names the fixtures' condominium: unknown to a user who does not serve it.
          scope: 400,
          sample: { body: amostra.abrirTurno },
        },
        schema: { body: abrirTurnoSchema, response: { 201: turnoSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.abrirTurno(quem(request), request.body)),
    );

    app.post(
      "/api/livro/turnos/:id/encerrar",
      {
        config: {
          semEfeitoNasSessoes: true,
          access: registrar,
          description:
            "encerra o turno com a passagem escrita (uma vez; só quem o abriu) → o turno encerrado; 403 para o turno de outro operador, 409 para um turno já encerrado",
          scope: 404,
          sample: {
            path: async (f) => `/api/livro/turnos/${await amostra.turnoAberto(f)}/encerrar`,
            body: () => ({ passagem: "Portão da garagem com defeito; chamado aberto." }),
          },
          // The handover is read back as the post's last closed shift.
          storesText: {
            readBack: async (created, get) => ({
              passagem: (await get(`/api/livro/passagem?posto=${(created.condominio as { id: string } | null)?.id ?? "central"}`)).ultimo_turno.passagem,
            }),
          },
        },
        schema: { params: idParams, body: encerrarTurnoSchema, response: { 200: turnoSchema } },
      },
      async (request) => service.encerrarTurno(quem(request), request.params.id, request.body),
    );

    app.get(
      "/api/livro/ocorrencias",
      {
        config: {
          access: ler,
          description:
            "os itens do livro (cada registro com a sua resolução e quantos complementos tem): os em aberto primeiro, depois os mais novos (cursor `[aberta, created_key, id]`); filtros de condomínio, tipo, prioridade, situação, período (dias de São Paulo) e `q` (título ou descrição, por parte). Quem só visualiza (síndico) recebe apenas os itens visíveis ao síndico dos seus condomínios",
          scope: "lista",
        },
        schema: { querystring: ocorrenciaListQuerySchema, response: { 200: ocorrenciaPageSchema } },
      },
      async (request) => service.listar(quem(request), request.query),
    );

    app.get(
      "/api/livro/ocorrencias.csv",
      {
        config: {
          access: ler,
          description:
            "exatamente o filtro da lista (sem paginação; a tela exporta um período), em CSV (UTF-8 com BOM, `;`, horas de São Paulo), enviado aos poucos; as mesmas regras de visibilidade da lista",
          scope: "lista",
        },
        schema: {
          querystring: ocorrenciaExportQuerySchema,
          response: { 200: { description: "Os itens do filtro em CSV (UTF-8 com BOM, separador ';').", content: { "text/csv": { schema: csvBody } } } },
        },
      },
      async (request, reply) => {
        const { nome, linhas } = service.csv(quem(request), request.query);
        return enviarCsv(reply, nome, linhas);
      },
    );

    app.get(
      "/api/livro/ocorrencias/:id",
      {
        config: {
          access: ler,
          description: "um item do livro com o seu fio (complementos e resolução, mais antigos primeiro); 404 para o item invisível a quem só visualiza",
          scope: 404,
          sample: { path: async (f) => `/api/livro/ocorrencias/${(await amostra.ocorrencia(f)).id}` },
        },
        schema: { params: idParams, response: { 200: ocorrenciaDetalheSchema } },
      },
      async (request) => service.detalhe(quem(request), request.params.id),
    );

    app.post(
      "/api/livro/ocorrencias",
      {
        config: {
          semEfeitoNasSessoes: true,
          access: registrar,
          description:
            "'Ocorrência registrada': registra um item no turno aberto de quem chama (409 sem turno), para o condomínio do posto (a Central: qualquer condomínio do escopo), com unidade e vínculo (registro de acesso, alarme ou encomenda) desse condomínio → 201 com o item em aberto",
          scope: 400,
          sample: { body: amostra.corpoOcorrencia },
          storesText: { readBack: (created, get) => get(`/api/livro/ocorrencias/${created.id}`) },
        },
        schema: { body: ocorrenciaInputSchema, response: { 201: ocorrenciaSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.registrar(quem(request), request.body)),
    );

    app.post(
      "/api/livro/ocorrencias/:id/complementos",
      {
        config: {
          semEfeitoNasSessoes: true,
          access: registrar,
          description:
            "'Complemento registrado': acrescenta um complemento ao item, no turno aberto de quem chama → 201 com o item e o seu fio; 409 depois da resolução",
          scope: 404,
          sample: {
            path: async (f) => `/api/livro/ocorrencias/${(await amostra.ocorrencia(f)).id}/complementos`,
            body: () => ({ descricao: "Síndico avisado por telefone." }),
          },
          storesText: {
            readBack: async (created) => ({ descricao: (created.seguimentos as { descricao: string }[]).at(-1)!.descricao }),
          },
        },
        schema: { params: idParams, body: complementoInputSchema, response: { 201: ocorrenciaDetalheSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.complementar(quem(request), request.params.id, request.body)),
    );

    app.post(
      "/api/livro/ocorrencias/:id/resolucao",
      {
        config: {
          semEfeitoNasSessoes: true,
          access: registrar,
          description:
            "'Ocorrência resolvida': resolve o item (uma vez), com o que foi feito (opcional), no turno aberto de quem chama → 201 com o item e o seu fio; 409 se já resolvido",
          scope: 404,
          sample: {
            path: async (f) => `/api/livro/ocorrencias/${(await amostra.ocorrencia(f)).id}/resolucao`,
            body: () => ({ descricao: "Portão consertado pela manutenção." }),
          },
          storesText: { readBack: async (created) => ({ descricao: (created.resolucao as { descricao: string }).descricao }) },
        },
        schema: { params: idParams, body: resolucaoInputSchema, response: { 201: ocorrenciaDetalheSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.resolver(quem(request), request.params.id, request.body)),
    );

    app.get(
      "/api/livro/referencias",
      {
        config: {
          access: registrar,
          description:
            "o que uma ocorrência pode vincular num condomínio (`tipo`: registros de acesso, alarmes ou encomendas): até 20 das últimas 48 horas, mais novos primeiro, cada um com uma descrição curta; `q` filtra por nome, placa ou texto",
          scope: "lista",
          sample: { path: async (f) => `/api/livro/referencias?condominio_id=${(await f.condominio()).id}&tipo=registro` },
        },
        schema: { querystring: referenciasQuerySchema, response: { 200: referenciasSchema } },
      },
      async (request) => service.referencias(quem(request), request.query),
    );
  };
