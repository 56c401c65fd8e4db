import { z } from "zod";
import { MSG } from "../messages";
import { today } from "../time";
import { onlyDigits } from "../br/phone";
import {
  ativoFilter,
  booleanDefaultTrue,
  condominioFilter,
  listPaging,
  optionalCpf,
  optionalDate,
  optionalEmail,
  optionalPhone,
  optionalText,
  requiredText,
  searchText,
} from "./common";
import { afterOrOffset, cursorId, cursorParam, cursorText } from "./cursor";

export const TIPOS_MORADOR = ["proprietario", "inquilino", "dependente", "outro"] as const;
export const TIPO_MORADOR_LABEL: Record<(typeof TIPOS_MORADOR)[number], string> = {
  proprietario: "Proprietário",
  inquilino: "Inquilino",
  dependente: "Dependente",
  outro: "Outro",
};

export const moradorInputSchema = z.object({
  nome_completo: requiredText(MSG.moradorRequired.message),
  tipo_morador: z.enum(TIPOS_MORADOR, { error: MSG.moradorRequired.message }),
  cpf: optionalCpf.optional().default(null),
  rg: optionalText(20).optional().default(null),
  data_nascimento: optionalDate
    // Today in São Paulo: at 22:00 there it is already tomorrow in UTC.
    .refine((v) => v === null || v <= today(), "A data de nascimento não pode estar no futuro.")
    .optional()
    .default(null),
  email: optionalEmail.optional().default(null),
  telefone_celular: optionalPhone.optional().default(null),
  ativo: booleanDefaultTrue,
  observacoes: optionalText(1000).optional().default(null),
});

export type MoradorInput = z.input<typeof moradorInputSchema>;

export interface Morador {
  id: string;
  unidade_id: string;
  nome_completo: string;
  cpf: string | null;
  rg: string | null;
  data_nascimento: string | null;
  email: string | null;
  telefone_celular: string | null;
  tipo_morador: (typeof TIPOS_MORADOR)[number];
  ativo: boolean;
  observacoes: string | null;
  veiculos: Veiculo[];
}

/**
 * What a user who manages vehicles but not residents receives of each resident of a unit: only
 * what the vehicle screens show (data minimisation; no CPF, RG, birth date, phone or e-mail).
 */
export type MoradorResumo = Pick<Morador, "id" | "unidade_id" | "nome_completo" | "veiculos">;

export const isMoradorCompleto = (morador: Morador | MoradorResumo): morador is Morador => "tipo_morador" in morador;

/** `GET /api/moradores` (issue 14): search, condominium and status filters, by name. */
export const moradorListQuerySchema = z
  .object({
    q: searchText,
    condominio_id: condominioFilter,
    status: ativoFilter,
    ...listPaging,
    // Sort key of the list (nome_completo, then id).
    after: cursorParam(z.tuple([cursorText(), cursorId])),
  })
  .superRefine(afterOrOffset);

/**
 * The digits of a search that can be part of a CPF or phone number: the text holds only digits
 * and the masks' punctuation ("123.456", "(11) 9876-"); null otherwise ("Bloco 2", "Ana").
 */
export function searchDigits(text: string): string | null {
  if (!/^[\d\s.\-()/+]+$/.test(text)) return null;
  const digits = onlyDigits(text);
  return digits === "" ? null : digits;
}

/** One row of the residents list. */
export interface MoradorListItem extends Pick<Morador, "id" | "unidade_id" | "nome_completo" | "cpf" | "telefone_celular" | "tipo_morador" | "ativo"> {
  unidade: { id: string; numero_unidade: string; bloco: string | null };
  condominio: { id: string; nome: string };
}

import type { Veiculo } from "./veiculos";
