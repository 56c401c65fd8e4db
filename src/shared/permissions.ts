/**
 * The two permissions of a module made by `npm run new:module` (docs/adding-a-module.md): seeing its
 * records, and creating, editing and removing them. `nome` is the module's name in snake_case,
 * `rotulo` how its screens call it (the category of the permissions page).
 */
export function permissoesDoModulo<Nome extends string>(nome: Nome, rotulo: string) {
  return [
    {
      nome_permissao: `visualizar_${nome}`,
      categoria: rotulo,
      descricao: `Ver a lista e os dados de ${rotulo}`,
      negado: `Você não tem permissão para visualizar ${rotulo}.`,
    },
    {
      nome_permissao: `gerenciar_${nome}`,
      categoria: rotulo,
      descricao: `Cadastrar, alterar e excluir em ${rotulo}`,
      negado: `Você não tem permissão para gerenciar ${rotulo}.`,
    },
  ] as const;
}

// The permissions catalogue of spec §6: name, pt-BR description and category (seeded on start),
// and what a user without it is told (`negado`): the server's 403, the 'Acesso Negado' toast of
// an action and the card of a screen all read it from here.
export const PERMISSIONS = [
  {
    nome_permissao: "registrar_acesso_visitante",
    categoria: "Controle de Acesso",
    descricao: "Registrar a entrada e a saída de visitantes na portaria",
    negado: "Você não tem permissão para registrar acessos.",
  },
  {
    nome_permissao: "visualizar_registros_acesso",
    categoria: "Controle de Acesso",
    descricao: "Consultar os registros de acesso",
    negado: "Você não tem permissão para visualizar os registros de acesso.",
  },
  {
    nome_permissao: "gerenciar_bloqueios_acesso",
    categoria: "Controle de Acesso",
    descricao: "Bloquear e desbloquear pessoas e veículos na portaria",
    negado: "Você não tem permissão para gerenciar bloqueios.",
  },
  {
    nome_permissao: "visualizar_condominios",
    categoria: "Condomínios",
    descricao: "Ver a lista e os dados dos condomínios",
    negado: "Você não tem permissão para visualizar condomínios.",
  },
  {
    nome_permissao: "criar_condominios",
    categoria: "Condomínios",
    descricao: "Cadastrar novos condomínios",
    negado: "Você não tem permissão para criar condomínios.",
  },
  {
    nome_permissao: "editar_condominios",
    categoria: "Condomínios",
    descricao: "Alterar os dados dos condomínios",
    negado: "Você não tem permissão para editar condomínios.",
  },
  {
    nome_permissao: "excluir_condominios",
    categoria: "Condomínios",
    descricao: "Excluir condomínios",
    negado: "Você não tem permissão para excluir condomínios.",
  },
  {
    nome_permissao: "visualizar_unidades",
    categoria: "Unidades",
    descricao: "Ver a lista e os dados das unidades",
    negado: "Você não tem permissão para visualizar unidades.",
  },
  { nome_permissao: "criar_unidades", categoria: "Unidades", descricao: "Cadastrar novas unidades", negado: "Você não tem permissão para criar unidades." },
  {
    nome_permissao: "editar_unidades",
    categoria: "Unidades",
    descricao: "Alterar os dados das unidades",
    negado: "Você não tem permissão para editar unidades.",
  },
  { nome_permissao: "excluir_unidades", categoria: "Unidades", descricao: "Excluir unidades", negado: "Você não tem permissão para excluir unidades." },
  {
    nome_permissao: "gerenciar_moradores_unidade",
    categoria: "Moradores",
    descricao: "Cadastrar, alterar e excluir os moradores de uma unidade",
    negado: "Você não tem permissão para gerenciar moradores.",
  },
  {
    nome_permissao: "gerenciar_veiculos_morador",
    categoria: "Veículos",
    descricao: "Cadastrar, alterar e excluir os veículos dos moradores",
    negado: "Você não tem permissão para gerenciar veículos.",
  },
  {
    nome_permissao: "visualizar_veiculos",
    categoria: "Veículos",
    descricao: "Ver a lista de veículos",
    negado: "Você não tem permissão para visualizar veículos.",
  },
  {
    nome_permissao: "visualizar_prestadores_servico",
    categoria: "Prestadores de Serviço",
    descricao: "Ver a lista e os dados dos prestadores de serviço",
    negado: "Você não tem permissão para visualizar prestadores.",
  },
  {
    nome_permissao: "criar_prestadores_servico",
    categoria: "Prestadores de Serviço",
    descricao: "Cadastrar novos prestadores de serviço",
    negado: "Você não tem permissão para cadastrar prestadores.",
  },
  {
    nome_permissao: "editar_prestadores_servico",
    categoria: "Prestadores de Serviço",
    descricao: "Alterar os dados dos prestadores de serviço",
    negado: "Você não tem permissão para editar prestadores.",
  },
  {
    nome_permissao: "excluir_prestadores_servico",
    categoria: "Prestadores de Serviço",
    descricao: "Excluir prestadores de serviço",
    negado: "Você não tem permissão para excluir prestadores.",
  },
  {
    nome_permissao: "gerenciar_usuarios_portaria",
    categoria: "Administração",
    descricao: "Listar, cadastrar e editar usuários e alterar o status deles",
    negado: "Você não tem permissão para gerenciar usuários.",
  },
  {
    nome_permissao: "gerenciar_grupos_permissoes",
    categoria: "Administração",
    descricao: "Gerenciar os grupos e o catálogo de permissões",
    negado: "Você não tem permissão para gerenciar grupos e permissões.",
  },
  // gate-operation-spec §6: the technician's registry, and the operator's 'Abrir' at the console.
  {
    nome_permissao: "gerenciar_dispositivos",
    categoria: "Dispositivos",
    descricao: "Cadastrar, testar e sincronizar os dispositivos da portaria",
    negado: "Você não tem permissão para gerenciar dispositivos.",
  },
  {
    nome_permissao: "acionar_dispositivos",
    categoria: "Dispositivos",
    descricao: "Abrir portas e portões pelo console da portaria",
    negado: "Você não tem permissão para acionar dispositivos.",
  },
  // gate-operation-spec §4, §6: the operator receives and hands out parcels; the síndico reads
  // those of his condominiums (§1), with a permission of its own (docs/decisions/0279).
  {
    nome_permissao: "gerenciar_encomendas",
    categoria: "Encomendas",
    descricao: "Receber, entregar e devolver encomendas na portaria",
    negado: "Você não tem permissão para gerenciar encomendas.",
  },
  {
    nome_permissao: "visualizar_encomendas",
    categoria: "Encomendas",
    descricao: "Consultar as encomendas e a custódia delas",
    negado: "Você não tem permissão para visualizar encomendas.",
  },
  // gate-operation-spec §5, §6: the operator keeps the shift book; the síndico reads the entries
  // marked for him (docs/decisions/0280).
  {
    nome_permissao: "registrar_ocorrencias",
    categoria: "Livro da portaria",
    descricao: "Abrir e encerrar turnos e registrar, complementar e resolver ocorrências no livro da portaria",
    negado: "Você não tem permissão para registrar ocorrências.",
  },
  {
    nome_permissao: "visualizar_ocorrencias",
    categoria: "Livro da portaria",
    descricao: "Ler as ocorrências do livro da portaria marcadas como visíveis ao síndico",
    negado: "Você não tem permissão para visualizar ocorrências.",
  },
  // new:module (scripts/new-module.mjs) adds its module's line above this one.
] as const;

