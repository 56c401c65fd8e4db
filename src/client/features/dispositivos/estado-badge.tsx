import { estadoDoDispositivo, type Dispositivo } from "@shared/schemas/dispositivos";
import { Badge } from "~/components/ui/badge";

const VARIANT = { online: "green", offline: "grey", erro: "red" } as const;

/** 'Online', 'Offline há 12 min', 'Erro: ...' (gate-operation-spec §2.1), as of the page's render. */
export function EstadoBadge({ dispositivo, agora }: { dispositivo: Pick<Dispositivo, "estado" | "erro" | "ultimo_contato_em" | "ativo">; agora: number }) {
  if (!dispositivo.ativo) return <Badge variant="outline">Inativo</Badge>;
  return <Badge variant={VARIANT[dispositivo.estado]}>{estadoDoDispositivo(dispositivo, agora)}</Badge>;
}
