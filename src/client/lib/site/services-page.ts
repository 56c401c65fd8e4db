import { Cpu, Network, Smartphone } from "lucide-react";
import { HOME_SERVICES, type Service, type ServiceSlug } from "./services";

// What only the services page needs (the home page and the footer load services.ts).

/** The nine services of the services page (spec §2 "Services page"), in display order. */
export const SERVICES: readonly Service[] = [
  ...HOME_SERVICES,
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

/** What the services page says of each service beyond its card on the home page. */
export interface ServiceDetails {
  /** Longer text for the services page. */
  description: string;
  features: readonly string[];
}

export const SERVICE_DETAILS: Readonly<Record<ServiceSlug, ServiceDetails>> = {
  "cameras-de-seguranca": {
    description:
      "Projetamos e instalamos sistemas de CFTV com câmeras em alta definição, visão noturna e gravação contínua, para você acompanhar tudo em tempo real, de onde estiver.",
    features: [
      "Câmeras Full HD e 4K com visão noturna",
      "Gravação em nuvem ou em gravador local",
      "Acesso às imagens pelo celular",
      "Análise de vídeo com alertas inteligentes",
    ],
  },
  "seguranca-eletronica": {
    description:
      "Projetos integrados de segurança eletrônica para empresas e condomínios, do estudo de riscos à instalação e à manutenção, com equipamentos das melhores marcas.",
    features: [
      "Análise de riscos e projeto personalizado",
      "Cerca elétrica e sensores de barreira",
      "Integração entre todos os sistemas",
      "Manutenção preventiva e corretiva",
    ],
  },
  "controle-de-acesso": {
    description:
      "Controle quem entra e quando entra, com biometria, reconhecimento facial, tags veiculares e cartões de proximidade, com registro completo de cada acesso.",
    features: [
      "Reconhecimento facial e biometria",
      "Tags veiculares e cartões de proximidade",
      "Cadastro de moradores, visitantes e prestadores",
      "Relatórios de acesso por período",
    ],
  },
  alarmes: {
    description:
      "Sistemas de alarme monitorados, com sensores de presença, de abertura e de quebra de vidro, que disparam alertas imediatos para a nossa central e para o seu celular.",
    features: [
      "Sensores sem fio e com fio",
      "Sirenes e discadora integradas",
      "Ativação e desativação pelo aplicativo",
      "Acionamento da central em caso de disparo",
    ],
  },
  "portaria-remota": {
    description:
      "Portaria remota para condomínios, com operadores treinados atendendo visitantes e entregas pela nossa central, reduzindo custos sem abrir mão da segurança.",
    features: [
      "Atendimento por vídeo e áudio",
      "Liberação de acessos com validação",
      "Gestão de moradores, veículos e prestadores",
      "Redução de custos com portaria",
    ],
  },
  "monitoramento-24h": {
    description:
      "Nossa central acompanha câmeras e alarmes 24 horas por dia, 7 dias por semana, e age rapidamente em qualquer ocorrência, acionando os responsáveis e as autoridades.",
    features: ["Central de monitoramento 24/7", "Resposta rápida a ocorrências", "Verificação de imagens em tempo real", "Relatórios periódicos de eventos"],
  },
  "redes-e-infraestrutura": {
    description:
      "Cabeamento estruturado, redes Wi-Fi e infraestrutura de telecomunicações que garantem o funcionamento estável de câmeras, controle de acesso e demais sistemas.",
    features: [
      "Cabeamento estruturado certificado",
      "Redes Wi-Fi corporativas",
      "Racks, nobreaks e organização de cabos",
      "Links redundantes para sistemas críticos",
    ],
  },
  automacao: {
    description:
      "Automação de portões, iluminação e equipamentos, com rotinas programadas e integração aos sistemas de segurança para mais conforto e economia.",
    features: [
      "Automação de portões e cancelas",
      "Controle inteligente de iluminação",
      "Rotinas e cenários programados",
      "Integração com os sistemas de segurança",
    ],
  },
  "aplicativo-movel": {
    description: "Acompanhe câmeras, alarmes e acessos pelo aplicativo, receba notificações em tempo real e autorize visitantes com poucos toques.",
    features: ["Imagens das câmeras ao vivo", "Notificações em tempo real", "Autorização de visitantes pelo celular", "Disponível para Android e iOS"],
  },
};
