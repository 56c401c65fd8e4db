import { AlertTriangle, Camera, ClipboardList, Users, type LucideIcon } from "lucide-react";

// Fixed sample data of the staff dashboard (spec §2 'Visão Geral', §3 Dashboard sample data).
// Nothing here comes from the API: the overview is a static showcase.

export type Trend = "up" | "down";
export type StatColor = "blue" | "green" | "amber" | "red";
export type StatusColor = "green" | "yellow" | "red" | "blue";

export interface StatCardData {
  title: string;
  value: string;
  change: string;
  trend: Trend;
  color: StatColor;
  icon: LucideIcon;
}

export interface EventData {
  id: number;
  title: string;
  location: string;
  time: string;
  status: string;
  statusColor: StatusColor;
}

export interface ActivityData {
  title: string;
  location: string;
  time: string;
}

export interface MetricData {
  label: string;
  /** Percent, 0 to 100. */
  value: number;
}

export const STATS: readonly StatCardData[] = [
  { title: "Clientes Ativos", value: "248", change: "+12%", trend: "up", color: "blue", icon: Users },
  { title: "Câmeras Online", value: "1.432", change: "+5%", trend: "up", color: "green", icon: Camera },
  { title: "Alertas Hoje", value: "7", change: "-18%", trend: "down", color: "amber", icon: AlertTriangle },
  { title: "Chamados Abertos", value: "15", change: "+3%", trend: "up", color: "red", icon: ClipboardList },
];

export const RECENT_EVENTS: readonly EventData[] = [
  {
    id: 1,
    title: "Alarme disparado",
    location: "Condomínio Jardim Europa – Bloco B",
    time: "Há 5 minutos",
    status: "Em análise",
    statusColor: "yellow",
  },
  {
    id: 2,
    title: "Câmera offline",
    location: "Residencial Alphaville – Portaria 2",
    time: "Há 22 minutos",
    status: "Pendente",
    statusColor: "red",
  },
  {
    id: 3,
    title: "Acesso de visitante liberado",
    location: "Edifício Tamboré Office – Recepção",
    time: "Há 40 minutos",
    status: "Concluído",
    statusColor: "green",
  },
  {
    id: 4,
    title: "Manutenção de controle de acesso",
    location: "Condomínio Vila Verde – Garagem",
    time: "Há 1 hora",
    status: "Em andamento",
    statusColor: "blue",
  },
  {
    id: 5,
    title: "Falha de energia na central de alarme",
    location: "Loja Centro Comercial Alphaville",
    time: "Há 3 horas",
    status: "Resolvido",
    statusColor: "green",
  },
];

export const UPCOMING_ACTIVITIES: readonly ActivityData[] = [
  { title: "Instalação de câmeras", location: "Residencial Morada do Sol", time: "Hoje, 14:00" },
  { title: "Manutenção preventiva do CFTV", location: "Condomínio Jardim Europa", time: "Amanhã, 09:00" },
  { title: "Visita técnica para orçamento", location: "Escritório Empresarial Barueri", time: "Amanhã, 15:30" },
  { title: "Treinamento de porteiros", location: "Residencial Alphaville", time: "Sexta-feira, 10:00" },
];

export const PERFORMANCE_METRICS: readonly MetricData[] = [
  { label: "Satisfação dos clientes", value: 92 },
  { label: "Chamados resolvidos no prazo", value: 88 },
  { label: "Metas de instalação do mês", value: 76 },
];
