// The permissions catalogue of spec §6: name, pt-BR description and category. Seeded on start.
export const PERMISSIONS = [
  { nome_permissao: "registrar_acesso_visitante", categoria: "Controle de Acesso", descricao: "Registrar a entrada e a saída de visitantes na portaria" },
  { nome_permissao: "visualizar_registros_acesso", categoria: "Controle de Acesso", descricao: "Consultar os registros de acesso" },
  { nome_permissao: "visualizar_condominios", categoria: "Condomínios", descricao: "Ver a lista e os dados dos condomínios" },
  { nome_permissao: "criar_condominios", categoria: "Condomínios", descricao: "Cadastrar novos condomínios" },
  { nome_permissao: "editar_condominios", categoria: "Condomínios", descricao: "Alterar os dados dos condomínios" },
  { nome_permissao: "excluir_condominios", categoria: "Condomínios", descricao: "Excluir condomínios" },
  { nome_permissao: "visualizar_unidades", categoria: "Unidades", descricao: "Ver a lista e os dados das unidades" },
  { nome_permissao: "criar_unidades", categoria: "Unidades", descricao: "Cadastrar novas unidades" },
  { nome_permissao: "editar_unidades", categoria: "Unidades", descricao: "Alterar os dados das unidades" },
  { nome_permissao: "excluir_unidades", categoria: "Unidades", descricao: "Excluir unidades" },
  { nome_permissao: "gerenciar_moradores_unidade", categoria: "Moradores", descricao: "Cadastrar, alterar e excluir os moradores de uma unidade" },
  { nome_permissao: "gerenciar_veiculos_morador", categoria: "Veículos", descricao: "Cadastrar, alterar e excluir os veículos dos moradores" },
  { nome_permissao: "visualizar_veiculos", categoria: "Veículos", descricao: "Ver a lista de veículos" },
  { nome_permissao: "visualizar_prestadores_servico", categoria: "Prestadores de Serviço", descricao: "Ver a lista e os dados dos prestadores de serviço" },
  { nome_permissao: "criar_prestadores_servico", categoria: "Prestadores de Serviço", descricao: "Cadastrar novos prestadores de serviço" },
  { nome_permissao: "editar_prestadores_servico", categoria: "Prestadores de Serviço", descricao: "Alterar os dados dos prestadores de serviço" },
  { nome_permissao: "excluir_prestadores_servico", categoria: "Prestadores de Serviço", descricao: "Excluir prestadores de serviço" },
  { nome_permissao: "gerenciar_usuarios_portaria", categoria: "Administração", descricao: "Listar, cadastrar e editar usuários e alterar o status deles" },
  { nome_permissao: "gerenciar_grupos_permissoes", categoria: "Administração", descricao: "Gerenciar os grupos e o catálogo de permissões" },
] as const;

export type PermissionName = (typeof PERMISSIONS)[number]["nome_permissao"];

export const PERMISSION_NAMES: readonly PermissionName[] = PERMISSIONS.map((p) => p.nome_permissao);

/** The permissions the code itself checks (§6): they may not be renamed or deleted. */
export const isSystemPermission = (name: string) => (PERMISSION_NAMES as readonly string[]).includes(name);

export const ADMIN_GROUP_NAME = "Administrador";
export const DEFAULT_PERMISSION_CATEGORY = "Outras";

export const USER_STATUSES = ["ativo", "inativo", "pendente_confirmacao", "bloqueado"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Statuses that may not sign in nor keep a session. */
export const BLOCKED_STATUSES: readonly UserStatus[] = ["inativo", "bloqueado"];
