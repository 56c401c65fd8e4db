import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StoredText, SampleRecord } from "../../route-contract";
import {
  moradorAtualizadoSchema,
  moradoresDaUnidadeSchema,
  moradorInputSchema,
  moradorListQuerySchema,
  moradorPageSchema,
  moradorSchema,
  type MoradorDaUnidade,
} from "@shared/schemas/moradores";
import { veiculoInputSchema, veiculoSchema } from "@shared/schemas/veiculos";
import { semConteudo } from "@shared/schemas/common";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { MSG } from "@shared/messages";
import { idParams, withUniqueMessage, type ListTotals } from "../common";
import { moradoresListaRepository } from "./lista";
import { moradoresRepository } from "./repository";
import { scopeOf } from "../../scope";

const UNIDADE_NOT_FOUND = MSG.unidadeNotFound;
const MORADOR_NOT_FOUND = MSG.moradorNotFound;
const VEICULO_NOT_FOUND = MSG.veiculoNotFound;
// Issue 14: a CPF once per unit, a plate once per condominium.
const CPF_DUPLICATE = { moradores_unidade_cpf_unique: { ...MSG.moradorCpfDuplicate, field: "cpf" } };
const PLACA_DUPLICATE = { veiculos_condominio_placa_unique: { ...MSG.veiculoPlacaDuplicate, field: "placa" } };

// Residents and their vehicles, managed from the unit's edit page (§2 Units, §6), and the list of
// every resident in the user's condominiums (issue 14).
/** The residents of a record's unit, with their vehicles: how the fuzzer reads their texts back (route-contract.ts). */
const daUnidade = async (created: SampleRecord, get: (url: string) => Promise<{ rows: (SampleRecord & { veiculos: SampleRecord[] })[] }>) =>
  (await get(`/api/unidades/${String(created.unidade_id)}/moradores`)).rows;
const moradorLido: StoredText = { readBack: async (created, get) => (await daUnidade(created, get)).find((m) => m.id === created.id)! };
const veiculoLido: StoredText = {
  readBack: async (created, get) => (await daUnidade(created, get)).flatMap((m) => m.veiculos).find((v) => v.id === created.id)!,
};

