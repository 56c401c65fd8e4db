import { RequirePermission } from "~/components/portaria/require-permission";
import { EmBreve } from "~/features/portaria-shell/em-breve";
import { portariaMeta } from "~/features/portaria-shell/meta";
import type { Route } from "./+types/registros";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Registros de Acesso");
}

// Access records (§2: menu entry, screen not shown; §6: visualizar_registros_acesso).
export default function Page() {
  return (
    <RequirePermission anyOf="visualizar_registros_acesso">
      <EmBreve title="Registros de Acesso" />
    </RequirePermission>
  );
}
