// The spec's message catalogue (§5, §8, §9), word for word. Server errors and client toasts
// both take their texts from here so that the two never drift apart.

import { INTERNAL_ERROR, LOGOUT_ERROR, type CatalogueMessage } from "./messages-base";

// Part of the catalogue lives in messages-base.ts (durations, success texts, two errors): the
// code every public page loads needs only that part. Everything is exported from here as well.
export { INTERNAL_ERROR, LOGOUT_ERROR, SUCCESS, TOAST_DURATION, type CatalogueMessage } from "./messages-base";

export const MSG = {
  // §5 validation
  loginRequired: { title: "Campos obrigatórios", message: "Por favor, preencha email e senha." },
  recoveryEmailRequired: { title: "Email obrigatório", message: "Por favor, informe o email para recuperação." },
  leadRequired: { title: "Campos obrigatórios", message: "Por favor, preencha o nome e o email." },
  noUserOrRecovery: { title: "Erro ao alterar senha", message: "Nenhum usuário logado ou sessão de recuperação ativa." },
  passwordTooShort: { title: "Senha muito curta", message: "A nova senha deve ter pelo menos 6 caracteres." },
  passwordMismatch: { title: "Senhas não conferem", message: "A nova senha e a confirmação de senha devem ser iguais." },
  permissionRequired: { title: "Campos obrigatórios", message: "Nome da permissão e categoria são obrigatórios." },
  groupNameRequired: { title: "Campo obrigatório", message: "O nome do grupo é obrigatório." },
  userCreateRequired: { title: "Campos obrigatórios", message: "Nome, email e senha são obrigatórios." },
  userPasswordShort: { title: "Senha curta", message: "A senha deve ter pelo menos 6 caracteres." },
  // Beyond the spec's minimum length ("the authentication service itself reports weak passwords
  // with reasons"): the server answers "Senha fraca: <reasons>"; this message is the fallback.
  passwordWeak: { title: "Senha fraca", message: "Escolha uma senha mais difícil de adivinhar." },
  userNameRequired: { title: "Campo obrigatório", message: "O nome completo é obrigatório." },
  condominioNameRequired: { title: "Campo obrigatório", message: "O nome do condomínio é obrigatório." },
  unidadeCreateRequired: { title: "Campos obrigatórios", message: "Condomínio e Número da Unidade são obrigatórios." },
  unidadeNumberRequired: { title: "Campo obrigatório", message: "O número da unidade é obrigatório." },
  moradorRequired: { title: "Campos obrigatórios", message: "Nome completo e tipo de morador são obrigatórios." },
  veiculoRequired: { title: "Campos obrigatórios", message: "Placa e Tipo de Veículo são obrigatórios." },
  prestadorRequired: { title: "Campos obrigatórios", message: "Nome/Empresa e Tipo de Serviço são obrigatórios." },

  // §8 authentication
  authError: { title: "Erro de autenticação", message: "Email ou senha incorretos." },
  accountDisabled: {
    title: "Erro de autenticação",
    message: "Sua conta está inativa ou bloqueada. Procure o administrador do sistema.",
  },
  profileLoadError: { title: "Erro ao carregar perfil", message: "Não foi possível carregar seu perfil." },
  logoutError: LOGOUT_ERROR,
  changePasswordError: { title: "Erro ao alterar senha", message: "Não foi possível alterar a senha." },
  sendEmailError: { title: "Erro ao enviar email", message: "Não foi possível enviar o link de recuperação." },
  sendRecoveryEmailError: { title: "Erro ao enviar email de recuperação", message: "Não foi possível enviar o link de recuperação." },
  passwordUnchanged: { title: "Erro ao alterar senha", message: "A nova senha deve ser diferente da senha atual." },
  currentPasswordRequired: { title: "Campo obrigatório", message: "Informe a sua senha atual." },
  currentPasswordWrong: { title: "Erro ao alterar senha", message: "A senha atual está incorreta." },
  recoveryLinkInvalid: {
    title: "Erro ao alterar senha",
    message: "O link de recuperação é inválido ou expirou. Solicite um novo link.",
  },

  // §8 rule refusals and access
  accessDenied: { title: "Acesso Negado", message: "Você não possui permissão para acessar esta página." },
  accessDeniedRedirect: { title: "Acesso Negado", message: "Acesso negado: permissão insuficiente." },
  notAuthenticated: { title: "Sessão expirada", message: "Entre novamente para continuar." },

  // §5 / §8 rule refusals of Portaria Web administration
  ownStatus: { title: "Ação não permitida", message: "Você não pode alterar o status da sua própria conta para inativo ou bloqueado." },
  ownReset: { title: "Ação não permitida", message: "Você não pode resetar a senha da sua própria conta desta forma." },
  noEmail: { title: "Email não encontrado", message: "Não é possível resetar a senha sem um email." },

  // Nobody grants what they do not hold (issue 12; src/shared/authz-rules.ts)
  grantUnheld: { title: "Ação não permitida", message: "Você não pode conceder permissões que não possui." },
  adminMembersOnly: { title: "Ação não permitida", message: "Somente administradores podem alterar membros do grupo Administrador." },
  ownGroups: { title: "Ação não permitida", message: "Você não pode alterar os seus próprios grupos." },
  // Condominium scope (gatehouse-spec §2)
  scopeLarger: { title: "Ação não permitida", message: "Você não pode dar acesso a condomínios que não atende." },
  ownScope: { title: "Ação não permitida", message: "Você não pode alterar os condomínios que você mesmo atende." },
  scopeEmpty: { title: "Ação não permitida", message: "Escolha ao menos um dos condomínios que você atende." },
  condominioCreateNeedsAll: { title: "Ação não permitida", message: "Somente quem atende todos os condomínios pode cadastrar condomínios." },
  prestadorGeralNeedsAll: {
    title: "Ação não permitida",
    message: "Prestadores gerais (sem condomínio) valem para todos os condomínios: somente quem atende todos pode cadastrá-los ou alterá-los.",
  },
  // Blocklist (gatehouse-spec §6, §9)
  bloqueioPessoaRequired: { title: "Campos obrigatórios", message: "Informe o documento ou o nome da pessoa bloqueada." },
  bloqueioVeiculoRequired: { title: "Campos obrigatórios", message: "Informe a placa do veículo bloqueado." },
  bloqueioMotivoRequired: { title: "Campo obrigatório", message: "O motivo do bloqueio é obrigatório." },
  bloqueioGeralNeedsAll: {
    title: "Ação não permitida",
    message: "Bloqueios de todos os condomínios valem também nos que você não atende: somente quem atende todos pode removê-los.",
  },
  bloqueioNotFound: { title: "Bloqueio não encontrado", message: "Bloqueio não encontrado." },
  bloqueioJaRemovido: { title: "Bloqueio já removido", message: "Este bloqueio já foi removido." },
  // Corrections of access records (gatehouse-spec §5; docs/decisions/0004-registros-e-correcoes.md)
  correcaoErradoRequired: { title: "Campo obrigatório", message: "Diga o que estava errado no registro." },
  correcaoCertoRequired: { title: "Campo obrigatório", message: "Diga o que está certo." },
  correcaoDeCorrecao: { title: "Ação não permitida", message: "Uma correção não pode ser corrigida: corrija o registro original." },
  registroNotFound: { title: "Registro não encontrado", message: "Registro não encontrado." },
  lastActiveAdmin: { title: "Ação não permitida", message: "O sistema precisa de ao menos um administrador ativo." },
  adminGroupDelete: { title: "Ação não permitida", message: "O grupo Administrador não pode ser excluído." },
  adminGroupRename: { title: "Ação não permitida", message: "O grupo Administrador não pode ser renomeado." },
  adminGroupPermissions: { title: "Ação não permitida", message: "As permissões do grupo Administrador não podem ser alteradas." },
  systemPermissionRename: { title: "Ação não permitida", message: "Esta permissão é usada pelo próprio sistema e não pode ser renomeada." },
  systemPermissionDelete: { title: "Ação não permitida", message: "Esta permissão é usada pelo próprio sistema e não pode ser excluída." },
  unidadeDuplicate: { title: "Registro duplicado", message: "Já existe uma unidade com este bloco e número neste condomínio." },
  groupDuplicate: { title: "Registro duplicado", message: "Já existe um grupo com esse nome." },
  groupNameLooksLikeAdmin: { title: "Dados inválidos", message: "Este nome se confunde com o grupo Administrador. Escolha outro nome." },
  permissionDuplicate: { title: "Registro duplicado", message: "Já existe uma permissão com esse nome." },
  userEmailDuplicate: { title: "Registro duplicado", message: "Já existe um usuário com este email." },
  userCpfDuplicate: { title: "Registro duplicado", message: "Já existe um usuário com este CPF." },
  // Issue 14: unique where the real world is unique (shown under the field as well).
  condominioNomeDuplicate: { title: "Registro duplicado", message: "Já existe um condomínio com este nome." },
  condominioCnpjDuplicate: { title: "Registro duplicado", message: "Já existe um condomínio com este CNPJ." },
  moradorCpfDuplicate: { title: "Registro duplicado", message: "Já existe um morador com este CPF nesta unidade." },
  veiculoPlacaDuplicate: { title: "Registro duplicado", message: "Já existe um veículo com esta placa neste condomínio." },
  unidadePlacaNoDestino: {
    title: "Registro duplicado",
    message: "Um veículo desta unidade tem a placa de um veículo já cadastrado no condomínio escolhido.",
  },
  unknownGroup: { title: "Dados inválidos", message: "Um dos grupos escolhidos não existe mais. Recarregue a página." },
  unknownPermission: { title: "Dados inválidos", message: "Uma das permissões escolhidas não existe mais. Recarregue a página." },
  groupNotFound: { title: "Erro ao carregar dados do grupo", message: "Grupo não encontrado." },
  userNotFound: { title: "Erro ao carregar dados do usuário", message: "Usuário não encontrado." },
  permissionNotFound: { title: "Erro ao buscar permissões", message: "Permissão não encontrada." },

  // §8 lead
  leadError: { title: "Erro ao enviar", message: "Ocorreu um erro ao enviar seus dados. Tente novamente." },

  // Generic server-side texts (not in the spec's catalogue; chosen in docs/decisions/0101-mensagens-fora-do-catalogo.md)
  invalidInput: { title: "Dados inválidos", message: "Verifique os campos destacados e tente novamente." },
  notFound: { title: "Não encontrado", message: "O registro solicitado não existe." },
  listCursorInvalid: { title: "Dados inválidos", message: "Posição da lista inválida. Recarregue a lista." },
  listCursorWithOffset: { title: "Dados inválidos", message: "Informe after ou offset, não os dois." },
  rateLimited: { title: "Muitas tentativas", message: "Muitas tentativas em pouco tempo. Aguarde um instante e tente novamente." },
  leiturasLongasOcupadas: {
    title: "Servidor ocupado",
    message: "Há exportações e verificações de integridade demais em andamento. Tente novamente em alguns instantes.",
  },
  internal: INTERNAL_ERROR,
} as const satisfies Record<string, CatalogueMessage>;
