import { ShieldCheck, UserCircle } from "lucide-react";
import { useId } from "react";
import { COMPANY_SHORT_NAME } from "@shared/company";
import { SideNavAside, SideNavItem, SideNavPanel, SideNavSheet } from "~/components/layout/side-nav";
import { useAuth } from "~/lib/auth";
import { groupLabel, visibleMenu } from "./menu";

function SidebarContent({ onNavigate, showUser = false }: { onNavigate?: () => void; showUser?: boolean }) {
  const { can, profile } = useAuth();
  const idPrefix = useId();
  const sections = visibleMenu(can);
  const grupos = profile ? groupLabel(profile.grupos) : "";

  return (
    <SideNavPanel>
      <div className="flex h-16 shrink-0 items-center gap-2.5 border-b border-white/10 px-5 pr-14 md:pr-5">
        <ShieldCheck className="h-7 w-7 shrink-0 text-brand-100" aria-hidden />
        <span className="flex flex-col leading-tight">
          <span className="text-lg font-bold tracking-tight">Portaria Web</span>
          <span className="text-xs font-medium uppercase tracking-[0.14em] text-slate-300">{COMPANY_SHORT_NAME}</span>
        </span>
      </div>

      {showUser && profile && (
        <div className="flex items-center gap-3 border-b border-white/10 px-5 py-3">
          <UserCircle className="h-8 w-8 shrink-0 text-slate-300" aria-hidden />
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium">{profile.nome_completo}</p>
            {grupos && <p className="truncate text-slate-300">{grupos}</p>}
          </div>
        </div>
      )}

      <nav aria-label="Portaria Web" className="flex-1 overflow-y-auto px-3 py-4">
        {sections.map((section) => {
          const headingId = `${idPrefix}-${section.id}`;
          return (
            <div key={section.id} className="mb-5 last:mb-0">
              {section.title && (
                <h2 id={headingId} className="mb-1.5 px-3 text-xs font-semibold uppercase tracking-wider text-slate-300">
                  {section.title}
                </h2>
              )}
              <ul className="space-y-1" aria-labelledby={section.title ? headingId : undefined}>
                {section.items.map((item) => (
                  <SideNavItem key={item.to} to={item.to} end={item.end} icon={item.icon} dense onNavigate={onNavigate}>
                    {item.label}
                  </SideNavItem>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
    </SideNavPanel>
  );
}

/** The fixed sidebar of medium and large screens. */
export function PortariaSidebar() {
  return (
    <SideNavAside breakpoint="md">
      <SidebarContent />
    </SideNavAside>
  );
}

export const PORTARIA_MOBILE_MENU_ID = "portaria-mobile-menu";

/** The same sidebar as a slide-in panel below md; focus stays inside while it is open. */
export function PortariaMobileSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <SideNavSheet id={PORTARIA_MOBILE_MENU_ID} title="Menu do Portaria Web" breakpoint="md" className="outline-none" open={open} onOpenChange={onOpenChange}>
      <SidebarContent showUser onNavigate={() => onOpenChange(false)} />
    </SideNavSheet>
  );
}
