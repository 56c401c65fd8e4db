import { LayoutDashboard, LogOut } from "lucide-react";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { useAuth } from "~/lib/auth";
import { PASSWORD_PAGE } from "~/lib/post-login";
import { useLogout } from "~/lib/use-logout";

/** Route guard of Portaria Web (§4): loading, no session, no profile, first access pending. */
export default function PortariaWebLayout() {
  const auth = useAuth();
  const location = useLocation();
  const logout = useLogout();

  if (auth.loading) {
    return (
      <p role="status" className="flex min-h-screen items-center justify-center text-slate-600">
        Carregando...
      </p>
    );
  }
  if (!auth.user) return <Navigate to="/login" state={{ from: location.pathname + location.search }} replace />;
  if (!auth.profile) return <Navigate to="/login" replace />;
  if (!auth.profile.primeiro_acesso_concluido) return <Navigate to={PASSWORD_PAGE} replace />;

  const grupo = auth.profile.grupos[0]?.nome_grupo;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between gap-4 border-b bg-white px-6 py-3">
        <Link to="/portaria-web" className="text-lg font-semibold text-brand-900">
          Portaria Web
        </Link>
        <div className="flex items-center gap-4">
          <div className="text-right text-sm">
            <p className="font-medium">{auth.profile.nome_completo}</p>
            {grupo && <p className="text-slate-600">{grupo}</p>}
          </div>
          <Button asChild variant="outline" size="sm">
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden /> Dashboard Site
            </Link>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            <LogOut aria-hidden /> Sair
          </Button>
        </div>
      </header>
      <main className="p-6">
        <Outlet />
      </main>
    </div>
  );
}
