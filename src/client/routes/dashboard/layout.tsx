import { SkipLink } from "~/components/layout/skip-link";
import { Loading } from "~/components/ui/query-state";
import { Bell, Menu, Search, UserCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { LoginRedirect } from "~/components/layout/login-redirect";
import { useSessionWatch } from "~/lib/use-session-watch";
import { DashboardMobileSidebar, DashboardSidebar } from "~/components/layout/dashboard-sidebar";
import { useAuth } from "~/lib/auth";

// Staff dashboard shell (spec §2): any signed-in user; sample data only.
export default function DashboardLayout() {
  const { loading, user, expired } = useAuth();
  useSessionWatch();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);

  // The slide-in menu closes whenever the route changes.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  if (loading) {
    return <Loading className="min-h-screen bg-slate-50" />;
  }

  if (!user) return <LoginRedirect expired={expired} />;

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <SkipLink />
      <DashboardSidebar />
      <DashboardMobileSidebar open={menuOpen} onOpenChange={setMenuOpen} />

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6 print:hidden">
          <button
            type="button"
            aria-label="Abrir menu"
            aria-expanded={menuOpen}
            aria-controls="dashboard-mobile-menu"
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            <Menu className="h-6 w-6" aria-hidden />
          </button>

          <form role="search" className="relative max-w-md flex-1" onSubmit={(event) => event.preventDefault()}>
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
            <input
              type="search"
              aria-label="Buscar"
              placeholder="Buscar..."
              className="h-10 w-full rounded-md border border-slate-300 bg-slate-50 pl-9 pr-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:bg-white"
            />
          </form>

          <div className="ml-auto flex items-center gap-2 sm:gap-4">
            <button
              type="button"
              aria-label="Notificações"
              onClick={() => navigate("/dashboard/notificacoes")}
              className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
            >
              <Bell className="h-5 w-5" aria-hidden />
              <span className="absolute right-1.5 top-1.5 h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white" aria-hidden />
            </button>
            <div className="flex items-center gap-2">
              <UserCircle className="h-8 w-8 shrink-0 text-slate-500" aria-hidden />
              <span className="hidden max-w-[12rem] truncate text-sm font-medium text-slate-800 sm:inline">{user.name}</span>
            </div>
          </div>
        </header>

        <main id="conteudo" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6 lg:p-8 print:p-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
