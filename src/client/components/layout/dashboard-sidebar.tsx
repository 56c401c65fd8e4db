import { Bell, CalendarDays, FileBarChart, LayoutDashboard, LogOut, Settings, ShieldCheck, Users, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Logo } from "~/components/layout/logo";
import { SideNavAside, SideNavItem, SideNavPanel, SideNavSheet, sideNavFocusRing } from "~/components/layout/side-nav";
import { cn } from "~/lib/utils";
import { useLogout } from "~/lib/use-logout";
import { COMPANY_NAME } from "@shared/company";

interface DashboardNavItem {
  name: string;
  path: string;
  icon: LucideIcon;
  end?: boolean;
}

// Spec §2 Staff dashboard: the sidebar entries, in order.
export const DASHBOARD_NAV: readonly DashboardNavItem[] = [
  { name: "Dashboard", path: "/dashboard", icon: LayoutDashboard, end: true },
  { name: "Portaria Web", path: "/portaria-web", icon: ShieldCheck },
  { name: "Relatórios", path: "/dashboard/relatorios", icon: FileBarChart },
  { name: "Clientes", path: "/dashboard/clientes", icon: Users },
  { name: "Agenda", path: "/dashboard/agenda", icon: CalendarDays },
  { name: "Notificações", path: "/dashboard/notificacoes", icon: Bell },
  { name: "Configurações", path: "/dashboard/configuracoes", icon: Settings },
];

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const logout = useLogout();
  return (
    <SideNavPanel>
      <div className="flex h-16 shrink-0 items-center border-b border-white/10 px-5">
        <Link to="/" aria-label={`${COMPANY_NAME} – site`} className={cn("rounded-md", sideNavFocusRing)}>
          <Logo tone="light" />
        </Link>
      </div>
      <nav aria-label="Menu do dashboard" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {DASHBOARD_NAV.map((item) => (
            <SideNavItem key={item.path} to={item.path} end={item.end} icon={item.icon} onNavigate={onNavigate}>
              {item.name}
            </SideNavItem>
          ))}
        </ul>
      </nav>
      <div className="shrink-0 border-t border-white/10 p-3">
        <button
          type="button"
          onClick={() => {
            onNavigate?.();
            void logout();
          }}
          className={cn(
            "flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-slate-200 transition-colors hover:bg-white/10 hover:text-white",
            sideNavFocusRing,
          )}
        >
          <LogOut className="h-5 w-5 shrink-0" aria-hidden />
          Sair
        </button>
      </div>
    </SideNavPanel>
  );
}

/** The fixed sidebar of large screens. */
export function DashboardSidebar() {
  return (
    <SideNavAside breakpoint="lg">
      <SidebarContent />
    </SideNavAside>
  );
}

/** The same sidebar as a slide-in panel for small screens; focus stays inside while it is open. */
export function DashboardMobileSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <SideNavSheet id="dashboard-mobile-menu" title="Menu" breakpoint="lg" open={open} onOpenChange={onOpenChange}>
      <SidebarContent onNavigate={() => onOpenChange(false)} />
    </SideNavSheet>
  );
}
