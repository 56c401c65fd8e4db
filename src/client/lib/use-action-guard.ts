import { useCallback } from "react";
import { MSG } from "@shared/messages";
import type { PermissionName } from "@shared/permissions";
import { useAuth } from "./auth";
import { toast } from "./toast";

/**
 * §6: an action re-checks its permission right before calling the API; without it an
 * 'Acesso Negado' toast says what was refused ('Você não tem permissão para criar grupos.').
 * The server refuses the call regardless.
 */
export function useActionGuard() {
  const { can } = useAuth();
  return useCallback(
    (permission: PermissionName | readonly PermissionName[], deniedMessage: string) => {
      if (can(permission)) return true;
      toast({ title: MSG.accessDenied.title, description: deniedMessage, variant: "destructive" });
      return false;
    },
    [can],
  );
}
