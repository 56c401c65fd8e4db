import { Dialog } from "radix-ui";
import { LayoutDashboard, LogIn, LogOut, Menu, X } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { COMPANY_NAME } from "@shared/company";
import { Button } from "~/components/ui/button";
import { hasDarkHero, NAV_ITEMS } from "~/features/public/navigation";
import { useAuth } from "~/lib/auth";
import { useLogout } from "~/lib/use-logout";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";

/** Spec §9: the bar turns solid once the page is scrolled more than 20 px. */
export const NAVBAR_SCROLL_THRESHOLD = 20;

function subscribeToScroll(onChange: () => void) {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
}
const getScrolled = () => window.scrollY > NAVBAR_SCROLL_THRESHOLD;
// Prerendered HTML is written at the top of the page: not scrolled.
const getScrolledOnServer = () => false;

export function Navbar() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const logout = useLogout();
  const scrolled = useSyncExternalStore(subscribeToScroll, getScrolled, getScrolledOnServer);

  const [menuOpen, setMenuOpen] = useState(false);
  // Close the side menu whenever the location changes (link click, back button, redirect).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  // Transparent only over a dark hero, at the top of the page, with the side menu closed.
  const solid = scrolled || menuOpen || !hasDarkHero(pathname);
  const authenticated = user !== null;

  const closeMenu = () => setMenuOpen(false);
  const handleLogout = async () => {
    setMenuOpen(false);
    await logout();
  };

  const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-md px-3 py-2 text-sm font-medium transition-colors",
      solid
        ? isActive
          ? "bg-brand-50 text-brand-700"
          : "text-slate-700 hover:bg-brand-50 hover:text-brand-700"
        : isActive
          ? "bg-white/15 text-white"
          : "text-white hover:bg-white/10",
    );

  const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "block rounded-md px-3 py-3 text-base font-medium transition-colors",
      isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100",
    );

  // Call-to-action buttons: white on the transparent bar, brand colour on the solid one.
  const primaryButton = solid ? "" : "bg-white text-brand-900 hover:bg-brand-50";
  const secondaryButton = solid ? "" : "border-white/60 bg-transparent text-white hover:bg-white/10";

  return (
    <header
      data-state={solid ? "solid" : "transparent"}
      className={cn(
        "fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300",
        solid ? "bg-white shadow-md" : "bg-transparent shadow-none",
      )}
    >
      <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen} modal={false}>
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link to="/" aria-label={`${COMPANY_NAME} – página inicial`} className="rounded-md">
            <Logo tone={solid ? "dark" : "light"} />
          </Link>

          <nav aria-label="Navegação principal" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.path}>
                  <NavLink to={item.path} end={item.path === "/"} className={desktopLinkClass}>
                    {item.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="hidden items-center gap-2 md:flex">
            {authenticated ? (
              <>
                <Button asChild size="sm" className={primaryButton}>
                  <Link to="/dashboard">
                    <LayoutDashboard aria-hidden />
                    Dashboard
                  </Link>
                </Button>
                <Button size="sm" variant="outline" className={secondaryButton} onClick={handleLogout}>
                  <LogOut aria-hidden />
                  Sair
                </Button>
              </>
            ) : (
              <Button asChild size="sm" className={primaryButton}>
                <Link to="/login">
                  <LogIn aria-hidden />
                  Entrar
                </Link>
              </Button>
            )}
          </div>

          <Dialog.Trigger asChild>
            <button
              type="button"
              data-testid="menu-toggle"
              aria-label={menuOpen ? "Fechar menu" : "Abrir menu"}
              className={cn(
                "inline-flex h-10 w-10 items-center justify-center rounded-md transition-colors md:hidden",
                solid ? "text-slate-800 hover:bg-slate-100" : "text-white hover:bg-white/10",
              )}
            >
              {menuOpen ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
            </button>
          </Dialog.Trigger>
        </div>

        {/* Side sheet for small screens. Non-modal so the toggle above stays usable to close it;
            a click outside, Escape, a link or a location change also close it. */}
        {menuOpen && <div aria-hidden="true" className="fixed inset-x-0 bottom-0 top-16 z-40 bg-slate-950/50 md:hidden" />}
        <Dialog.Content
          data-testid="mobile-menu"
          aria-describedby={undefined}
          className="fixed bottom-0 right-0 top-16 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto border-l border-slate-200 bg-white p-5 shadow-xl transition-transform duration-300 ease-out starting:translate-x-full md:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <nav aria-label="Menu principal">
            <ul className="flex flex-col gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.path}>
                  <NavLink to={item.path} end={item.path === "/"} className={mobileLinkClass} onClick={closeMenu}>
                    {item.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-5">
            {authenticated ? (
              <>
                <Button asChild>
                  <Link to="/dashboard" onClick={closeMenu}>
                    <LayoutDashboard aria-hidden />
                    Dashboard
                  </Link>
                </Button>
                <Button variant="outline" onClick={handleLogout}>
                  <LogOut aria-hidden />
                  Sair
                </Button>
              </>
            ) : (
              <Button asChild>
                <Link to="/login" onClick={closeMenu}>
                  <LogIn aria-hidden />
                  Entrar
                </Link>
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Root>
    </header>
  );
}
