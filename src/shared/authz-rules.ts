// Nobody grants what they do not hold (issue 12, docs/decisions/0172-ninguem-concede-o-que-nao-tem.md). The rules as pure functions:
// the server enforces them on every request with what it read from the database, and the screens
// ask the same functions which boxes to disable and why. Each returns the refusal, or null.

import { MSG, type CatalogueMessage } from "./messages";
import { ADMIN_GROUP_NAME } from "./permissions";

/** Who acts: their profile id, the permissions they hold and the groups they belong to. */
export interface Actor {
  id: string;
  permissions: readonly string[];
  grupos: readonly { nome_grupo: string }[];
}

/** A group with the names of the permissions it grants. */
export interface GroupGrant {
  nome_grupo: string;
  permissoes: readonly string[];
}

export const isAdminGroup = (group: { nome_grupo: string }) => group.nome_grupo === ADMIN_GROUP_NAME;
export const isAdministrator = (who: { grupos: readonly { nome_grupo: string }[] }) => who.grupos.some(isAdminGroup);

/** Extending a group (or creating one) with `added` permission names. */
export function grantRefusal(actor: Actor, added: readonly string[]): CatalogueMessage | null {
  const held = new Set(actor.permissions);
  return added.every((name) => held.has(name)) ? null : MSG.grantUnheld;
}

/** Adding someone to `group`: only with every permission of the group; Administrador only by its members. */
export function addToGroupRefusal(actor: Actor, group: GroupGrant): CatalogueMessage | null {
  if (isAdminGroup(group) && !isAdministrator(actor)) return MSG.adminMembersOnly;
  return grantRefusal(actor, group.permissoes);
}

/** Removing someone from `group`: Administrador only by its members. */
export function removeFromGroupRefusal(actor: Actor, group: { nome_grupo: string }): CatalogueMessage | null {
  return isAdminGroup(group) && !isAdministrator(actor) ? MSG.adminMembersOnly : null;
}

/** Editing, blocking, deactivating or resetting the password of `target`: a member of Administrador only by its members. */
export function accountRefusal(actor: Actor, target: { grupos: readonly { nome_grupo: string }[] }): CatalogueMessage | null {
  return isAdministrator(target) && !isAdministrator(actor) ? MSG.adminMembersOnly : null;
}

/** The whole membership change of one user, from `current` to `wanted` groups. */
export function membershipRefusal(
  actor: Actor,
  target: { id: string } | null,
  current: readonly (GroupGrant & { id: string })[],
  wanted: readonly (GroupGrant & { id: string })[],
): CatalogueMessage | null {
  const currentIds = new Set(current.map((g) => g.id));
  const wantedIds = new Set(wanted.map((g) => g.id));
  const added = wanted.filter((g) => !currentIds.has(g.id));
  const removed = current.filter((g) => !wantedIds.has(g.id));
  if (target && target.id === actor.id && (added.length || removed.length)) return MSG.ownGroups;
  for (const group of removed) {
    const refusal = removeFromGroupRefusal(actor, group);
    if (refusal) return refusal;
  }
  for (const group of added) {
    const refusal = addToGroupRefusal(actor, group);
    if (refusal) return refusal;
  }
  return null;
}

/** The condominiums someone serves (gatehouse-spec §2). */
export interface ScopeGrant {
  acesso_todos_condominios: boolean;
  condominio_ids: readonly string[];
}

/**
 * Setting a user's condominiums from `current` (null when creating) to `wanted`: nobody gives a
 * scope larger than their own, and nobody changes their own.
 */
export function scopeRefusal(
  actor: Actor & ScopeGrant,
  target: { id: string } | null,
  current: ScopeGrant | null,
  wanted: ScopeGrant,
): CatalogueMessage | null {
  const had = new Set(current?.acesso_todos_condominios ? [] : (current?.condominio_ids ?? []));
  const changed =
    current === null ||
    current.acesso_todos_condominios !== wanted.acesso_todos_condominios ||
    (!wanted.acesso_todos_condominios && (had.size !== wanted.condominio_ids.length || wanted.condominio_ids.some((id) => !had.has(id))));
  if (!changed) return null;
  if (target && target.id === actor.id) return MSG.ownScope;
  if (actor.acesso_todos_condominios) return null;
  if (wanted.acesso_todos_condominios) return MSG.scopeLarger;
  // A user serving no condominium is outside every scoped manager's reach, this one's included.
  if (wanted.condominio_ids.length === 0) return MSG.scopeEmpty;
  const mine = new Set(actor.condominio_ids);
  return wanted.condominio_ids.every((id) => mine.has(id) || had.has(id)) ? null : MSG.scopeLarger;
}
