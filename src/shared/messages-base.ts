// The part of the spec's message catalogue that the code every public page loads needs (see
// messages.ts, which re-exports all of it): importing messages.ts there would bring the whole
// catalogue to those pages.

export const TOAST_DURATION = {
  default: 5000,
  short: 3000,
  long: 7000,
} as const;

export interface CatalogueMessage {
  title: string;
  message: string;
}

// Two entries of MSG (messages.ts) that the code of every public page (API calls, logout) uses.
export const LOGOUT_ERROR = { title: "Erro ao sair", message: "Não foi possível encerrar a sessão." } as const;
export const INTERNAL_ERROR = {
  title: "Erro inesperado",
  message: "Ocorreu um erro inesperado. Tente novamente em instantes.",
} as const;

/** The description of a call that never reached the server (lib/api.ts). */
export const NETWORK_FAILURE = "Não foi possível contactar o servidor. Verifique sua conexão.";

/** A failed action's description when the error carries no message of its own (lib/toast.ts). */
export const ACTION_FAILED = "Não foi possível concluir a operação. Tente novamente.";

export const SUCCESS = {
  login: { title: "Login realizado com sucesso", message: "Bem-vindo de volta!" },
  logout: { title: "Logout realizado", message: "Você foi desconectado com sucesso." },
  passwordChanged: { title: "Sucesso", message: "Senha alterada com sucesso!" },
  lead: { title: "Sucesso!", message: "Seus dados foram enviados. Entraremos em contato em breve!" },
  recoverySent: { title: "Link de recuperação enviado", message: "Verifique seu email para redefinir sua senha." },
  userCreated: {
    title: "Usuário criado",
    message: "Enviamos um email de confirmação para o novo usuário com as instruções de acesso.",
  },
} as const satisfies Record<string, CatalogueMessage>;
