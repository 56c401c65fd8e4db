import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import {
  buscaPortariaQuerySchema,
  buscaPortariaResponseSchema,
  entradaSchema,
  presentesQuerySchema,
  presentesResponseSchema,
  resultadoAcessoSchema,
  saidaSchema,
  unidadesPortariaQuerySchema,
  unidadesPortariaResponseSchema,
  moradoresPortariaResponseSchema,
  visitanteSemAutorizacaoSchema,
} from "@shared/schemas/controle-acesso";
import { MSG } from "@shared/messages";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { registrosAcesso } from "../../db/schema";
import { notFound } from "../../errors";
import { idParams } from "../common";
import { scopeOf } from "../../scope";
import { controleAcessoRepository } from "./repository";
import { portariaService, type Operador } from "./service";
import type { LimiteDeCodigos } from "../visitantes/tentativas";

const UNIDADE_NOT_FOUND = MSG.unidadeNotFound;

// Controle de Acesso (gatehouse-spec §3): the gate's search, entries and exits, who is inside.
// The server decides who may enter (service.ts); every attempt, refused ones too, becomes a
// chained record. The handlers only read the request, check the scope and call the service.
export const controleAcessoRoutes =
  (
    db: Db,
    options: {
      /** The key that signs visitors' QR codes (db/settings.ts loadQrSecret). */
      qrSecret: Buffer;
      /** Guessing codes: misses per user and per address (visitantes/tentativas.ts). */
      limiteCodigos: LimiteDeCodigos;
      /** Now, in ms: pre-authorisations' rules are read against it. Tests move it. */
      agora?: () => number;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = controleAcessoRepository(db);
    const service = portariaService(db, options);
    const agora = options.agora ?? Date.now;
    const access = requirePermission("registrar_acesso_visitante");

    /** The gate's condominium: active and in the user's scope, or 404 as if it did not exist. */
    const portaria = (request: FastifyRequest, condominioId: string) => service.condominioDaPortaria(scopeOf(request), condominioId);

    const operador = (request: FastifyRequest): Operador => {
      const profile = currentProfile(request);
      return { id: profile.id, nome: profile.nome_completo, ip: request.ip };
    };

    app.get(
      "/api/controle-acesso/busca",
      {
        config: {
          access,
          description:
            "moradores (nome, CPF, telefone, unidade \"A 101\"), veículos (trecho da placa, com ou sem hífen), prestadores (nome, serviço, documento; situação de hoje) e `visitantes` pré-autorizados em vigor ou dentro agora (nome, documento, código; unidade, validade, `situacao`, `recusa`) do condomínio, até 8 de cada, cada um com `dentro_desde`. Um código de 8 caracteres ou um QR Code (`GV1.…`) digitado abre a autorização em `autorizacao` (ou `null`), com `codigo_recusa` ('Código inválido ou inexistente.', 'Autorização expirada em dd/MM/yyyy.'…); código que não abre nada conta no limite de tentativas (429). `bloqueios`: para cada resultado bloqueado, pela chave `morador:<id>`, `veiculo:<id>`, `prestador:<id>` ou `autorizacao:<id>`, `{ mensagem, pode_liberar }` — o que 'Registrar entrada' responderia (docs/decisions/0001-bloqueio-na-portaria.md)",
          // The gate's condominium outside the scope is as unknown as one that does not exist.
          scope: 404,
          sample: { path: async (f) => `/api/controle-acesso/busca?condominio_id=${(await f.condominio()).id}&q=Morador` },
        },
        schema: { querystring: buscaPortariaQuerySchema, response: { 200: buscaPortariaResponseSchema } },
      },
      async (request) => {
        return service.buscar(scopeOf(request), request.query.condominio_id, request.query.q, operador(request));
      },
    );

    app.post(
      "/api/controle-acesso/entrada",
      {
        config: {
          semEfeitoNasSessoes: true,
          access,
          description:
            '`{ condominio_id, pessoa: {tipo: "morador"|"prestador"|"presenca"|"autorizacao", …_id} | {tipo: "codigo", codigo} | {tipo: "qrcode", payload}, placa?, liberar_mesmo_assim?: {autorizado_por} }`; com pré-autorização, as regras dela (hora de São Paulo) e uma entrada contada; código/QR inválido, adulterado ou de outro condomínio → 404 \'Código inválido ou inexistente.\' (nada gravado, conta no limite de tentativas) → 201 `{ registro_id, resultado, titulo, mensagem, pode_liberar }`; recusa também é 201 (`resultado: "negado"`, registrada com o motivo); bloqueio por documento ou placa não se libera, por nome com documento ausente ou outro sim (`pode_liberar`); o `metodo` gravado é do servidor (`codigo`, `qrcode`, senão `busca`; um `metodo` no corpo é ignorado); já dentro → 409 \'Já está no condomínio desde HH:mm.\' (com a data, dd/MM/yyyy HH:mm, quando a entrada não foi hoje em São Paulo; nada é gravado)',
          scope: 404,
          sample: {
            body: async (f) => ({
              condominio_id: (await f.condominio()).id,
              pessoa: { tipo: "morador", morador_id: (await f.novoMorador()).id },
              placa: "ABC1D23",
            }),
          },
        },
        schema: { body: entradaSchema, response: { 201: resultadoAcessoSchema } },
      },
      async (request, reply) => {
        const { condominio_id, placa, liberar_mesmo_assim } = request.body;
        const condominio = await portaria(request, condominio_id);
        const result = await service.registrarEntrada(condominio, operador(request), { pessoa: request.body.pessoa, placa, liberar: liberar_mesmo_assim });
        return reply.status(201).send(result);
      },
    );

    app.post(
      "/api/controle-acesso/visitante",
      {
        config: {
          semEfeitoNasSessoes: true,
          access,
          description:
            "visitante sem pré-autorização: nome, documento (tipo CPF: dígitos verificadores conferidos), `unidade_id`, `autorizado_por_morador_id` (morador ativo da unidade) ou, só em unidade sem morador ativo, `autorizado_por_nome` (gravado como digitado), placa, observação; sem documento, cada entrada é uma pessoa (docs/decisions/0002)",
          scope: 404,
          sample: {
            body: async (f) => ({
              condominio_id: (await f.condominio()).id,
              nome: `Visitante Amostra ${f.seq()}`,
              documento_tipo: "rg",
              documento_numero: `MG-${f.seq()}`,
              unidade_id: (await f.unidade()).id,
              autorizado_por_morador_id: (await f.morador()).id,
              placa: "XYZ1D23",
              observacao: "Entrega de documentos",
            }),
          },
          // The document is stored normalised (letters and digits), like the blocklist's: not as sent; the
          // name and the note are read back from the (append-only) record itself.
          storesText: {
            readBack: async (created) => {
              const [row] = await db
                .select()
                .from(registrosAcesso)
                .where(eq(registrosAcesso.id, String(created.registro_id)));
              return { nome: row!.nome_pessoa, observacao: row!.observacao };
            },
          },
        },
        schema: { body: visitanteSemAutorizacaoSchema, response: { 201: resultadoAcessoSchema } },
      },
      async (request, reply) => {
        const condominio = await portaria(request, request.body.condominio_id);
        const result = await service.registrarVisitante(condominio, operador(request), request.body);
        return reply.status(201).send(result);
      },
    );

    app.post(
      "/api/controle-acesso/saida",
      {
        config: {
          semEfeitoNasSessoes: true,
          access,
          description: "`{ condominio_id, pessoa }` → 201 'Saída registrada'",
          scope: 404,
          sample: { body: async (f) => ({ condominio_id: (await f.condominio()).id, pessoa: { tipo: "morador", morador_id: (await f.morador()).id } }) },
        },
        schema: { body: saidaSchema, response: { 201: resultadoAcessoSchema } },
      },
      async (request, reply) => {
        const condominio = await portaria(request, request.body.condominio_id);
        const result = await service.registrarSaida(condominio, operador(request), request.body);
        return reply.status(201).send(result);
      },
    );

    app.get(
      "/api/controle-acesso/presentes",
      {
        config: {
          access,
          description:
            "quem está dentro agora, mais recentes primeiro; `q` = nome, documento (não devolvido), placa ou unidade; `tipo_pessoa` = `todos`, `morador`, `visitante`, `prestador`, `entregador` → `{ rows, total, horas_saida_nao_registrada }`; `saida_nao_registrada` para visitante, prestador ou entregador dentro há mais que as horas do condomínio (`horas_saida_nao_registrada`, padrão 12), nunca para morador",
          scope: 404,
          sample: { path: async (f) => `/api/controle-acesso/presentes?condominio_id=${(await f.condominio()).id}` },
        },
        schema: { querystring: presentesQuerySchema, response: { 200: presentesResponseSchema } },
      },
      async (request) => {
        const condominio = await portaria(request, request.query.condominio_id);
        const { rows, horas } = await repo.presentes(condominio.id, agora(), request.query);
        return { rows, total: rows.length, horas_saida_nao_registrada: horas };
      },
    );

    // The visitor form's pick-lists (§3 'Visitante sem pré-autorização'): a porteiro holds only
    // registrar_acesso_visitante, not the units' and residents' permissions, so the gate lists them.
    // The parcels' screens pick units the same way (gate-operation-spec §4: "the unit found as in
    // the console"): who keeps or reads parcels lists the units; who receives them, the residents.
    // So does the shift book's entry (§5: its optional unit).
    app.get(
      "/api/controle-acesso/unidades",
      {
        config: {
          access: requirePermission(["registrar_acesso_visitante", "gerenciar_encomendas", "visualizar_encomendas", "registrar_ocorrencias"]),
          description: "as unidades ativas do condomínio, para o formulário de visitante sem pré-autorização, as encomendas e o livro da portaria",
          scope: 404,
          sample: { path: async (f) => `/api/controle-acesso/unidades?condominio_id=${(await f.condominio()).id}` },
        },
        schema: { querystring: unidadesPortariaQuerySchema, response: { 200: unidadesPortariaResponseSchema } },
      },
      async (request) => {
        const condominio = await portaria(request, request.query.condominio_id);
        const rows = await repo.unidades(condominio.id);
        return { rows, total: rows.length };
      },
    );

    app.get(
      "/api/controle-acesso/unidades/:id/moradores",
      {
        config: {
          access: requirePermission(["registrar_acesso_visitante", "gerenciar_encomendas"]),
          description: "os moradores ativos da unidade (nome, tipo, telefone), para escolher quem autorizou o visitante ou o destinatário de uma encomenda",
          scope: 404,
          sample: { path: async (f) => `/api/controle-acesso/unidades/${(await f.unidade()).id}/moradores` },
        },
        schema: { params: idParams, response: { 200: moradoresPortariaResponseSchema } },
      },
      async (request) => {
        const unidade = await repo.unidadeDaPortaria(scopeOf(request), request.params.id);
        if (!unidade) throw notFound(UNIDADE_NOT_FOUND);
        const rows = await repo.moradoresDaUnidade(unidade.id);
        return { rows, total: rows.length };
      },
    );
  };
