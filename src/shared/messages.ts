// The spec's message catalogue (§5, §8, §9), word for word. Server errors and client toasts
// both take their texts from here so that the two never drift apart.

import { INTERNAL_ERROR, LOGOUT_ERROR, type CatalogueMessage } from "./messages-base";

// Part of the catalogue lives in messages-base.ts (durations, success texts, two errors): the
// code every public page loads needs only that part. Everything is exported from here as well.
export { ACTION_FAILED, INTERNAL_ERROR, LOGOUT_ERROR, SUCCESS, TOAST_DURATION, type CatalogueMessage } from "./messages-base";

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
  // A resident's cards and tags (gate-operation-spec §2.4): one holder per number in a condominium.
  cartaoDuplicate: { title: "Registro duplicado", message: "Este cartão já pertence a outro morador deste condomínio." },
  cartaoDoMorador: { title: "Registro duplicado", message: "Este morador já tem este cartão ou tag." },
  cartaoNotFound: { title: "Não encontrado", message: "Cartão ou tag não encontrado." },
  unidadeCartaoNoDestino: {
    title: "Registro duplicado",
    message: "Um morador desta unidade tem um cartão ou tag já cadastrado no condomínio escolhido.",
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
  leiturasPesadasOcupadas: {
    title: "Servidor ocupado",
    message: "Há buscas em períodos longos demais em andamento. Tente novamente em alguns instantes ou reduza o período.",
  },
  consultaDemorada: {
    title: "Consulta demorada",
    message: "A consulta demorou demais e foi interrompida. Refine os filtros ou reduza o período e tente novamente.",
  },
  internal: INTERNAL_ERROR,

  // Refusals of the server that the spec leaves to us (issue 27 moved them here from the routes).
  linkedRecords: { title: "Erro ao excluir", message: "Existem registros associados." },
  condominioLinked: { title: "Erro ao excluir", message: "Não é possível excluir o condomínio pois existem unidades ou outros registros associados." },
  unidadeLinked: { title: "Erro ao excluir", message: "Não é possível excluir a unidade pois existem moradores ou outros registros associados." },
  prestadorLinked: { title: "Erro ao excluir", message: "Não é possível excluir o prestador pois existem registros associados." },
  uniqueViolation: { title: "Registro duplicado", message: "Já existe um registro com esses dados." },
  invalidText: { title: "Dados inválidos", message: "O texto contém caracteres inválidos." },
  tooDeep: { title: "Dados inválidos", message: "O conteúdo enviado tem níveis demais de aninhamento." },
  unknownField: { title: "Dados inválidos", message: "Campo não reconhecido." },
  invalidEncoding: { title: "Dados inválidos", message: "O conteúdo enviado não é um texto UTF-8 válido." },
  profileFailed: { title: "Erro ao criar usuário", message: "Não foi possível criar o perfil do usuário; nada foi gravado. Tente novamente." },
  condominioNotFound: { title: "Condomínio não encontrado", message: "Condomínio não encontrado." },
  condominioInativo: { title: "Dados inválidos", message: "Escolha um condomínio ativo." },
  condominiosUnknown: { title: "Dados inválidos", message: "Escolha condomínios cadastrados." },
  unidadeNotFound: { title: "Unidade não encontrada", message: "Unidade não encontrada." },
  unidadeGone: { title: "Unidade não encontrada", message: "A unidade solicitada não existe ou foi excluída." },
  unidadeInativa: { title: "Dados inválidos", message: "Escolha uma unidade ativa do condomínio." },
  unidadeDestinoRequired: { title: "Dados inválidos", message: "Escolha a unidade de destino." },
  moradorNotFound: { title: "Erro ao buscar moradores/veículos", message: "Morador não encontrado." },
  moradorInativo: { title: "Dados inválidos", message: "Escolha um morador ativo da unidade." },
  moradorDaUnidadeRequired: { title: "Dados inválidos", message: "Escolha um morador da unidade de destino." },
  moradorQueAutorizouRequired: { title: "Dados inválidos", message: "Escolha o morador que autorizou a entrada." },
  veiculoNotFound: { title: "Erro ao buscar moradores/veículos", message: "Veículo não encontrado." },
  prestadorNotFound: { title: "Prestador não encontrado", message: "Prestador não encontrado." },
  codigoNotFound: { title: "Acesso negado", message: "Código inválido ou inexistente." },
  pessoaNotFound: { title: "Não encontrado", message: "Pessoa não encontrada neste condomínio." },
  autorizacaoNotFound: { title: "Autorização não encontrada", message: "Autorização não encontrada." },
  autorizacaoJaCancelada: { title: "Ação não permitida", message: "Esta autorização já foi cancelada." },
  autorizacaoCancelarInativa: { title: "Ação não permitida", message: "Somente autorizações ativas podem ser canceladas." },
  autorizacaoSemEmail: {
    title: "Email não informado",
    message: "Esta autorização não tem o email do visitante. Crie uma nova autorização com o email.",
  },
  autorizacaoEmailInativa: { title: "Ação não permitida", message: "Somente autorizações ativas podem ser enviadas por email." },
  dispositivoNomeDuplicate: { title: "Registro duplicado", message: "Já existe um dispositivo com este nome neste condomínio." },
  dispositivoLinked: { title: "Erro ao excluir", message: "Não é possível excluir o dispositivo pois existem eventos ou comandos registrados. Desative-o." },
  dispositivoDesconhecido: { title: "Dispositivo desconhecido", message: "Dispositivo desconhecido ou inativo." },
  alarmeNotFound: { title: "Alarme não encontrado", message: "Alarme não encontrado." },
  portaoNotFound: { title: "Portão não encontrado", message: "Portão não encontrado: o dispositivo não existe, está inativo ou não tem essa porta." },
  comandoNotFound: { title: "Não encontrado", message: "Comando não encontrado." },
  comandoChaveRepetida: { title: "Pedido repetido", message: "Esta chave já abriu outro portão. Tente de novo." },
  registroParaAbrir: {
    title: "Registro inválido",
    message: "Só se abre o portão para uma entrada ou saída liberada deste condomínio, registrada há no máximo 10 minutos.",
  },
} as const satisfies Record<string, CatalogueMessage>;

