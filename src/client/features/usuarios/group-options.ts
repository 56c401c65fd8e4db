import { addToGroupRefusal, removeFromGroupRefusal, type Actor } from "@shared/authz-rules";
import { MSG } from "@shared/messages";
import type { GrupoListItem } from "@shared/schemas/grupos";
import type { GrupoOption } from "./grupos-checklist";

/**
 * The groups offered on a user form, each disabled with its reason where the server would refuse
 * the change (src/shared/authz-rules.ts): a group the user is in may be left unless it is
 * Administrador and the actor is not a member; a group the user is not in may be joined only if
 * the actor holds all its permissions. On one's own account nothing changes.
 */
export function membershipOptions(
  actor: Actor,
  grupos: readonly (GrupoListItem | { id: string; nome_grupo: string; permissoes?: undefined })[],
  current: readonly string[],
  self: boolean,
): GrupoOption[] {
  const member = new Set(current);
  return grupos.map((g) => {
    const refusal = self
      ? MSG.ownGroups
      : member.has(g.id)
        ? removeFromGroupRefusal(actor, g)
        : g.permissoes
          ? addToGroupRefusal(actor, { nome_grupo: g.nome_grupo, permissoes: g.permissoes })
          : null;
    return refusal ? { ...g, disabled: true, note: refusal.message } : g;
  });
}
