import { useCallback } from "react";
import { MSG } from "@shared/messages";
import { useAuth } from "~/lib/auth";
import { toast } from "~/lib/toast";

/**
 * §6: actions re-check the permission before calling the API; without it an 'Acesso Negado'
 * toast says what was refused ('Você não tem permissão para criar grupos.').
 */
export function useActionGuard(permission: "gerenciar_grupos_permissoes" | "gerenciar_usuarios_portaria") {
  const { can } = useAuth();
  return useCallback(
    (deniedMessage: string) => {
      if (can(permission)) return true;
      toast({ title: MSG.accessDenied.title, description: deniedMessage, variant: "destructive" });
      return false;
    },
    [can, permission],
  );
}

export const DENIED = {
  createPermission: "Você não tem permissão para criar permissões.",
  editPermission: "Você não tem permissão para editar permissões.",
  deletePermission: "Você não tem permissão para excluir permissões.",
  createGroup: "Você não tem permissão para criar grupos.",
  editGroup: "Você não tem permissão para editar grupos.",
  deleteGroup: "Você não tem permissão para excluir grupos.",
  createUser: "Você não tem permissão para criar usuários.",
  editUser: "Você não tem permissão para editar usuários.",
  changeStatus: "Você não tem permissão para alterar o status de usuários.",
  resetPassword: "Você não tem permissão para redefinir a senha de usuários.",
} as const;
