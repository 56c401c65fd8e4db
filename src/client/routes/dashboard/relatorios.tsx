import type { Route } from "./+types/relatorios";
import { PlaceholderPage } from "~/features/dashboard/placeholder-page";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Relatórios | Dashboard" }];
}

export default function Relatorios() {
  return <PlaceholderPage title="Relatórios" />;
}
