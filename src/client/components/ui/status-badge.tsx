import { Badge } from "./badge";

/**
 * The one Ativo/Inativo badge of every registry (§4): green when active, grey when not; units say
 * Ativa/Inativa (`feminine`), the others Ativo/Inativo.
 */
export function AtivoBadge({ ativo, feminine = false }: { ativo: boolean; feminine?: boolean }) {
  const label = ativo ? (feminine ? "Ativa" : "Ativo") : feminine ? "Inativa" : "Inativo";
  return (
    <Badge variant={ativo ? "green" : "grey"} data-ativo={ativo}>
      {label}
    </Badge>
  );
}
