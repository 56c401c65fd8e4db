import { z } from "zod";
import { confirmed, newPasswordFields } from "./auth";
import { instante, uuidSchema } from "./common";
import { unidadeLabel } from "./unidades";

// The Área do Morador (gate-operation-spec §3): the resident's account, invited from the unit page,
// and who the signed-in resident is (their units). docs/decisions/0271-contas-de-morador.md.

export const STATUS_CONTA_MORADOR = ["convidado", "ativo", "desativado"] as const;
export type StatusContaMorador = (typeof STATUS_CONTA_MORADOR)[number];
export const STATUS_CONTA_MORADOR_ROTULO: Record<StatusContaMorador, string> = {
  convidado: "Convidado",
  ativo: "Com acesso",
  desativado: "Acesso desativado",
};

/** How long an invitation works (§3.1: single use, valid 7 days). */
export const VALIDADE_DO_CONVITE_DIAS = 7;

/** A resident's account, as the unit page shows it; null: never invited. */
export const contaMoradorSchema = z.object({
  morador_id: uuidSchema,
  status: z.enum(STATUS_CONTA_MORADOR),
  email: z.string(),
  convidado_em: instante,
  convite_expira_em: instante.nullable().describe("Até quando o convite pendente vale; null sem convite pendente."),
  ativado_em: instante.nullable(),
});
export type ContaMorador = z.input<typeof contaMoradorSchema>;
export const contaMoradorRespostaSchema = z.object({ conta: contaMoradorSchema.nullable() });

const tokenDoConvite = z.string({ error: "Link inválido." }).min(1, "Link inválido.").max(200, "Link inválido.");

/** What the invitation page asks before the resident types a password: nothing about anyone else. */
export const conviteQuerySchema = z.object({ token: z.string({ error: "Link inválido." }).max(200, "Link inválido.").optional() });
export const conviteInfoSchema = z.object({
  valido: z.boolean(),
  nome: z.string().nullable(),
  email: z.string().nullable(),
  condominio: z.string().nullable(),
  unidade: z.string().nullable(),
  conta_existente: z.boolean().describe("O email já entra no portal: o convite pede a senha que a pessoa já tem, não uma nova."),
});
export type ConviteInfo = z.input<typeof conviteInfoSchema>;

/** Accepting: a new password (twice), or, when the e-mail already signs in, the password it has. */
export const aceitarConviteSchema = z.discriminatedUnion("tipo", [
  z.object({ tipo: z.literal("nova_senha"), token: tokenDoConvite, ...newPasswordFields }).refine(...confirmed),
  z.object({
    tipo: z.literal("senha_existente"),
    token: tokenDoConvite,
    senhaAtual: z.string({ error: "Informe a sua senha." }).min(1, "Informe a sua senha.").max(128, "A senha deve ter no máximo 128 caracteres."),
  }),
]);
export type AceitarConvite = z.input<typeof aceitarConviteSchema>;

/** One unit of the signed-in resident. */
export const unidadeDoMoradorSchema = z.object({
  morador_id: uuidSchema,
  unidade_id: uuidSchema,
  condominio_id: uuidSchema,
  condominio: z.string(),
  bloco: z.string().nullable(),
  numero_unidade: z.string(),
  /** 'Bloco A · 101', as the screens name the unit. */
  rotulo: z.string(),
});
export type UnidadeDoMorador = z.input<typeof unidadeDoMoradorSchema>;

export const moradorEuSchema = z.object({
  nome: z.string(),
  email: z.string(),
  unidades: z.array(unidadeDoMoradorSchema),
});
export type MoradorEu = z.input<typeof moradorEuSchema>;

/** The unit as the resident's screens and the invitation name it. */
export const rotuloDaUnidade = (u: { bloco: string | null; numero_unidade: string }) => unidadeLabel(u, " · ");

/** The module's toasts and refusals (the message catalogue's rule: texts live with the schemas). */
export const MORADOR_TEXTOS = {
  convidar: "Erro ao convidar o morador",
  convidado: "Convite enviado",
  conviteEnviado: (email: string) => `O morador recebe em ${email} o link para criar a senha (vale 7 dias).`,
  semEmail: "Cadastre o email do morador para convidá-lo.",
  inativo: "Morador inativo: ative-o para convidar.",
  jaTemAcesso: "Este morador já tem acesso à Área do Morador.",
  conviteInvalido: "Este convite não vale mais: peça um novo à administração do condomínio.",
  senhaIncorreta: "Senha incorreta.",
  aceitar: "Erro ao aceitar o convite",
  carregar: "Erro ao carregar a Área do Morador",
} as const;
