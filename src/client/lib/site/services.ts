import { BellRing, Cctv, DoorOpen, Fingerprint, MonitorPlay, ShieldCheck, type LucideIcon } from "lucide-react";

export type ServiceSlug =
  | "cameras-de-seguranca"
  | "seguranca-eletronica"
  | "controle-de-acesso"
  | "alarmes"
  | "portaria-remota"
  | "monitoramento-24h"
  | "redes-e-infraestrutura"
  | "automacao"
  | "aplicativo-movel";

export interface Service {
  slug: ServiceSlug;
  title: string;
  /** One sentence for the home page grid. */
  summary: string;
  icon: LucideIcon;
}

/**
 * The six services of the home page grid (spec §2 "Home sections"): the first six of the services
 * page, in its order. The other three, and the longer texts, are in services-page.ts, which only
 * the services page loads.
 */
export const HOME_SERVICES: readonly Service[] = [
  {
    slug: "cameras-de-seguranca",
    title: "Câmeras de Segurança",
    summary: "Sistemas de CFTV em alta definição com acesso remoto pelo celular.",
    icon: Cctv,
  },
  {
    slug: "seguranca-eletronica",
    title: "Segurança Eletrônica",
    summary: "Projetos completos que integram câmeras, alarmes, sensores e cercas.",
    icon: ShieldCheck,
  },
  {
    slug: "controle-de-acesso",
    title: "Controle de Acesso",
    summary: "Biometria, reconhecimento facial, tags e cartões para cada entrada.",
    icon: Fingerprint,
  },
  {
    slug: "alarmes",
    title: "Alarmes",
    summary: "Sensores e sirenes monitorados que avisam na hora certa.",
    icon: BellRing,
  },
  {
    slug: "portaria-remota",
    title: "Portaria Remota",
    summary: "Atendimento de portaria à distância, com segurança e economia.",
    icon: DoorOpen,
  },
  {
    slug: "monitoramento-24h",
    title: "Monitoramento 24h",
    summary: "Central de monitoramento ativa 24 horas por dia, 7 dias por semana.",
    icon: MonitorPlay,
  },
];

/** Service names listed in the footer, each linking to /servicos (spec §2 "Footer"). */
export const FOOTER_SERVICE_NAMES: readonly string[] = ["Segurança Eletrônica", "Controle de Acesso", "Monitoramento 24h", "Sistemas de Alarme"];
