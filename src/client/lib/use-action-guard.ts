import { useCallback } from "react";
import { MSG } from "@shared/messages";
import { deniedText, type DeniedAction, type PermissionName } from "@shared/permissions";
import { useAuth } from "./auth";
import { toast } from "./toast";

/**
 * §6: an action re-checks its permission right before calling the API; without it an
 * 'Acesso Negado' toast says what was refused, in the catalogue's words (src/shared/permissions.ts):
 * the permission's own text, or `deniedAs` for a finer action ('Você não tem permissão para
 * criar grupos.'). The server refuses the call regardless.
 */
export function useActionGuard() {
  const { can } = useAuth();
  return useCallback(
    (permission: PermissionName | readonly PermissionName[], deniedAs?: PermissionName | DeniedAction) => {
      if (can(permission)) return true;
      const first = typeof permission === "string" ? permission : permission[0]!;
      toast({ title: MSG.accessDenied.title, description: deniedText(deniedAs ?? first), variant: "destructive" });
      return false;
    },
    [can],
  );
}