/**
 * Refusals of the authentication service (better-auth's codes) that the spec does not name. Kept
 * out of MSG on purpose: MSG's titles are also looked up by message for validation errors, and the
 * schema's own 128-character message keeps its 'Dados inválidos' title there.
 */
export const AUTH_REFUSAL = {
  passwordTooLong: { title: "Senha muito longa", message: "A nova senha deve ter no máximo 128 caracteres." },
} as const satisfies Record<string, CatalogueMessage>;

/**
 * §8: the title of the destructive toast of a failed list, load, save or delete; the server's
 * message is the description (a refusal with its own title shows that one, lib/toast.ts).
 */
export const ERROR_TITLE = {
  buscar: "Erro ao buscar",
  buscarAutorizacoes: "Erro ao buscar autorizações",
  buscarBloqueios: "Erro ao buscar bloqueios",
  buscarCondominios: "Erro ao buscar condomínios",
  buscarEncomendas: "Erro ao buscar encomendas",
  buscarGrupos: "Erro ao buscar grupos",
  buscarMoradores: "Erro ao buscar moradores",
  buscarMoradoresVeiculos: "Erro ao buscar moradores/veículos",
  buscarPermissoes: "Erro ao buscar permissões",
  buscarPrestadores: "Erro ao buscar prestadores",
  buscarQuemEsta: "Erro ao buscar quem está no condomínio",
  buscarRegistros: "Erro ao buscar registros",
  buscarSessoes: "Erro ao buscar sessões",
  buscarUnidades: "Erro ao buscar unidades",
  buscarUsuarios: "Erro ao buscar usuários",
  buscarVeiculos: "Erro ao buscar veículos",
  carregarAutorizacao: "Erro ao carregar dados da autorização",
  carregarCondominio: "Erro ao carregar dados do condomínio",
  carregarGrupo: "Erro ao carregar dados do grupo",
  carregarPrestador: "Erro ao carregar dados do prestador",
  carregarQrCode: "Erro ao carregar QR Code",
  carregarUnidade: "Erro ao carregar dados da unidade",
  carregarUsuario: "Erro ao carregar dados do usuário",
  criarGrupo: "Erro ao criar grupo",
  atualizarGrupo: "Erro ao atualizar grupo",
  excluirGrupo: "Erro ao excluir grupo",
  criarPermissao: "Erro ao criar permissão",
  atualizarPermissao: "Erro ao atualizar permissão",
  excluirPermissao: "Erro ao excluir permissão",
  alterarStatus: "Erro ao alterar status",
  criarUsuario: "Erro ao criar usuário",
  atualizarUsuario: "Erro ao atualizar usuário",
  criarCondominio: "Erro ao criar condomínio",
  atualizarCondominio: "Erro ao atualizar condomínio",
  excluirCondominio: "Erro ao excluir condomínio",
  criarUnidade: "Erro ao criar unidade",
  atualizarUnidade: "Erro ao atualizar unidade",
  excluirUnidade: "Erro ao excluir unidade",
  salvarMorador: "Erro ao salvar morador",
  excluirMorador: "Erro ao excluir morador",
  salvarVeiculo: "Erro ao salvar veículo",
  excluirVeiculo: "Erro ao excluir veículo",
  salvarPrestador: "Erro ao salvar prestador",
  excluirPrestador: "Erro ao excluir prestador",
  criarBloqueio: "Erro ao criar bloqueio",
  removerBloqueio: "Erro ao remover bloqueio",
  registrarEntrada: "Erro ao registrar entrada",
  registrarSaida: "Erro ao registrar saída",
  registrarVisitante: "Erro ao registrar visitante",
  registrarCorrecao: "Erro ao registrar correção",
  exportar: "Erro ao exportar",
  encerrarSessoes: "Erro ao encerrar sessões",
  criarAutorizacao: "Erro ao criar autorização",
  cancelarAutorizacao: "Erro ao cancelar autorização",
  enviarConvite: "Erro ao enviar email",
} as const satisfies Record<string, string>;

