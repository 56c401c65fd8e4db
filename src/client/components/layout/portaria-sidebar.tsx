import { Dialog as DialogPrimitive } from "radix-ui";
import { ShieldCheck, UserCircle, X } from "lucide-react";
import { useId } from "react";
import { NavLink } from "react-router";
import { COMPANY_SHORT_NAME } from "@shared/company";
import { useAuth } from "~/lib/auth";
import { cn } from "~/lib/utils";
import { groupLabel, visibleMenu } from "~/features/portaria-shell/menu";

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

function SidebarContent({ onNavigate, showUser = false }: { onNavigate?: () => void; showUser?: boolean }) {
  const { can, profile } = useAuth();
  const idPrefix = useId();
  const sections = visibleMenu(can);
  const grupos = profile ? groupLabel(profile.grupos) : "";

  return (
    <div className="flex h-full flex-col bg-brand-900 text-white">
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
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        cn(
                          "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                          focusRing,
                          isActive ? "bg-brand-600 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white",
                        )
                      }
                    >
                      <item.icon className="h-5 w-5 shrink-0" aria-hidden />
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
    </div>
  );
}

/** The fixed sidebar of medium and large screens. */
export function PortariaSidebar() {
  return (
    <aside className="sticky top-0 hidden h-screen w-64 shrink-0 md:block">
      <SidebarContent />
    </aside>
  );
}

export const PORTARIA_MOBILE_MENU_ID = "portaria-mobile-menu";

/** The same sidebar as a slide-in panel below md; focus stays inside while it is open. */
export function PortariaMobileSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <DialogPrimitive.Content
          id={PORTARIA_MOBILE_MENU_ID}
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl outline-none md:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Menu do Portaria Web</DialogPrimitive.Title>
          <SidebarContent showUser onNavigate={() => onOpenChange(false)} />
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
