import { Handshake, Lightbulb, ShieldCheck, Users, type LucideIcon } from "lucide-react";

export interface CompanyValue {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** Four values of the about page. */
export const VALUES: readonly CompanyValue[] = [
  {
    title: "Segurança em primeiro lugar",
    description: "Cada projeto começa pela análise de riscos e termina com a proteção que o cliente precisa.",
    icon: ShieldCheck,
  },
  {
    title: "Inovação",
    description: "Acompanhamos as novas tecnologias para oferecer soluções modernas e eficientes.",
    icon: Lightbulb,
  },
  {
    title: "Transparência",
    description: "Propostas claras, prazos cumpridos e comunicação aberta em todas as etapas.",
    icon: Handshake,
  },
  {
    title: "Compromisso com o cliente",
    description: "Atendimento próximo, suporte especializado 24/7 e parceria de longo prazo.",
    icon: Users,
  },
];

export interface TimelineEntry {
  /** "2018", "2024", "2025" or "Futuro". */
  label: string;
  title: string;
  description: string;
}

/** Timeline of the about page (spec §2: 2018, 2024, 2025, future). */
export const TIMELINE: readonly TimelineEntry[] = [
  {
    label: "2018",
    title: "Fundação",
    description: "A Sentinela nasce em Alphaville, Barueri, com foco em câmeras de segurança e alarmes para empresas e residências.",
  },
  {
    label: "2024",
    title: "Portaria remota e controle de acesso",
    description: "Lançamos a portaria remota e ampliamos as soluções de controle de acesso para condomínios residenciais e empresariais.",
  },
  {
    label: "2025",
    title: "Central 24h e Portaria Web",
    description: "Ampliamos a central de monitoramento 24h e lançamos a Portaria Web, o sistema de gestão de condomínios, moradores e acessos.",
  },
  {
    label: "Futuro",
    title: "Inteligência e integração",
    description: "Investir em análise de vídeo com inteligência artificial, automação e integração total entre os sistemas de segurança.",
  },
];

export const LEADER = {
  name: "Carlos Henrique Prado",
  initials: "CP",
  role: "Fundador e Diretor Executivo",
  bio: "Engenheiro eletricista com mais de 10 anos de experiência em segurança eletrônica, lidera a Sentinela desde a fundação, em 2018, com foco em tecnologia, qualidade e atendimento próximo.",
} as const;
