import {
  Ban,
  BellRing,
  BookOpen,
  Building2,
  Car,
  ClipboardList,
  Contact,
  DoorOpen,
  House,
  KeyRound,
  Cctv,
  LayoutDashboard,
  Package,
  Settings,
  UserPlus,
  Users,
  UsersRound,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import type { PermissionName } from "@shared/permissions";
import { PATHS } from "~/lib/paths";

export interface PortariaMenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Needed to see the entry (one name, or a list where any one passes). None: everyone sees it. */
  permission?: PermissionName | readonly PermissionName[];
  /** Active only on this exact path (the painel), not on every path below it. */
  end?: boolean;
}

export interface PortariaMenuSection {
  id: string;
  /** Heading shown above the entries; the main section has none. */
  title?: string;
  items: readonly PortariaMenuItem[];
}

// Spec §2 Portaria Web: the sidebar sections and entries, in order, with the permissions of §6.
export const PORTARIA_MENU: readonly PortariaMenuSection[] = [
  {
    id: "principal",
    items: [
      { label: "Painel de Controle", to: "/portaria-web", icon: LayoutDashboard, end: true },
      { label: "Controle de Acesso", to: PATHS.controleAcesso, icon: DoorOpen, permission: "registrar_acesso_visitante" },
      { label: "Visitantes", to: PATHS.visitantes, icon: UserPlus, permission: "registrar_acesso_visitante" },
      { label: "Registros", to: PATHS.registros, icon: ClipboardList, permission: "visualizar_registros_acesso" },
      { label: "Bloqueios", to: PATHS.bloqueios, icon: Ban, permission: "gerenciar_bloqueios_acesso" },
      { label: "Encomendas", to: PATHS.encomendas, icon: Package, permission: ["gerenciar_encomendas", "visualizar_encomendas"] },
      { label: "Livro da portaria", to: PATHS.livro, icon: BookOpen, permission: ["registrar_ocorrencias", "visualizar_ocorrencias"] },
      { label: "Alarmes", to: "/portaria-web/alarmes", icon: BellRing, permission: ["acionar_dispositivos", "gerenciar_dispositivos"] },
    ],
  },
  {
    id: "gerenciamento",
    title: "Gerenciamento",
    items: [
      { label: "Condomínios", to: PATHS.condominios, icon: Building2, permission: "visualizar_condominios" },
      { label: "Unidades", to: PATHS.unidades, icon: House, permission: "visualizar_unidades" },
      // Residents live in units and own the vehicles: between the two (issue 14).
      { label: "Moradores", to: PATHS.moradores, icon: Contact, permission: "gerenciar_moradores_unidade" },
      { label: "Veículos", to: PATHS.veiculos, icon: Car, permission: "visualizar_veiculos" },
      { label: "Prestadores", to: PATHS.prestadores, icon: Wrench, permission: "visualizar_prestadores_servico" },
      { label: "Dispositivos", to: "/portaria-web/dispositivos", icon: Cctv, permission: "gerenciar_dispositivos" },
      // new:module (scripts/new-module.mjs) adds its module's line above this one.
    ],
  },
  {
    id: "administracao",
    title: "Administração",
    items: [
      { label: "Usuários", to: PATHS.usuarios, icon: Users, permission: "gerenciar_usuarios_portaria" },
      { label: "Grupos", to: PATHS.grupos, icon: UsersRound, permission: "gerenciar_grupos_permissoes" },
      { label: "Permissões", to: PATHS.permissoes, icon: KeyRound, permission: "gerenciar_grupos_permissoes" },
    ],
  },
  {
    id: "sistema",
    title: "Sistema",
    items: [{ label: "Configurações", to: PATHS.configuracoes, icon: Settings }],
  },
];

/** The menu as this user sees it: entries without the permission are dropped, then empty sections. */
export function visibleMenu(
  can: (permission: string | readonly string[]) => boolean,
  menu: readonly PortariaMenuSection[] = PORTARIA_MENU,
): PortariaMenuSection[] {
  return menu
    .map((section) => ({ ...section, items: section.items.filter((item) => !item.permission || can(item.permission)) }))
    .filter((section) => section.items.length > 0);
}

/** The user's groups as the header shows them: the group's name, several joined with ", ". */
export function groupLabel(grupos: readonly { nome_grupo: string }[]): string {
  return grupos.map((g) => g.nome_grupo).join(", ");
}
