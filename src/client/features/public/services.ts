import type { LucideIcon } from "lucide-react";
import BellRing from "lucide-react/icons/bell-ring";
import Cctv from "lucide-react/icons/cctv";
import Cpu from "lucide-react/icons/cpu";
import DoorOpen from "lucide-react/icons/door-open";
import Fingerprint from "lucide-react/icons/fingerprint-pattern";
import MonitorPlay from "lucide-react/icons/monitor-play";
import Network from "lucide-react/icons/network";
import ShieldCheck from "lucide-react/icons/shield-check";
import Smartphone from "lucide-react/icons/smartphone";

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
 * The nine services of the services page (spec §2 "Services page"), in display order. Their
 * longer texts are in service-details.ts, which only the services page loads.
 */
export const SERVICES: readonly Service[] = [
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
  {
    slug: "redes-e-infraestrutura",
    title: "Redes e Infraestrutura",
    summary: "Cabeamento estruturado e redes estáveis para os seus sistemas.",
    icon: Network,
  },
  {
    slug: "automacao",
    title: "Automação",
    summary: "Portões, iluminação e equipamentos controlados de forma inteligente.",
    icon: Cpu,
  },
  {
    slug: "aplicativo-movel",
    title: "Aplicativo Móvel",
    summary: "Tudo na palma da mão: câmeras, alarmes e acessos pelo celular.",
    icon: Smartphone,
  },
];

/** The six cards of the home page services grid (spec §2 "Home sections"). */
export const HOME_SERVICE_SLUGS: readonly ServiceSlug[] = [
  "cameras-de-seguranca",
  "seguranca-eletronica",
  "controle-de-acesso",
  "alarmes",
  "portaria-remota",
  "monitoramento-24h",
];

export const HOME_SERVICES: readonly Service[] = HOME_SERVICE_SLUGS.map((slug) => {
  const service = SERVICES.find((s) => s.slug === slug);
  if (!service) throw new Error(`Serviço desconhecido: ${slug}`);
  return service;
});

/** Service names listed in the footer, each linking to /servicos (spec §2 "Footer"). */
export const FOOTER_SERVICE_NAMES: readonly string[] = [
  "Segurança Eletrônica",
  "Controle de Acesso",
  "Monitoramento 24h",
  "Sistemas de Alarme",
];

