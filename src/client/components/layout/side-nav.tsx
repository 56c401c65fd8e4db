import { Dialog as DialogPrimitive } from "radix-ui";
import { X, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { cn } from "~/lib/utils";

// Building blocks of the dark side menus (staff dashboard, Portaria Web): the fixed column of wide
// screens, the slide-in sheet of narrow ones and the entries.

export const sideNavFocusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** From which breakpoint the fixed column shows (and the sheet hides). */
type Breakpoint = "md" | "lg";

const SHOWN_FROM: Record<Breakpoint, string> = { md: "md:block", lg: "lg:block" };
const HIDDEN_FROM: Record<Breakpoint, string> = { md: "md:hidden", lg: "lg:hidden" };

/** The dark panel itself: header, nav, footer stacked to full height. */
export function SideNavPanel({ children }: { children: ReactNode }) {
  return <div className="flex h-full flex-col bg-brand-900 text-white">{children}</div>;
}

/** The fixed column, from `breakpoint` up: as tall as the page, its menu pinned to the viewport. Not printed. */
export function SideNavAside({ breakpoint, children }: { breakpoint: Breakpoint; children: ReactNode }) {
  return (
    <aside className={cn("hidden w-64 shrink-0 bg-brand-900 print:hidden", SHOWN_FROM[breakpoint])}>
      <div className="sticky top-0 h-screen">{children}</div>
    </aside>
  );
}

/** The slide-in panel below `breakpoint`, with a 'Fechar menu' button; focus stays inside while it is open. */
export function SideNavSheet({
  id,
  title,
  breakpoint,
  className,
  open,
  onOpenChange,
  children,
}: {
  /** id of the panel, for the toggle's aria-controls. */
  id: string;
  /** The dialog's accessible name (visually hidden). */
  title: string;
  breakpoint: Breakpoint;
  className?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={cn("fixed inset-0 z-40 bg-black/50", HIDDEN_FROM[breakpoint])} />
        <DialogPrimitive.Content
          id={id}
          aria-describedby={undefined}
          className={cn("fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl", className, HIDDEN_FROM[breakpoint])}
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          {children}
          <DialogPrimitive.Close
            aria-label="Fechar menu"
            className={cn("absolute right-3 top-4 rounded-md p-1.5 text-slate-200 hover:bg-white/10 hover:text-white", sideNavFocusRing)}
          >
            <X className="h-5 w-5" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** One entry of the menu list: icon and label, highlighted on its route. `dense` takes less height. */
export function SideNavItem({
  to,
  end,
  icon: Icon,
  dense = false,
  onNavigate,
  children,
}: {
  to: string;
  end?: boolean;
  icon: LucideIcon;
  dense?: boolean;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        onClick={onNavigate}
        className={({ isActive }) =>
          cn(
            "flex items-center gap-3 rounded-md px-3",
            dense ? "py-2" : "py-2.5",
            "text-sm font-medium transition-colors",
            sideNavFocusRing,
            isActive ? "bg-brand-600 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white",
          )
        }
      >
        <Icon className="h-5 w-5 shrink-0" aria-hidden />
        {children}
      </NavLink>
    </li>
  );
}
