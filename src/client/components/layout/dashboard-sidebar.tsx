import { Dialog as DialogPrimitive } from "radix-ui";
import {
  Bell,
  CalendarDays,
  FileBarChart,
  LayoutDashboard,
  LogOut,
  Settings,
  ShieldCheck,
  Users,
  X,
  type LucideIcon,
} from "lucide-react";
import { Link, NavLink } from "react-router";
import { Logo } from "~/components/layout/logo";
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

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const logout = useLogout();
  return (
    <div className="flex h-full flex-col bg-brand-900 text-white">
      <div className="flex h-16 shrink-0 items-center border-b border-white/10 px-5">
        <Link to="/" aria-label={`${COMPANY_NAME} – site`} className={cn("rounded-md", focusRing)}>
          <Logo tone="light" />
        </Link>
      </div>
      <nav aria-label="Menu do dashboard" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {DASHBOARD_NAV.map((item) => (
            <li key={item.path}>
              <NavLink
                to={item.path}
                end={item.end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors",
                    focusRing,
                    isActive ? "bg-brand-600 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white",
                  )
                }
              >
                <item.icon className="h-5 w-5 shrink-0" aria-hidden />
                {item.name}
              </NavLink>
            </li>
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
            focusRing,
          )}
        >
          <LogOut className="h-5 w-5 shrink-0" aria-hidden />
          Sair
        </button>
      </div>
    </div>
  );
}

/** The fixed sidebar of large screens. */
export function DashboardSidebar() {
  return (
    <aside className="sticky top-0 hidden h-screen w-64 shrink-0 lg:block">
      <SidebarContent />
    </aside>
  );
}

/** The same sidebar as a slide-in panel for small screens; focus stays inside while it is open. */
export function DashboardMobileSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
        <DialogPrimitive.Content
          id="dashboard-mobile-menu"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl lg:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          <SidebarContent onNavigate={() => onOpenChange(false)} />
          <DialogPrimitive.Close
            aria-label="Fechar menu"
            className={cn("absolute right-3 top-4 rounded-md p-1.5 text-slate-200 hover:bg-white/10 hover:text-white", focusRing)}
          >
            <X className="h-5 w-5" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
