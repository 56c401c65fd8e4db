import type { Route } from "./+types/agenda";
import { PlaceholderPage } from "~/features/dashboard/placeholder-page";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Agenda | Dashboard" }];
}

export default function Agenda() {
  return <PlaceholderPage title="Agenda" />;
}
