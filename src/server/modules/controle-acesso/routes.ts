import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
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
  type BuscaPortaria,
  type Entrada,
  unidadesPortariaQuerySchema,
  unidadesPortariaResponseSchema,
  moradoresPortariaResponseSchema,
  visitanteSemAutorizacaoSchema,
  type ResultadoAcesso,
  AUTORIZADO_POR_NOME_REQUIRED,
} from "@shared/schemas/controle-acesso";
import { MSG, MSG_WITH } from "@shared/messages";
import { dateInSaoPaulo, formatDesde, formatTime } from "@shared/time";
import { AUTORIZACAO_UTILIZADA, CODIGO_INVALIDO, pareceCodigo, pareceQrCode, recusaAutorizacao, type VisitanteEncontrado } from "@shared/schemas/visitantes";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { registrosAcesso } from "../../db/schema";
import { AppError, notFound, pgErrorCode } from "../../errors";
import { idParams } from "../common";
import { scopeOf } from "../../scope";
import { bloqueioAplicavel, bloqueiosAplicaveis } from "../bloqueios/verificar";
import { recusa } from "./decisao";
import { controleAcessoRepository, type IdentidadeEncontrada, type NovoRegistro, type PessoaNaPortaria } from "./repository";
import { resolvedorDeCodigos } from "../visitantes/portaria";
import { UsoRecusado, visitantesRepository } from "../visitantes/repository";
import type { LimiteDeCodigos } from "../visitantes/tentativas";

const CONDOMINIO_NOT_FOUND = MSG.condominioNotFound;
const UNIDADE_NOT_FOUND = MSG.unidadeNotFound;
const PESSOA_NOT_FOUND = MSG.pessoaNotFound;
const CODIGO_NOT_FOUND = MSG.codigoNotFound;
/** How many pre-authorised visitors the console's search shows. */
const VISITANTES = 8;

