import { STATUS_ENCOMENDA_LABEL, type Encomenda } from "@shared/schemas/encomendas";
import { Badge } from "~/components/ui/badge";

const VARIANTE = { aguardando: "yellow", retirada: "green", devolvida: "grey" } as const;

/** 'Aguardando', 'Retirada' or 'Devolvida', in the list and the detail. */
export function SituacaoBadge({ encomenda }: { encomenda: Pick<Encomenda, "status"> }) {
  return (
    <Badge variant={VARIANTE[encomenda.status]} className="whitespace-nowrap" data-situacao={encomenda.status}>
      {STATUS_ENCOMENDA_LABEL[encomenda.status]}
    </Badge>
  );
}