export const moradoresRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = moradoresRepository(db);
    const lista = moradoresListaRepository(db, totals);
    const manageMoradores = requirePermission("gerenciar_moradores_unidade");
    const manageVeiculos = requirePermission("gerenciar_veiculos_morador");
    const readSection = requirePermission(["gerenciar_moradores_unidade", "gerenciar_veiculos_morador"], "verMoradoresUnidade");

    app.get(
      "/api/moradores",
      {
        config: {
          access: manageMoradores,
          description: "por nome, com unidade e condomínio; `q` busca nome, CPF e telefone (só dígitos e a pontuação das máscaras), bloco ou número da unidade",
          scope: "lista",
        },
        schema: { querystring: moradorListQuerySchema, response: { 200: moradorPageSchema } },
      },
      async (request) => lista.list(scopeOf(request), request.query),
    );

    app.get(
      "/api/unidades/:id/moradores",
      {
        config: {
          access: readSection,
          description: "moradores por nome, cada um com seus veículos",
          scope: 404,
          sample: { path: async (f) => `/api/unidades/${(await f.unidade()).id}/moradores` },
        },
        schema: { params: idParams, response: { 200: moradoresDaUnidadeSchema } },
      },
      async (request) => {
        // Read together: a unit that does not exist (or lies outside the scope) has no residents to list.
        const [exists, rows] = await Promise.all([repo.unidadeExists(scopeOf(request), request.params.id), repo.listByUnidade(request.params.id)]);
        if (!exists) throw notFound(UNIDADE_NOT_FOUND);
        const held = currentProfile(request).permissions;
        // Who manages only vehicles gets each resident's name and id, not their personal data;
        // who may not see vehicles does not receive the residents' plates (issue 14).
        const full = held.includes("gerenciar_moradores_unidade");
        const plates = held.includes("gerenciar_veiculos_morador") || held.includes("visualizar_veiculos");
        // The count goes to everyone who sees the resident: the plates stay hidden, but the screen
        // must not say "no vehicles", and deleting the resident deletes them too.
        const visible: MoradorDaUnidade[] = rows.map((morador) => {
          const veiculos = plates ? morador.veiculos : [];
          const veiculos_total = morador.veiculos.length;
          if (full) return { ...morador, veiculos, veiculos_total };
          const { id, unidade_id, nome_completo } = morador;
          return { id, unidade_id, nome_completo, veiculos, veiculos_total };
        });
        return { rows: visible, total: rows.length };
      },
    );

    app.post(
      "/api/unidades/:id/moradores",
      {
        config: {
          access: manageMoradores,
          description: "cadastra um morador na unidade → 201",
          scope: 404,
          sample: {
            path: async (f) => `/api/unidades/${(await f.unidade()).id}/moradores`,
            body: () => ({ nome_completo: "Ana Lima", tipo_morador: "inquilino", data_nascimento: "1990-05-17" }),
          },
          storesText: moradorLido,
        },
        schema: { params: idParams, body: moradorInputSchema, response: { 201: moradorSchema } },
      },
      async (request, reply) => {
        if (!(await repo.unidadeExists(scopeOf(request), request.params.id))) throw notFound(UNIDADE_NOT_FOUND);
        return reply.status(201).send(await withUniqueMessage(() => repo.createMorador(request.params.id, request.body), CPF_DUPLICATE));
      },
    );

    app.put(
      "/api/moradores/:id",
      {
        config: {
          access: manageMoradores,
          description: "edita o morador",
          scope: 404,
          sample: {
            path: async (f) => `/api/moradores/${(await f.morador()).id}`,
            body: () => ({ nome_completo: "Ana Lima Editada", tipo_morador: "proprietario" }),
          },
          storesText: moradorLido,
        },
        schema: { params: idParams, body: moradorInputSchema, response: { 200: moradorAtualizadoSchema } },
      },
      async (request) => {
        const updated = await withUniqueMessage(() => repo.updateMorador(scopeOf(request), request.params.id, request.body), CPF_DUPLICATE);
        if (!updated) throw notFound(MORADOR_NOT_FOUND);
        return updated;
      },
    );

    app.delete(
      "/api/moradores/:id",
      {
        config: {
          access: manageMoradores,
          description: "exclui o morador e os veículos dele → 204",
          scope: 404,
          sample: { path: async (f) => `/api/moradores/${(await f.morador()).id}` },
        },
        schema: { params: idParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        if (!(await repo.removeMorador(scopeOf(request), request.params.id))) throw notFound(MORADOR_NOT_FOUND);
        return reply.status(204).send();
      },
    );

    app.post(
      "/api/moradores/:id/veiculos",
      {
        config: {
          access: manageVeiculos,
          description: "cadastra um veículo do morador; placa ABC-1234 ou ABC1D23, gravada em maiúsculas sem hífen → 201",
          scope: 404,
          sample: { path: async (f) => `/api/moradores/${(await f.morador()).id}/veiculos`, body: () => ({ placa: "ABC-1234", tipo_veiculo: "carro" }) },
          storesText: veiculoLido,
        },
        schema: { params: idParams, body: veiculoInputSchema, response: { 201: veiculoSchema } },
      },
      async (request, reply) => {
        const morador = await repo.getMorador(scopeOf(request), request.params.id);
        if (!morador) throw notFound(MORADOR_NOT_FOUND);
        return reply.status(201).send(await withUniqueMessage(() => repo.createVeiculo(morador, request.body), PLACA_DUPLICATE));
      },
    );

    app.put(
      "/api/veiculos/:id",
      {
        config: {
          access: manageVeiculos,
          description: "edita o veículo (mesmas regras da placa)",
          scope: 404,
          sample: { path: async (f) => `/api/veiculos/${(await f.veiculo()).id}`, body: () => ({ placa: "XYZ1D23", tipo_veiculo: "moto", cor: "Preta" }) },
          storesText: veiculoLido,
        },
        schema: { params: idParams, body: veiculoInputSchema, response: { 200: veiculoSchema } },
      },
      async (request) => {
        const updated = await withUniqueMessage(() => repo.updateVeiculo(scopeOf(request), request.params.id, request.body), PLACA_DUPLICATE);
        if (!updated) throw notFound(VEICULO_NOT_FOUND);
        return updated;
      },
    );

    app.delete(
      "/api/veiculos/:id",
      {
        config: {
          access: manageVeiculos,
          description: "exclui o veículo → 204",
          scope: 404,
          sample: { path: async (f) => `/api/veiculos/${(await f.veiculo()).id}` },
        },
        schema: { params: idParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        if (!(await repo.removeVeiculo(scopeOf(request), request.params.id))) throw notFound(VEICULO_NOT_FOUND);
        return reply.status(204).send();
      },
    );
  };
