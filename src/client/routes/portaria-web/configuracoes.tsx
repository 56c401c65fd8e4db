import { EmBreve } from "~/features/portaria-shell/em-breve";
import { portariaMeta } from "~/features/portaria-shell/meta";
import type { Route } from "./+types/configuracoes";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Configurações");
}

// Settings (§2: menu entry, screen not shown; needs no permission).
export default function Page() {
  return <EmBreve title="Configurações" />;
}
