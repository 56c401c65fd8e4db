import { z } from "zod";
import { isValidPlaca, normalizePlaca } from "../br/placa";
import { MSG } from "../messages";
import { ativoFilter, booleanDefaultTrue, condominioFilter, listPaging, optionalText, searchText } from "./common";
import { afterOrOffset, cursorId, cursorParam, cursorText } from "./cursor";

export const TIPOS_VEICULO = ["carro", "moto", "outro"] as const;
export const TIPO_VEICULO_LABEL: Record<(typeof TIPOS_VEICULO)[number], string> = { carro: "Carro", moto: "Moto", outro: "Outro" };

export const veiculoInputSchema = z.object({
  placa: z
    .string({ error: MSG.veiculoRequired.message })
    .transform(normalizePlaca)
    .pipe(z.string().min(1, MSG.veiculoRequired.message).refine(isValidPlaca, "Placa inválida. Use ABC-1234 ou ABC1D23.")),
  tipo_veiculo: z.enum(TIPOS_VEICULO, { error: MSG.veiculoRequired.message }),
  marca: optionalText(60).optional().default(null),
  modelo: optionalText(60).optional().default(null),
  cor: optionalText(40).optional().default(null),
  ativo: booleanDefaultTrue,
  observacoes: optionalText(1000).optional().default(null),
});

export const veiculoListQuerySchema = z
  .object({
    q: searchText,
    condominio_id: condominioFilter,
    status: ativoFilter,
    ...listPaging,
    // Sort key of the list (placa, a varchar(7), then id).
    after: cursorParam(z.tuple([cursorText(7), cursorId])),
  })
  .superRefine(afterOrOffset);

export type VeiculoInput = z.input<typeof veiculoInputSchema>;

export interface Veiculo {
  id: string;
  morador_id: string;
  unidade_id: string;
  placa: string;
  marca: string | null;
  modelo: string | null;
  cor: string | null;
  tipo_veiculo: (typeof TIPOS_VEICULO)[number];
  ativo: boolean;
  observacoes: string | null;
}

export interface VeiculoListItem extends Omit<Veiculo, "observacoes"> {
  morador: { id: string; nome_completo: string };
  unidade: { id: string; numero_unidade: string; bloco: string | null };
  condominio: { id: string; nome: string };
}
