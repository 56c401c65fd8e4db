import { RequirePermission } from "~/components/portaria/require-permission";
import { EmBreve } from "~/features/portaria-shell/em-breve";
import { portariaMeta } from "~/features/portaria-shell/meta";
import type { Route } from "./+types/controle-acesso";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Controle de Acesso");
}

// Access control (§2: menu entry, screen not shown; §6: registrar_acesso_visitante).
export default function Page() {
  return (
    <RequirePermission anyOf="registrar_acesso_visitante">
      <EmBreve title="Controle de Acesso" />
    </RequirePermission>
  );
}
