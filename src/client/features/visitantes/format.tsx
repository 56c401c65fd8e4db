export { formatEntradas, SituacaoBadge } from "~/components/portaria/autorizacao-visita";

export const DOCUMENTO_TIPO_LABEL = { cpf: "CPF", rg: "RG", cnh: "CNH", passaporte: "Passaporte", outro: "Outro" } as const;
