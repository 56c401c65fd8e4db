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
  /** Serves every condominium (gatehouse-spec §2); always true for members of Administrador. */
  acesso_todos_condominios: boolean;
  /** The condominiums served when not all of them (empty otherwise). */
  condominio_ids: string[];
}