export type PermissionName = (typeof PERMISSIONS)[number]["nome_permissao"];

export const PERMISSION_NAMES: readonly PermissionName[] = PERMISSIONS.map((p) => p.nome_permissao);

const DENIED_BY_PERMISSION = Object.fromEntries(PERMISSIONS.map((p) => [p.nome_permissao, p.negado])) as Record<PermissionName, string>;

/**
 * Refusals finer than one permission: one permission covers several actions whose texts the
 * spec names apart (§6: 'Você não tem permissão para criar grupos.'), and some screens have
 * their own variant of the 'Acesso Negado' card (§2).
 */
export const DENIED_ACTIONS = {
  criarGrupo: "Você não tem permissão para criar grupos.",
  editarGrupo: "Você não tem permissão para editar grupos.",
  excluirGrupo: "Você não tem permissão para excluir grupos.",
  gerenciarGrupos: "Você não tem permissão para gerenciar grupos.",
  verGrupos: "Você não tem permissão para ver os grupos.",
  criarPermissao: "Você não tem permissão para criar permissões.",
  editarPermissao: "Você não tem permissão para editar permissões.",
  excluirPermissao: "Você não tem permissão para excluir permissões.",
  gerenciarPermissoes: "Você não tem permissão para gerenciar permissões.",
  criarUsuario: "Você não tem permissão para criar usuários.",
  editarUsuario: "Você não tem permissão para editar usuários.",
  alterarStatusUsuario: "Você não tem permissão para alterar o status de usuários.",
  redefinirSenhaUsuario: "Você não tem permissão para redefinir a senha de usuários.",
  verMoradoresUnidade: "Você não tem permissão para ver os moradores desta unidade.",
  /** §2's card variant for the providers' screens. */
  verPrestadoresPagina: "Você não possui permissão para visualizar prestadores.",
} as const;
export type DeniedAction = keyof typeof DENIED_ACTIONS;

/** The refusal text of a permission (its own) or of a finer action. */
export function deniedText(what: PermissionName | DeniedAction): string {
  return (DENIED_BY_PERMISSION as Record<string, string>)[what] ?? DENIED_ACTIONS[what as DeniedAction];
}

/** The permissions the code itself checks (§6): they may not be renamed or deleted. */
export const isSystemPermission = (name: string) => (PERMISSION_NAMES as readonly string[]).includes(name);

export const ADMIN_GROUP_NAME = "Administrador";
export const DEFAULT_PERMISSION_CATEGORY = "Outras";

export const USER_STATUSES = ["ativo", "inativo", "pendente_confirmacao", "bloqueado"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Statuses that may not sign in nor keep a session. */
export const BLOCKED_STATUSES: readonly UserStatus[] = ["inativo", "bloqueado"];
