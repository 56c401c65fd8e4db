import { SkipLink } from "~/components/layout/skip-link";
import { Loading } from "~/components/ui/query-state";
import { LayoutDashboard, LogOut, Menu, UserCircle } from "lucide-react";
import { useState } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { LoginRedirect } from "~/components/layout/login-redirect";
import { useSessionWatch } from "~/lib/use-session-watch";
import { PORTARIA_MOBILE_MENU_ID, PortariaMobileSidebar, PortariaSidebar } from "~/features/portaria-shell/portaria-sidebar";
import { Button } from "~/components/ui/button";
import { groupLabel } from "~/features/portaria-shell/menu";
import { usePageViewTracking } from "~/features/portaria-shell/use-page-view-tracking";
import { useAuth } from "~/lib/auth";
import { QueryProvider } from "~/lib/query-client";
import { PASSWORD_PAGE } from "~/lib/post-login";
import { useLogout } from "~/lib/use-logout";

/** Route guard of Portaria Web (§4): loading, no session, no profile, first access pending. */
export default function PortariaWebLayout() {
  const auth = useAuth();
  useSessionWatch();

  if (auth.loading) {
    return <Loading className="min-h-screen" />;
  }
  if (!auth.user) return <LoginRedirect expired={auth.expired} />;
  if (!auth.profile) return <Navigate to="/login" replace />;
  if (!auth.profile.primeiro_acesso_concluido) return <Navigate to={PASSWORD_PAGE} replace />;

  return (
    <QueryProvider>
      <PortariaShell nome={auth.profile.nome_completo} grupos={groupLabel(auth.profile.grupos)} />
    </QueryProvider>
  );
}

/** The area's own sidebar and header (§2), around the current screen. */
function PortariaShell({ nome, grupos }: { nome: string; grupos: string }) {
  const { pathname } = useLocation();
  const logout = useLogout();
  usePageViewTracking();

  // The slide-in menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === pathname;

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <SkipLink />
      <PortariaSidebar />
      <PortariaMobileSidebar open={menuOpen} onOpenChange={(open) => setMenuOpenedAt(open ? pathname : null)} />

      <div className="flex min-w-0 flex-1 flex-col">
        {/* Printed, a screen is its content only: no header (nor sidebar, nor buttons). */}
        <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-4 sm:px-6 print:hidden">
          <button
            type="button"
            data-testid="portaria-menu-toggle"
            aria-label="Abrir menu"
            aria-expanded={menuOpen}
            aria-controls={PORTARIA_MOBILE_MENU_ID}
            aria-haspopup="dialog"
            onClick={() => setMenuOpenedAt(pathname)}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          >
            <Menu className="h-6 w-6" aria-hidden />
          </button>
          <span className="truncate font-semibold text-brand-900 md:hidden">Portaria Web</span>

          <div className="ml-auto flex items-center gap-1 sm:gap-3">
            <div className="hidden items-center gap-2 sm:flex" data-testid="portaria-user">
              <UserCircle className="h-8 w-8 shrink-0 text-slate-500" aria-hidden />
              <div className="min-w-0 max-w-[16rem] text-sm leading-tight">
                <p className="truncate font-medium text-slate-900">{nome}</p>
                {grupos && <p className="truncate text-slate-600">{grupos}</p>}
              </div>
            </div>
            <Button asChild variant="outline" size="sm" className="px-2.5 sm:px-3">
              <Link to="/dashboard" title="Dashboard Site">
                <LayoutDashboard aria-hidden />
                <span className="sr-only lg:not-sr-only">Dashboard Site</span>
              </Link>
            </Button>
            <Button variant="ghost" size="sm" className="px-2.5 sm:px-3" title="Sair" onClick={() => void logout()}>
              <LogOut aria-hidden />
              <span className="sr-only lg:not-sr-only">Sair</span>
            </Button>
          </div>
        </header>

        <main id="conteudo" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6 lg:p-8 print:p-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
