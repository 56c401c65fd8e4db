import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MSG } from "../../../shared/messages";
import { ADMIN_GROUP_NAME } from "../../../shared/permissions";
import { grupoInputSchema } from "../../../shared/schemas/grupos";
import { grantRefusal } from "../../../shared/authz-rules";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { AppError, notFound, refuseIf, ruleRefusal } from "../../errors";
import { idParams, withUniqueMessage } from "../common";
import { gruposRepository } from "./repository";

const access = requirePermission("gerenciar_grupos_permissoes", "gerenciarGrupos");
const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

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
    app.get("/api/grupos", { config: { access: listAccess } }, async () => {
      const rows = await repo.list();
      return { rows, total: rows.length };
    });

    app.get("/api/grupos/:id", { config: { access }, schema: { params: idParams } }, async (request) => {
      const grupo = await repo.get(request.params.id);
      if (!grupo) throw notFound(MSG.groupNotFound);
      return grupo;
    });

    app.post("/api/grupos", { config: { access }, schema: { body: grupoInputSchema } }, async (request, reply) => {
      // A new group grants only what its creator holds.
      refuseIf(grantRefusal(currentProfile(request), await permissionNames(request.body.permissao_ids)));
      if (request.body.nome_grupo.toLowerCase() === ADMIN_GROUP_NAME.toLowerCase()) throw AppError.from(409, "DUPLICATE", MSG.groupDuplicate);
      const id = await withUniqueMessage(() => repo.create(request.body), MSG.groupDuplicate);
      return reply.status(201).send(await repo.get(id));
    });

    app.put("/api/grupos/:id", { config: { access }, schema: { params: idParams, body: grupoInputSchema } }, async (request) => {
      const current = await repo.get(request.params.id);
      if (!current) throw notFound(MSG.groupNotFound);
      const input = request.body;
      if (current.nome_grupo === ADMIN_GROUP_NAME) {
        // Protected: it keeps its name and every permission, whatever the client sends.
        if (input.nome_grupo !== ADMIN_GROUP_NAME) throw ruleRefusal(MSG.adminGroupRename);
        if (input.permissao_ids && !sameSet(input.permissao_ids, await repo.allPermissionIds())) throw ruleRefusal(MSG.adminGroupPermissions);
      } else if (input.nome_grupo.toLowerCase() === ADMIN_GROUP_NAME.toLowerCase()) {
        throw AppError.from(409, "DUPLICATE", MSG.groupDuplicate);
      }
      // A group is extended only with permissions the acting user holds; removing is not granting.
      const added = (input.permissao_ids ?? []).filter((id) => !current.permissao_ids.includes(id));
      refuseIf(grantRefusal(currentProfile(request), await permissionNames(added)));
      await withUniqueMessage(() => repo.update(current.id, input), MSG.groupDuplicate);
      return repo.get(current.id);
    });

    app.delete("/api/grupos/:id", { config: { access }, schema: { params: idParams } }, async (request, reply) => {
      const current = await repo.get(request.params.id);
      if (!current) throw notFound(MSG.groupNotFound);
      if (current.nome_grupo === ADMIN_GROUP_NAME) throw ruleRefusal(MSG.adminGroupDelete);
      await repo.remove(current.id);
      return reply.status(204).send();
    });
  };
