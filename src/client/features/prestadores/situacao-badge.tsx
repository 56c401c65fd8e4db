import { SITUACAO_PRESTADOR_LABEL, type SituacaoPrestador } from "@shared/prestador-situacao";
import { Badge } from "~/components/ui/badge";

const VARIANT = { vigente: "green", vencida: "red", a_iniciar: "yellow", indeterminado: "outline" } as const;

/** The authorisation's situation today (issue 14), beside the Ativo/Inativo badge. */
export function SituacaoBadge({ situacao }: { situacao: SituacaoPrestador }) {
  return (
    <Badge variant={VARIANT[situacao]} data-situacao={situacao}>
      {SITUACAO_PRESTADOR_LABEL[situacao]}
    </Badge>
  );
}
