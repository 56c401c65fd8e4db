import type { Route } from "./+types/clientes";
import { PlaceholderPage } from "~/features/dashboard/placeholder-page";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Clientes | Dashboard" }];
}

export default function Clientes() {
  return <PlaceholderPage title="Clientes" />;
}
