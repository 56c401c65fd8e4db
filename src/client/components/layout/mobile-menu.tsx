import { clsx } from "clsx";
import { LayoutDashboard, LogIn, LogOut } from "lucide-react";
import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { Link, NavLink } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { NAV_ITEMS } from "~/lib/site/navigation";

interface MobileMenuProps {
  authenticated: boolean;
  /** The navigation bar's toggle: it opens and closes the menu itself, and gets the focus back. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onLogout: () => void;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx("block rounded-md px-3 py-3 text-base font-medium transition-colors", isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100");

/**
 * Side sheet of the public navigation for small screens, shown while open (the navigation bar
 * mounts it). Non-modal so the toggle stays usable to close it; a click outside, Escape, a link
 * or a location change also close it.
 */
export default function MobileMenu({ authenticated, toggleRef, onClose, onLogout }: MobileMenuProps) {
  return (
    <Dialog.Root open modal={false} onOpenChange={(open) => !open && onClose()}>
      <div aria-hidden="true" className="fixed inset-x-0 bottom-0 top-16 z-40 bg-slate-950/50 md:hidden" />
      <Dialog.Content
        data-testid="mobile-menu"
        aria-describedby={undefined}
        // The toggle's own click closes the menu; it is no "click outside".
        onInteractOutside={(event) => {
          if (toggleRef.current?.contains(event.target as Node)) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (document.activeElement === document.body) toggleRef.current?.focus();
        }}
        className="fixed bottom-0 right-0 top-16 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto border-l border-slate-200 bg-white p-5 shadow-xl transition-transform duration-300 ease-out starting:translate-x-full md:hidden"
      >
        <Dialog.Title className="sr-only">Menu</Dialog.Title>
        <nav aria-label="Menu principal">
          <ul className="flex flex-col gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end={item.path === "/"} className={linkClass} onClick={onClose}>
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-5">
          {authenticated ? (
            <>
              <Link to="/dashboard" onClick={onClose} className={buttonVariants()}>
                <LayoutDashboard aria-hidden />
                Dashboard
              </Link>
              <button type="button" className={buttonVariants({ variant: "outline" })} onClick={onLogout}>
                <LogOut aria-hidden />
                Sair
              </button>
            </>
          ) : (
            <Link to="/login" onClick={onClose} className={buttonVariants()}>
              <LogIn aria-hidden />
              Entrar
            </Link>
          )}
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