/** §8: success toasts that are a title alone (with a description or a value: SUCCESS, MSG_WITH). */
export const SUCCESS_TITLE = {
  /** The resident answered the gate's request (gate-operation-spec §3.3). */
  respostaEnviada: "Resposta enviada",
  grupoCriado: "Grupo criado",
  grupoAtualizado: "Grupo atualizado",
  grupoExcluido: "Grupo excluído",
  permissaoCriada: "Permissão criada",
  permissaoAtualizada: "Permissão atualizada",
  permissaoExcluida: "Permissão excluída",
  statusAtualizado: "Status atualizado",
  usuarioAtualizado: "Usuário atualizado",
  condominioCriado: "Condomínio criado!",
  condominioAtualizado: "Condomínio atualizado!",
  condominioExcluido: "Condomínio excluído",
  unidadeCriada: "Unidade criada!",
  unidadeAtualizada: "Unidade atualizada!",
  unidadeExcluida: "Unidade excluída",
  moradorAdicionado: "Morador adicionado!",
  moradorAtualizado: "Morador atualizado!",
  moradorExcluido: "Morador excluído",
  veiculoAdicionado: "Veículo adicionado!",
  veiculoAtualizado: "Veículo atualizado!",
  veiculoExcluido: "Veículo excluído",
  prestadorCadastrado: "Prestador cadastrado!",
  prestadorAtualizado: "Prestador atualizado!",
  prestadorExcluido: "Prestador excluído",
  bloqueioCriado: "Bloqueio criado",
  bloqueioRemovido: "Bloqueio removido",
  correcaoRegistrada: "Correção registrada",
  autorizacaoCriada: "Autorização criada!",
  autorizacaoCancelada: "Autorização cancelada",
} as const satisfies Record<string, string>;

/** Messages that carry a value (a name, a count, a time): one function per message, title included. */
export const MSG_WITH = {
  /** Registros: a filter no index carries stopped after `examinados` records; `ate` as formatDateTime writes it (decision 0286). */
  buscaLimitada: (examinados: string, ate: string) => ({
    title: "Busca limitada",
    message: `Foram examinados ${examinados} registros do período, até ${ate}, sem completar a página. Refine os filtros ou o período, ou continue a busca.`,
  }),
  /** §9: the entry is not recorded; `desde` as formatDesde writes it ('18:03' or '25/11/2026 18:03'). */
  jaDentro: (desde: string) => ({ title: "Entrada já registrada", message: `Já está no condomínio desde ${desde}.` }),
  codigosEsgotados: (minutos: number) => ({
    title: MSG.rateLimited.title,
    message: `Muitos códigos inválidos em pouco tempo. Tente novamente em ${minutos} ${minutos === 1 ? "minuto" : "minutos"}.`,
  }),
  unknownFields: (names: readonly string[]) => ({
    title: MSG.invalidInput.title,
    message: `${names.length === 1 ? "Campo não reconhecido" : "Campos não reconhecidos"}: ${names.join(", ")}.`,
  }),
  /** The weak password's reasons after the catalogue title ("Senha fraca: <reasons>"). */
  passwordWeak: (reasons: string) => ({ title: MSG.passwordWeak.title, message: `${MSG.passwordWeak.title}: ${reasons}` }),
  permissionInUse: (name: string, groups: number) => ({
    title: ERROR_TITLE.excluirPermissao,
    message: `A permissão "${name}" está em uso por ${groups} grupo(s) e não pode ser excluída.`,
  }),
  bloqueiosCriados: (condominios: string) => ({ title: SUCCESS_TITLE.bloqueioCriado, message: `Um bloqueio em cada um dos seus ${condominios} condomínios.` }),
  sessoesEncerradas: (encerradas: number) => ({
    title: "Sessões encerradas",
    message: encerradas === 1 ? "1 outra sessão foi encerrada." : `${encerradas} outras sessões foram encerradas.`,
  }),
  recoveryEmailSentTo: (email: string) => ({ title: "Email de recuperação enviado", message: `O link para criar uma nova senha foi enviado para ${email}.` }),
  conviteEnviado: (email: string) => ({ title: "Email enviado", message: `Convite enviado para ${email}.` }),
} as const satisfies Record<string, (...args: never[]) => CatalogueMessage>;
