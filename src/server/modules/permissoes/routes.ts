import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StoredText } from "../../route-contract";
import { MSG, MSG_WITH } from "@shared/messages";
import { isSystemPermission } from "@shared/permissions";
import { permissaoInputSchema, permissaoListSchema, permissaoSchema } from "@shared/schemas/permissoes";
import { semConteudo } from "@shared/schemas/common";
import { requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { AppError, notFound, ruleRefusal } from "../../errors";
import { idParams, withUniqueMessage } from "../common";
import { permissoesRepository } from "./repository";

const access = requirePermission("gerenciar_grupos_permissoes", "gerenciarPermissoes");

/** How the fuzzer reads a permission's texts back (route-contract.ts). */
const permissaoLida: StoredText = {
  readBack: async (created, get) => (await get("/api/permissoes")).rows.find((p: { id: string }) => p.id === created.id),
};

export const permissoesRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = permissoesRepository(db);

    app.get(
      "/api/permissoes",
      { config: { access, description: "catálogo, por categoria e nome", scope: "sem_escopo" }, schema: { response: { 200: permissaoListSchema } } },
      async () => {
        const rows = await repo.list();
        return { rows, total: rows.length };
      },
    );

    app.post(
      "/api/permissoes",
      {
        config: {
          access,
          description: '`{ nome_permissao, descricao?, categoria? }`; nome normalizado; categoria vazia → "Outras"; concedida ao Administrador',
          scope: "sem_escopo",
          sample: { body: (f) => ({ nome_permissao: `amostra_${f.seq()}`, categoria: "Amostras", descricao: "Permissão de amostra" }) },
          storesText: permissaoLida,
        },
        schema: { body: permissaoInputSchema, response: { 201: permissaoSchema } },
      },
      async (request, reply) => {
        const created = await withUniqueMessage(() => repo.create(request.body), MSG.permissionDuplicate);
        return reply.status(201).send(created);
      },
    );

    app.put(
      "/api/permissoes/:id",
      {
        config: {
          access,
          description: "mesmo corpo",
          scope: "sem_escopo",
          sample: {
            path: async (f) => `/api/permissoes/${(await f.permissao()).id}`,
            body: (f) => ({ nome_permissao: `amostra_editada_${f.seq()}`, categoria: "Amostras" }),
          },
          storesText: permissaoLida,
        },
        schema: { params: idParams, body: permissaoInputSchema, response: { 200: permissaoSchema } },
      },
      async (request) => {
        const current = await repo.get(request.params.id);
        if (!current) throw notFound(MSG.permissionNotFound);
        if (isSystemPermission(current.nome_permissao) && request.body.nome_permissao !== current.nome_permissao) {
          throw ruleRefusal(MSG.systemPermissionRename);
        }
        const updated = await withUniqueMessage(() => repo.update(current.id, request.body), MSG.permissionDuplicate);
        if (!updated) throw notFound(MSG.permissionNotFound);
        return updated;
      },
    );

    app.delete(
      "/api/permissoes/:id",
      {
        config: {
          access,
          description: "409 `IN_USE` se algum grupo (além do Administrador) a usa",
          scope: "sem_escopo",
          sample: { path: async (f) => `/api/permissoes/${(await f.permissao()).id}` },
        },
        schema: { params: idParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        const permission = await repo.get(request.params.id);
        if (!permission) throw notFound(MSG.permissionNotFound);
        if (isSystemPermission(permission.nome_permissao)) throw ruleRefusal(MSG.systemPermissionDelete);
        const groups = await repo.countUsingGroups(permission.id);
        if (groups > 0) {
          throw AppError.from(409, "IN_USE", MSG_WITH.permissionInUse(permission.nome_permissao, groups));
        }
        await repo.remove(permission.id);
        return reply.status(204).send();
      },
    );
  };
