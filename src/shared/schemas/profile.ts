import type { UserStatus } from "../permissions";

/** GET /api/me: the signed-in auth user and their Portaria Web profile (spec §3 Profile). */
export interface MeResponse {
  user: { id: string; name: string; email: string };
  profile: Profile | null;
}

export interface Profile {
  id: string;
  auth_user_id: string;
  nome_completo: string;
  email: string;
  telefone_celular: string | null;
  cpf: string | null;
  status: UserStatus;
  primeiro_acesso_concluido: boolean;
  grupos: { id: string; nome_grupo: string }[];
  permissions: string[];
}