// Controle de Acesso (gatehouse-spec §3): the gate's search, entries and exits, who is inside.
// The server decides who may enter; every attempt, refused ones too, becomes a chained record.
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
    const visitantes = visitantesRepository(db);
    const resolver = resolvedorDeCodigos(visitantes, options.qrSecret, options.limiteCodigos);
    const agora = options.agora ?? Date.now;
    const access = requirePermission("registrar_acesso_visitante");

    /** The gate's condominium: active and in the user's scope, or 404 as if it did not exist. */
    async function portaria(request: FastifyRequest, condominioId: string) {
      const condominio = await repo.condominioDaPortaria(scopeOf(request), condominioId);
      if (!condominio) throw notFound(CONDOMINIO_NOT_FOUND);
      return condominio;
    }

    const operador = (request: FastifyRequest) => {
      const profile = currentProfile(request);
      return { operador_id: profile.id, operador_nome: profile.nome_completo };
    };

    async function pessoa(request: FastifyRequest, condominioId: string, who: Entrada["pessoa"]): Promise<PessoaNaPortaria | null> {
      if (who.tipo === "autorizacao" || who.tipo === "codigo" || who.tipo === "qrcode") {
        // A code or QR that opens nothing here: 'Código inválido ou inexistente.' (and counted: tentativas.ts).
        const id =
          who.tipo === "autorizacao"
            ? who.autorizacao_id
            : await resolver(request, condominioId, who.tipo === "codigo" ? { codigo: who.codigo } : { qrcode: who.payload });
        if (!id) throw notFound(CODIGO_NOT_FOUND);
        const autorizacao = await visitantes.naPortaria(condominioId, id);
        if (!autorizacao) return null;
        return {
          chave: `autorizacao:${autorizacao.id}`,
          tipo_pessoa: "visitante",
          nome_pessoa: autorizacao.nome_visitante,
          documento: autorizacao.documento_numero,
          unidade_id: autorizacao.unidade_id,
          ativo: true,
          autorizacao,
        };
      }
      if (who.tipo === "morador") return repo.morador(condominioId, who.morador_id);
      if (who.tipo === "prestador") return repo.prestador(condominioId, who.prestador_id);
      const presenca = await repo.presenca(condominioId, who.presenca_id);
      if (!presenca) return null;
      return {
        chave: presenca.pessoa_chave,
        tipo_pessoa: presenca.tipo_pessoa as PessoaNaPortaria["tipo_pessoa"],
        morador_id: presenca.morador_id,
        prestador_id: presenca.prestador_id,
        nome_pessoa: presenca.nome_pessoa,
        documento: presenca.documento,
        unidade_id: presenca.unidade_id,
        ativo: true,
      } satisfies PessoaNaPortaria;
    }

    /**
     * The search's mark (§3: the stop shown before the click): the block each result would meet at
     * 'Registrar entrada', by the same rule (bloqueios/verificar.ts), in one statement for all.
     */
    async function marcarBloqueios(
      condominioId: string,
      instante: number,
      identidades: Map<string, IdentidadeEncontrada>,
      visitantesEncontrados: readonly VisitanteEncontrado[],
    ): Promise<BuscaPortaria["bloqueios"]> {
      for (const v of visitantesEncontrados) identidades.set(`autorizacao:${v.id}`, { documento: v.documento_numero, nome: v.nome_visitante, placa: v.placa });
      const hoje = dateInSaoPaulo(instante);
      const found = await bloqueiosAplicaveis(db, condominioId, identidades, hoje);
      // The entry's own decision on the block alone: its text and whether the porteiro may override.
      return Object.fromEntries(
        [...found].map(([key, bloqueio]) => {
          const parada = recusa({ bloqueio, ativo: true }, hoje)!;
          return [key, { mensagem: parada.motivo, pode_liberar: !parada.bloqueio }];
        }),
      );
    }

    /**
     * 'Já está no condomínio desde HH:mm.' (§9), with the date when it was not today in São Paulo
     * ('desde 25/11/2026 18:03.'): the entry is not recorded; the screen offers the exit.
     */
    const jaDentro = (desde: Date | string) => AppError.from(409, "JA_DENTRO", MSG_WITH.jaDentro(formatDesde(desde, agora())));

    /**
     * Decides and records an entry: refused (recorded 'negado' with the reason) unless the porteiro
     * overrides a refusal other than the blocklist, naming who authorised it.
     */
    async function entrar(
      request: FastifyRequest,
      base: Omit<NovoRegistro, "sentido" | "resultado" | "motivo" | "liberado_manualmente" | "operador_id" | "operador_nome">,
      quem: PessoaNaPortaria,
      liberar: { autorizado_por: string } | undefined,
      novaLeitura = false,
    ): Promise<ResultadoAcesso> {
      const instante = agora();
      const hoje = dateInSaoPaulo(instante);
      const dentro = await repo.presencaDe(base.condominio_id, quem.chave);
      if (dentro) throw jaDentro(dentro.entrou_em);
      const autorizacao = quem.autorizacao;
      const bloqueio = await bloqueioAplicavel(
        db,
        { condominioId: base.condominio_id, documento: quem.documento, nome: quem.nome_pessoa, placa: base.placa },
        hoje,
      );
      // The blocklist first (a hard stop), then the record's own rules, then a pre-authorisation's
      // (São Paulo time): cancelled, used up, expired, before its start, outside its days or hours.
      const motivoAutorizacao = autorizacao
        ? novaLeitura
          ? (recusaAutorizacao(autorizacao, instante) ?? AUTORIZACAO_UTILIZADA)
          : recusaAutorizacao(autorizacao, instante)
        : null;
      const refused =
        recusa({ bloqueio, ativo: quem.ativo, periodo: quem.periodo }, hoje) ?? (motivoAutorizacao ? { motivo: motivoAutorizacao, bloqueio: false } : null);
      const override = refused && !refused.bloqueio && liberar ? liberar : undefined;
      const registro: NovoRegistro = {
        ...base,
        ...operador(request),
        autorizacao_id: autorizacao?.id ?? null,
        sentido: "entrada",
        resultado: refused && !override ? "negado" : "liberado",
        motivo: refused?.motivo ?? null,
        liberado_manualmente: Boolean(override),
        autorizado_por: override ? override.autorizado_por : (base.autorizado_por ?? autorizacao?.morador_nome ?? null),
      };
      // An entry let in by its pre-authorisation counts one use, in the same transaction (an
      // override counts none: docs/decisions/0232-autorizacao-na-portaria.md).
      const usar =
        autorizacao && !refused
          ? (tx: Parameters<NonNullable<Parameters<typeof repo.registrar>[3]>>[0]) => visitantes.usar(tx, autorizacao.id, instante)
          : undefined;
      try {
        const row = await repo.registrar(registro, registro.resultado === "liberado" ? { chave: quem.chave } : null, null, usar);
        if (registro.resultado === "negado") {
          return { registro_id: row.id, resultado: "negado", titulo: "Acesso negado", mensagem: refused!.motivo, pode_liberar: !refused!.bloqueio };
        }
        return {
          registro_id: row.id,
          resultado: "liberado",
          titulo: "Entrada registrada",
          mensagem: `${quem.nome_pessoa} entrou às ${formatTime(row.registrado_em)}.`,
          pode_liberar: false,
        };
      } catch (error) {
        // Another gate used it up (or it was cancelled) since it was read: decided again on what it is now.
        if (error instanceof UsoRecusado && autorizacao && !novaLeitura) {
          const atual = await visitantes.naPortaria(base.condominio_id, autorizacao.id);
          if (atual) return entrar(request, base, { ...quem, autorizacao: atual }, liberar, true);
        }
        // Two gates let the same person in at the same instant: the second is told, nothing recorded.
        if (pgErrorCode(error) === "23505") {
          const other = await repo.presencaDe(base.condominio_id, quem.chave);
          if (other) throw jaDentro(other.entrou_em);
        }
        throw error;
      }
    }

    /**
     * 'Autorizado por' of a walk-in (docs/decisions/0002): a resident of the unit, chosen from its
     * active ones; at a unit with none, the name typed (síndico, administração...), as typed.
     */
    async function quemAutorizou(
      condominioId: string,
      unidadeId: string,
      body: { autorizado_por_morador_id: string | null; autorizado_por_nome: string | null },
    ): Promise<string> {
      const recusa = (field: "autorizado_por_morador_id" | "autorizado_por_nome", message: string) =>
        AppError.from(400, "VALIDATION_ERROR", { title: MSG.invalidInput.title, message }, { [field]: message });
      if (body.autorizado_por_morador_id) {
        const morador = await repo.moradorDaUnidade(condominioId, unidadeId, body.autorizado_por_morador_id);
        if (!morador) throw recusa("autorizado_por_morador_id", MSG.moradorDaUnidadeRequired.message);
        return morador.nome;
      }
      const moradores = await repo.moradoresDaUnidade(unidadeId);
      if (moradores.length > 0) throw recusa("autorizado_por_morador_id", MSG.moradorQueAutorizouRequired.message);
      if (!body.autorizado_por_nome) throw recusa("autorizado_por_nome", AUTORIZADO_POR_NOME_REQUIRED);
      return body.autorizado_por_nome;
    }

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
        const instante = agora();
        const q = request.query.q.trim();
        const nada = { moradores: [], veiculos: [], prestadores: [], visitantes: [], autorizacao: null, codigo_recusa: null, bloqueios: {} };
        if (!q) {
          await portaria(request, request.query.condominio_id);
          return nada;
        }
        // A typed code or a scanned QR opens its authorisation directly (§3). Neither can be a
        // resident's or provider's name, CPF, plate or unit, so those are not searched; a typed
        // code could still be a visitor's document (a passport), so visitors are.
        if (pareceQrCode(q) || pareceCodigo(q)) {
          const condominio = await portaria(request, request.query.condominio_id);
          const qr = pareceQrCode(q);
          const [id, visitantesEncontrados] = await Promise.all([
            resolver(request, condominio.id, qr ? { qrcode: q } : { codigo: q }),
            qr ? [] : visitantes.busca(scopeOf(request), condominio.id, q, instante, VISITANTES),
          ]);
          const autorizacao = id ? await visitantes.encontrado(condominio.id, id, instante) : null;
          const codigo_recusa = autorizacao ? autorizacao.recusa : CODIGO_INVALIDO;
          const encontrados = autorizacao ? [...visitantesEncontrados, autorizacao] : visitantesEncontrados;
          const bloqueios = await marcarBloqueios(condominio.id, instante, new Map(), encontrados);
          return { ...nada, visitantes: visitantesEncontrados, autorizacao, codigo_recusa, bloqueios };
        }
        // Both statements check the gate's condominium (active, in scope) themselves: two round
        // trips at once per search, not a check and then the searches.
        const scope = scopeOf(request);
        const [found, visitantesEncontrados] = await Promise.all([
          repo.busca(scope, request.query.condominio_id, q, dateInSaoPaulo(instante)),
          visitantes.busca(scope, request.query.condominio_id, q, instante, VISITANTES),
        ]);
        if (!found) throw notFound(CONDOMINIO_NOT_FOUND);
        const { identidades, ...resultados } = found;
        const bloqueios = await marcarBloqueios(request.query.condominio_id, instante, identidades, visitantesEncontrados);
        return { ...resultados, visitantes: visitantesEncontrados, autorizacao: null, codigo_recusa: null, bloqueios };
      },
    );

    app.post(
      "/api/controle-acesso/entrada",
      {
        config: {
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
        const who = request.body.pessoa;
        // The method is what the server resolved, never what the client claims: a typed code, a
        // scanned QR, or else someone found by the search (a resident, provider, visitor, presence).
        const metodo = who.tipo === "codigo" ? "codigo" : who.tipo === "qrcode" ? "qrcode" : "busca";
        const condominio = await portaria(request, condominio_id);
        const quem = await pessoa(request, condominio.id, who);
        if (!quem) throw notFound(PESSOA_NOT_FOUND);
        const result = await entrar(
          request,
          {
            condominio_id: condominio.id,
            unidade_id: quem.unidade_id,
            tipo_pessoa: quem.tipo_pessoa,
            morador_id: quem.morador_id ?? null,
            prestador_id: quem.prestador_id ?? null,
            nome_pessoa: quem.nome_pessoa,
            documento: quem.documento,
            placa: placa ?? quem.autorizacao?.placa ?? null,
            metodo,
          },
          quem,
          liberar_mesmo_assim,
        );
        return reply.status(201).send(result);
      },
    );

    app.post(
      "/api/controle-acesso/visitante",
      {
        config: {
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
        const body = request.body;
        const condominio = await portaria(request, body.condominio_id);
        const unidade = await repo.unidadeDoCondominio(condominio.id, body.unidade_id);
        if (!unidade) {
          throw AppError.from(400, "VALIDATION_ERROR", MSG.unidadeDestinoRequired, { unidade_id: MSG.unidadeDestinoRequired.message });
        }
        const autorizadoPor = await quemAutorizou(condominio.id, unidade.id, body);
        // The schema stores the document as letters and digits, as the blocklist does.
        const documento = body.documento_numero;
        // Who a walk-in is at the gate (docs/decisions/0002): their document when they show one;
        // without it, this entry alone — two couriers with the same name are two people, and
        // each leaves by their own presence in 'Quem está no condomínio'.
        const chave = documento ? `visitante:${documento}` : `visitante:entrada:${randomUUID()}`;
        const quem: PessoaNaPortaria = { chave, tipo_pessoa: "visitante", nome_pessoa: body.nome, documento, unidade_id: unidade.id, ativo: true };
        const result = await entrar(
          request,
          {
            condominio_id: condominio.id,
            unidade_id: unidade.id,
            tipo_pessoa: "visitante",
            nome_pessoa: body.nome,
            documento,
            placa: body.placa,
            metodo: "manual",
            autorizado_por: autorizadoPor,
            observacao: body.observacao,
          },
          quem,
          body.liberar_mesmo_assim,
        );
        return reply.status(201).send(result);
      },
    );

    app.post(
      "/api/controle-acesso/saida",
      {
        config: {
          access,
          description: "`{ condominio_id, pessoa }` → 201 'Saída registrada'",
          scope: 404,
          sample: { body: async (f) => ({ condominio_id: (await f.condominio()).id, pessoa: { tipo: "morador", morador_id: (await f.morador()).id } }) },
        },
        schema: { body: saidaSchema, response: { 201: resultadoAcessoSchema } },
      },
      async (request, reply) => {
        const condominio = await portaria(request, request.body.condominio_id);
        const quem = await pessoa(request, condominio.id, request.body.pessoa);
        if (!quem) throw notFound(PESSOA_NOT_FOUND);
        const dentro = await repo.presencaDe(condominio.id, quem.chave);
        // An exit is recorded even for someone whose entry was not (a resident who came in unseen).
        const row = await repo.registrar(
          {
            condominio_id: condominio.id,
            unidade_id: quem.unidade_id ?? dentro?.unidade_id ?? null,
            tipo_pessoa: quem.tipo_pessoa,
            morador_id: quem.morador_id ?? null,
            prestador_id: quem.prestador_id ?? null,
            autorizacao_id: dentro?.autorizacao_id ?? quem.autorizacao?.id ?? null,
            nome_pessoa: quem.nome_pessoa,
            documento: quem.documento,
            placa: dentro?.placa ?? null,
            sentido: "saida",
            resultado: "liberado",
            metodo: "busca",
            ...operador(request),
          },
          null,
          { chave: quem.chave },
        );
        const result: ResultadoAcesso = {
          registro_id: row.id,
          resultado: "liberado",
          titulo: "Saída registrada",
          mensagem: `${quem.nome_pessoa} saiu às ${formatTime(row.registrado_em)}.`,
          pode_liberar: false,
        };
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
    app.get(
      "/api/controle-acesso/unidades",
      {
        config: {
          access,
          description: "as unidades ativas do condomínio, para o formulário de visitante sem pré-autorização",
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
          access,
          description: "os moradores ativos da unidade (nome, tipo, telefone), para escolher quem autorizou o visitante",
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
