import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StoredText } from "../../route-contract";
import { MSG } from "@shared/messages";
import { ADMIN_GROUP_NAME } from "@shared/permissions";
import { grupoInputSchema, grupoListSchema, grupoSchema } from "@shared/schemas/grupos";
import { semConteudo } from "@shared/schemas/common";
import { grantRefusal } from "@shared/authz-rules";
import { looksLike } from "@shared/confusables";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { AppError, notFound, refuseIf, ruleRefusal } from "../../errors";
import { idParams, withUniqueMessage } from "../common";
import { gruposRepository } from "./repository";

const access = requirePermission("gerenciar_grupos_permissoes", "gerenciarGrupos");
/**
 * No other group may pass for Administrador: the same name in another case is a duplicate, one
 * that only looks the same (Cyrillic or Greek letters, invisible characters, accents, spacing)
 * is refused as such (shared/confusables.ts).
 */
function refuseAdminLookAlike(nome: string) {
  if (nome.toLowerCase() === ADMIN_GROUP_NAME.toLowerCase()) throw AppError.from(409, "DUPLICATE", MSG.groupDuplicate);
  if (looksLike(nome, ADMIN_GROUP_NAME))
    throw AppError.from(400, "VALIDATION_ERROR", MSG.groupNameLooksLikeAdmin, { nome_grupo: MSG.groupNameLooksLikeAdmin.message });
}
const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/** How the fuzzer reads a group's texts back (route-contract.ts); two groups cannot share a name. */
const grupoLido: StoredText = { readBack: (created, get) => get(`/api/grupos/${created.id}`), unique: ["nome_grupo"] };

export const gruposRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = gruposRepository(db);

    /** The names of the permissions `ids`, all of which must exist. */
    async function permissionNames(ids: readonly string[] = []): Promise<string[]> {
      const names = await repo.permissionNames(ids);
      if (names.length !== ids.length) throw AppError.from(400, "VALIDATION_ERROR", MSG.unknownPermission);
      return names;
    }

    // Read by user managers as well: they assign groups to users.
    const listAccess = requirePermission(["gerenciar_grupos_permissoes", "gerenciar_usuarios_portaria"], "verGrupos");
    app.get(
      "/api/grupos",
      {
        config: { access: listAccess, description: "`id, nome_grupo, descricao, user_count, permissoes` (nomes) por nome", scope: "sem_escopo" },
        schema: { response: { 200: grupoListSchema } },
      },
      async () => {
        const rows = await repo.list();
        return { rows, total: rows.length };
      },
    );

    app.get(
      "/api/grupos/:id",
      {
        config: { access, description: "com `permissao_ids`", scope: "sem_escopo", sample: { path: async (f) => `/api/grupos/${(await f.grupo()).id}` } },
        schema: { params: idParams, response: { 200: grupoSchema } },
      },
      async (request) => {
        const grupo = await repo.get(request.params.id);
        if (!grupo) throw notFound(MSG.groupNotFound);
        return grupo;
      },
    );

    app.post(
      "/api/grupos",
      {
        config: {
          access,
          description:
            "`{ nome_grupo, descricao, permissao_ids }`; a edição grava só as diferenças; Administrador não pode ser renomeado nem perder permissões (403 `RULE`); só se acrescentam permissões que quem edita possui (403 `RULE`)",
          scope: "sem_escopo",
          sample: { body: (f) => ({ nome_grupo: `Grupo Amostra ${f.seq()}`, descricao: "Grupo de amostra" }) },
          storesText: grupoLido,
        },
        schema: { body: grupoInputSchema, response: { 201: grupoSchema } },
      },
      async (request, reply) => {
        // A new group grants only what its creator holds.
        refuseIf(grantRefusal(currentProfile(request), await permissionNames(request.body.permissao_ids)));
        refuseAdminLookAlike(request.body.nome_grupo);
        const id = await withUniqueMessage(() => repo.create(request.body), MSG.groupDuplicate);
        // Deleted meanwhile (by someone else, between the insert and this read): as after an update.
        const created = await repo.get(id);
        if (!created) throw notFound(MSG.groupNotFound);
        return reply.status(201).send(created);
      },
    );

    app.put(
      "/api/grupos/:id",
      {
        config: {
          access,
          description:
            "`{ nome_grupo, descricao, permissao_ids }`; a edição grava só as diferenças; Administrador não pode ser renomeado nem perder permissões (403 `RULE`); só se acrescentam permissões que quem edita possui (403 `RULE`)",
          scope: "sem_escopo",
          sample: { path: async (f) => `/api/grupos/${(await f.grupo()).id}`, body: (f) => ({ nome_grupo: `Grupo Editado ${f.seq()}` }) },
          storesText: grupoLido,
        },
        schema: { params: idParams, body: grupoInputSchema, response: { 200: grupoSchema } },
      },
      async (request) => {
        const current = await repo.get(request.params.id);
        if (!current) throw notFound(MSG.groupNotFound);
        const input = request.body;
        if (current.nome_grupo === ADMIN_GROUP_NAME) {
          // Protected: it keeps its name and every permission, whatever the client sends.
          if (input.nome_grupo !== ADMIN_GROUP_NAME) throw ruleRefusal(MSG.adminGroupRename);
          if (input.permissao_ids && !sameSet(input.permissao_ids, await repo.allPermissionIds())) throw ruleRefusal(MSG.adminGroupPermissions);
        } else {
          refuseAdminLookAlike(input.nome_grupo);
        }
        // A group is extended only with permissions the acting user holds; removing is not granting.
        const added = (input.permissao_ids ?? []).filter((id) => !current.permissao_ids.includes(id));
        refuseIf(grantRefusal(currentProfile(request), await permissionNames(added)));
        await withUniqueMessage(() => repo.update(current.id, input), MSG.groupDuplicate);
        const updated = await repo.get(current.id);
        if (!updated) throw notFound(MSG.groupNotFound);
        return updated;
      },
    );

    app.delete(
      "/api/grupos/:id",
      {
        config: { access, description: "Administrador: 403 `RULE`", scope: "sem_escopo", sample: { path: async (f) => `/api/grupos/${(await f.grupo()).id}` } },
        schema: { params: idParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        const current = await repo.get(request.params.id);
        if (!current) throw notFound(MSG.groupNotFound);
        if (current.nome_grupo === ADMIN_GROUP_NAME) throw ruleRefusal(MSG.adminGroupDelete);
        await repo.remove(current.id);
        return reply.status(204).send();
      },
    );
  };
