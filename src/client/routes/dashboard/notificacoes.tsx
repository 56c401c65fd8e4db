import type { Route } from "./+types/notificacoes";
import { PlaceholderPage } from "~/features/dashboard/placeholder-page";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Notificações | Dashboard" }];
}

export default function Notificacoes() {
  return <PlaceholderPage title="Notificações" />;
}
