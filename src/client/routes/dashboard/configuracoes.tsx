import type { Route } from "./+types/configuracoes";
import { PlaceholderPage } from "~/features/dashboard/placeholder-page";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Configurações | Dashboard" }];
}

export default function Configuracoes() {
  return <PlaceholderPage title="Configurações" />;
}
