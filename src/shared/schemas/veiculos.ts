import { z } from "zod";
import { isValidPlaca, normalizePlaca } from "../br/placa";
import { MSG } from "../messages";
import { ativoFilter, booleanDefaultTrue, condominioFilter, listPaging, optionalText, paginaSchema, refSchema, searchText, unidadeRefSchema } from "./common";
import { afterOrOffset, cursorId, cursorText, sortKey } from "./cursor";

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

/** The list's order: by plate, then id. */
export const veiculoOrdem = sortKey(["placa", cursorText(7)], ["id", cursorId]);

export const veiculoListQuerySchema = z
  .object({
    q: searchText,
    condominio_id: condominioFilter,
    status: ativoFilter,
    ...listPaging,
    // Sort key of the list (placa, a varchar(7), then id).
    after: veiculoOrdem.after,
  })
  .superRefine(afterOrOffset);

export type VeiculoInput = z.input<typeof veiculoInputSchema>;

export const veiculoSchema = z.object({
  id: z.string(),
  morador_id: z.string(),
  unidade_id: z.string(),
  placa: z.string().describe("Placa sem hífen (ABC1234 ou ABC1D23)."),
  marca: z.string().nullable(),
  modelo: z.string().nullable(),
  cor: z.string().nullable(),
  tipo_veiculo: z.enum(TIPOS_VEICULO),
  ativo: z.boolean(),
  observacoes: z.string().nullable(),
});
export type Veiculo = z.input<typeof veiculoSchema>;

export const veiculoListItemSchema = veiculoSchema.omit({ observacoes: true }).extend({
  morador: z.object({ id: z.string(), nome_completo: z.string() }),
  unidade: unidadeRefSchema,
  condominio: refSchema,
});
export type VeiculoListItem = z.input<typeof veiculoListItemSchema>;

export const veiculoPageSchema = paginaSchema(veiculoListItemSchema);
