import { SITUACAO_AUTORIZACAO_LABEL, type SituacaoAutorizacao } from "@shared/schemas/visitantes";
import { Badge } from "~/components/ui/badge";

const SITUACAO_VARIANT: Record<SituacaoAutorizacao, "green" | "grey" | "yellow" | "red"> = {
  ativa: "green",
  utilizada: "grey",
  expirada: "yellow",
  cancelada: "red",
};

/** The situation now: 'Ativa', 'Utilizada', 'Expirada' or 'Cancelada'. */
export function SituacaoBadge({ situacao }: { situacao: SituacaoAutorizacao }) {
  return (
    <Badge variant={SITUACAO_VARIANT[situacao]} data-situacao={situacao}>
      {SITUACAO_AUTORIZACAO_LABEL[situacao]}
    </Badge>
  );
}

export const DOCUMENTO_TIPO_LABEL = { cpf: "CPF", rg: "RG", cnh: "CNH", passaporte: "Passaporte", outro: "Outro" } as const;

/** The uses so far: '1 de 3' with a maximum, '2' without. */
export const formatEntradas = (a: { entradas_usadas: number; max_entradas: number | null }) =>
  a.max_entradas === null ? `${a.entradas_usadas} (sem limite)` : `${a.entradas_usadas} de ${a.max_entradas}`;
