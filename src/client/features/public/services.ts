import {
  BellRing,
  Cctv,
  Cpu,
  DoorOpen,
  Fingerprint,
  MonitorPlay,
  Network,
  ShieldCheck,
  Smartphone,
  type LucideIcon,
} from "lucide-react";

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
  /** Longer text for the services page. */
  description: string;
  features: readonly string[];
  icon: LucideIcon;
}

/** The nine services of the services page (spec §2 "Services page"), in display order. */
export const SERVICES: readonly Service[] = [
  {
    slug: "cameras-de-seguranca",
    title: "Câmeras de Segurança",
    summary: "Sistemas de CFTV em alta definição com acesso remoto pelo celular.",
    description:
      "Projetamos e instalamos sistemas de CFTV com câmeras em alta definição, visão noturna e gravação contínua, para você acompanhar tudo em tempo real, de onde estiver.",
    features: [
      "Câmeras Full HD e 4K com visão noturna",
      "Gravação em nuvem ou em gravador local",
      "Acesso às imagens pelo celular",
      "Análise de vídeo com alertas inteligentes",
    ],
    icon: Cctv,
  },
  {
    slug: "seguranca-eletronica",
    title: "Segurança Eletrônica",
    summary: "Projetos completos que integram câmeras, alarmes, sensores e cercas.",
    description:
      "Projetos integrados de segurança eletrônica para empresas e condomínios, do estudo de riscos à instalação e à manutenção, com equipamentos das melhores marcas.",
    features: [
      "Análise de riscos e projeto personalizado",
      "Cerca elétrica e sensores de barreira",
      "Integração entre todos os sistemas",
      "Manutenção preventiva e corretiva",
    ],
    icon: ShieldCheck,
  },
  {
    slug: "controle-de-acesso",
    title: "Controle de Acesso",
    summary: "Biometria, reconhecimento facial, tags e cartões para cada entrada.",
    description:
      "Controle quem entra e quando entra, com biometria, reconhecimento facial, tags veiculares e cartões de proximidade, com registro completo de cada acesso.",
    features: [
      "Reconhecimento facial e biometria",
      "Tags veiculares e cartões de proximidade",
      "Cadastro de moradores, visitantes e prestadores",
      "Relatórios de acesso por período",
    ],
    icon: Fingerprint,
  },
  {
    slug: "alarmes",
    title: "Alarmes",
    summary: "Sensores e sirenes monitorados que avisam na hora certa.",
    description:
      "Sistemas de alarme monitorados, com sensores de presença, de abertura e de quebra de vidro, que disparam alertas imediatos para a nossa central e para o seu celular.",
    features: [
      "Sensores sem fio e com fio",
      "Sirenes e discadora integradas",
      "Ativação e desativação pelo aplicativo",
      "Acionamento da central em caso de disparo",
    ],
    icon: BellRing,
  },
  {
    slug: "portaria-remota",
    title: "Portaria Remota",
    summary: "Atendimento de portaria à distância, com segurança e economia.",
    description:
      "Portaria remota para condomínios, com operadores treinados atendendo visitantes e entregas pela nossa central, reduzindo custos sem abrir mão da segurança.",
    features: [
      "Atendimento por vídeo e áudio",
      "Liberação de acessos com validação",
      "Gestão de moradores, veículos e prestadores",
      "Redução de custos com portaria",
    ],
    icon: DoorOpen,
  },
  {
    slug: "monitoramento-24h",
    title: "Monitoramento 24h",
    summary: "Central de monitoramento ativa 24 horas por dia, 7 dias por semana.",
    description:
      "Nossa central acompanha câmeras e alarmes 24 horas por dia, 7 dias por semana, e age rapidamente em qualquer ocorrência, acionando os responsáveis e as autoridades.",
    features: [
      "Central de monitoramento 24/7",
      "Resposta rápida a ocorrências",
      "Verificação de imagens em tempo real",
      "Relatórios periódicos de eventos",
    ],
    icon: MonitorPlay,
  },
  {
    slug: "redes-e-infraestrutura",
    title: "Redes e Infraestrutura",
    summary: "Cabeamento estruturado e redes estáveis para os seus sistemas.",
    description:
      "Cabeamento estruturado, redes Wi-Fi e infraestrutura de telecomunicações que garantem o funcionamento estável de câmeras, controle de acesso e demais sistemas.",
    features: [
      "Cabeamento estruturado certificado",
      "Redes Wi-Fi corporativas",
      "Racks, nobreaks e organização de cabos",
      "Links redundantes para sistemas críticos",
    ],
    icon: Network,
  },
  {
    slug: "automacao",
    title: "Automação",
    summary: "Portões, iluminação e equipamentos controlados de forma inteligente.",
    description:
      "Automação de portões, iluminação e equipamentos, com rotinas programadas e integração aos sistemas de segurança para mais conforto e economia.",
    features: [
      "Automação de portões e cancelas",
      "Controle inteligente de iluminação",
      "Rotinas e cenários programados",
      "Integração com os sistemas de segurança",
    ],
    icon: Cpu,
  },
  {
    slug: "aplicativo-movel",
    title: "Aplicativo Móvel",
    summary: "Tudo na palma da mão: câmeras, alarmes e acessos pelo celular.",
    description:
      "Acompanhe câmeras, alarmes e acessos pelo aplicativo, receba notificações em tempo real e autorize visitantes com poucos toques.",
    features: [
      "Imagens das câmeras ao vivo",
      "Notificações em tempo real",
      "Autorização de visitantes pelo celular",
      "Disponível para Android e iOS",
    ],
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

