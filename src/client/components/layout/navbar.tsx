import { clsx } from "clsx";
import { LayoutDashboard, LogIn, LogOut, Menu, X } from "lucide-react";
import { lazy, Suspense, useRef, useState, useSyncExternalStore } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { COMPANY_NAME } from "@shared/company";
import { buttonVariants } from "~/components/ui/button-variants";
import { hasDarkHero, NAV_ITEMS } from "~/lib/site/navigation";
import { useAuth } from "~/lib/auth";
import { useLogout } from "~/lib/use-logout";
import { Logo } from "./logo";

// The side menu (and the dialog library under it) loads when first wanted: most visits never
// open it, and the public pages are measured by the JavaScript they download.
const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMobileMenu);
const preloadMobileMenu = () => void loadMobileMenu();

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
  const toggleRef = useRef<HTMLButtonElement>(null);
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
    clsx(
      "rounded-md px-3 py-2 text-sm font-medium transition-colors",
      solid
        ? isActive
          ? "bg-brand-50 text-brand-700"
          : "text-slate-700 hover:bg-brand-50 hover:text-brand-700"
        : isActive
          ? "bg-white/15 text-white"
          : "text-white hover:bg-white/10",
    );

  // Call-to-action buttons: white on the transparent bar, brand colour on the solid one.
  const primaryButton = buttonVariants({ size: "sm", variant: solid ? "default" : "inverse" });
  const secondaryButton = buttonVariants({ size: "sm", variant: solid ? "outline" : "outlineInverse" });

  return (
    <header
      data-state={solid ? "solid" : "transparent"}
      className={clsx(
        "fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300",
        // Transparent over the dark hero, with a dark scrim behind its light texts: the bar is fixed,
        // so what lies under it is never taken for granted (axe and Lighthouse judge it so too).
        solid ? "bg-white shadow-md" : "bg-transparent bg-linear-to-b from-slate-950/60 to-transparent shadow-none",
      )}
    >
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
              <Link to="/dashboard" className={primaryButton}>
                <LayoutDashboard aria-hidden />
                Dashboard
              </Link>
              <button type="button" className={secondaryButton} onClick={handleLogout}>
                <LogOut aria-hidden />
                Sair
              </button>
            </>
          ) : (
            <Link to="/login" className={primaryButton}>
              <LogIn aria-hidden />
              Entrar
            </Link>
          )}
        </div>

        <button
          ref={toggleRef}
          type="button"
          data-testid="menu-toggle"
          aria-label={menuOpen ? "Fechar menu" : "Abrir menu"}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
          onPointerEnter={preloadMobileMenu}
          onTouchStart={preloadMobileMenu}
          onFocus={preloadMobileMenu}
          className={clsx(
            "inline-flex h-10 w-10 items-center justify-center rounded-md transition-colors md:hidden",
            solid ? "text-slate-800 hover:bg-slate-100" : "text-white hover:bg-white/10",
          )}
        >
          {menuOpen ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
        </button>
      </div>

      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu authenticated={authenticated} toggleRef={toggleRef} onClose={closeMenu} onLogout={handleLogout} />
        </Suspense>
      )}
    </header>
  );
}
