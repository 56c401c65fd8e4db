import { RequirePermission } from "~/components/portaria/require-permission";
import { EmBreve } from "~/features/portaria-shell/em-breve";
import { portariaMeta } from "~/features/portaria-shell/meta";
import type { Route } from "./+types/visitantes";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Registro de Visitantes");
}

// Visitor registration (§2: menu entry, screen not shown; §6: registrar_acesso_visitante).
export default function Page() {
  return (
    <RequirePermission anyOf="registrar_acesso_visitante">
      <EmBreve title="Registro de Visitantes" />
    </RequirePermission>
  );
}
