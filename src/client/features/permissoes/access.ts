// The 'Acesso Negado' texts of the administration actions (§6), for useActionGuard.
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
