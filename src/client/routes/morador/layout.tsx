import { useQuery } from "@tanstack/react-query";
import { Bell, History, House, LogOut, Package, UserCircle, Users } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, Navigate, NavLink, Outlet, useSearchParams } from "react-router";
import { MORADOR_TEXTOS, type MoradorEu, type UnidadeDoMorador } from "@shared/schemas/morador";
import { LoginRedirect } from "~/components/layout/login-redirect";
import { Logo } from "~/components/layout/logo";
import { SkipLink } from "~/components/layout/skip-link";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { moradorEuQuery } from "~/features/morador/api";
import { moradorAppLinks, registrarServiceWorker } from "~/features/morador/app-links";
import { primeiroNome, unidadesDistintas, type MoradorContexto } from "~/features/morador/contexto";
import { ApiError } from "~/lib/api";
import { useAuth } from "~/lib/auth";
import { MORADOR_HOME } from "~/lib/post-login";
import { QueryProvider } from "~/lib/query-client";
import { useLogout } from "~/lib/use-logout";
import { useSessionWatch } from "~/lib/use-session-watch";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/layout";

export function links(): Route.LinkDescriptors {
  return moradorAppLinks();
}

/** The search parameter that keeps the chosen unit (a reload, a shared link, back and forward keep it). */
const UNIDADE = "unidade";

/**
 * Route guard of the Área do Morador (gate-operation-spec §3): loading, no session (to /login,
 * coming back here), a session without the Área do Morador (to /login, which sends a staff
 * profile to its own landing).
 */
export default function MoradorLayout() {
  const auth = useAuth();
  useSessionWatch();
  // The installed app's worker: the shell offline, Web Push notices (decision 0277).
  useEffect(registrarServiceWorker, []);

  if (auth.loading) return <Loading className="min-h-screen" />;
  // Opened offline (the installed app, its shell kept by the service worker): say so, not /login.
  if (!auth.user && typeof navigator !== "undefined" && !navigator.onLine) return <SemConexao />;
  if (!auth.user) return <LoginRedirect expired={auth.expired} />;
  if (!auth.morador) return <Navigate to="/login" replace />;
  return (
    <QueryProvider>
      <MoradorShell />
    </QueryProvider>
  );
}

function SemConexao() {
  useEffect(() => {
    // Back online: the page loads again (the session, then the unit).
    const voltar = () => window.location.reload();
    window.addEventListener("online", voltar);
    return () => window.removeEventListener("online", voltar);
  }, []);
  return (
    <main id="conteudo" className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-50 px-4 text-center">
      <Logo />
      <h1 className="text-xl font-bold text-slate-900">Área do Morador</h1>
      <p role="status" className="text-slate-700">
        Sem conexão com a internet. A página volta quando a conexão voltar.
      </p>
    </main>
  );
}

function MoradorShell() {
  const { reload } = useAuth();
  const eu = useQuery(moradorEuQuery());
  // 403: the session lost the Área do Morador meanwhile (resident deactivated or deleted). The
  // session is asked again first, so /login does not send the person back here.
  const semAcesso = eu.error instanceof ApiError && eu.error.status === 403;
  const [sessaoRelida, setSessaoRelida] = useState(false);
  useEffect(() => {
    if (semAcesso) void reload().finally(() => setSessaoRelida(true));
  }, [semAcesso, reload]);
  useQueryErrorToast(semAcesso ? null : eu.error, MORADOR_TEXTOS.carregar);

  if (semAcesso) return sessaoRelida ? <Navigate to="/login" replace /> : <Loading className="min-h-screen" />;
  if (eu.isPending) return <Loading className="min-h-screen" />;
  if (eu.isError) {
    return (
      <main id="conteudo" className="mx-auto max-w-3xl px-4 py-8">
        <ListError error={eu.error} />
      </main>
    );
  }
  return <MoradorArea eu={eu.data} />;
}

/** Header (logo, first name, unit switcher, 'Sair'), the page, and the sections' nav: phone first. */
function MoradorArea({ eu }: { eu: MoradorEu }) {
  const logout = useLogout();
  const switcherId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const unidades = unidadesDistintas(eu.unidades);
  const unidade: UnidadeDoMorador | undefined = unidades.find((u) => u.unidade_id === searchParams.get(UNIDADE)) ?? unidades[0];
  // The links of the area keep the chosen unit.
  const search = unidade && unidades.length > 1 ? `?${new URLSearchParams({ [UNIDADE]: unidade.unidade_id }).toString()}` : "";

  function escolher(unidadeId: string) {
    // Choosing a unit is a setting of the page, not a step back can undo.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(UNIDADE, unidadeId);
        return next;
      },
      { replace: true },
    );
  }

  if (!unidade) return <Navigate to="/login" replace />;
  const contexto: MoradorContexto = { eu, unidade };

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-3xl items-center gap-2 px-4">
          <Link to={{ pathname: MORADOR_HOME, search }} className="shrink-0 rounded-md">
            <Logo compact />
          </Link>
          <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-3">
            <p className="flex min-w-0 items-center gap-1.5 text-sm font-medium text-slate-900" data-testid="morador-nome">
              <UserCircle className="h-6 w-6 shrink-0 text-slate-500" aria-hidden />
              <span className="truncate">{primeiroNome(eu.nome)}</span>
            </p>
            <Button variant="ghost" size="sm" className="shrink-0 px-2.5 sm:px-3" title="Sair" onClick={() => void logout()}>
              <LogOut aria-hidden />
              <span className="sr-only sm:not-sr-only">Sair</span>
            </Button>
          </div>
        </div>
        {unidades.length > 1 && (
          <div className="mx-auto grid max-w-3xl gap-1.5 px-4 pb-3 sm:flex sm:items-center sm:gap-3">
            <Label htmlFor={switcherId}>Unidade</Label>
            <Select value={unidade.unidade_id} onValueChange={escolher}>
              <SelectTrigger id={switcherId} className="sm:max-w-md">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {unidades.map((u) => (
                  <SelectItem key={u.unidade_id} value={u.unidade_id}>
                    {u.rotulo} · {u.condominio}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
      </header>

      <main id="conteudo" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 pb-24 pt-6 outline-none">
        <Outlet context={contexto} />
      </main>

      {/* §3.2's sections: only those that exist are linked (Visitantes, Encomendas, Histórico and
          Notificações join as they are built; decision 0272). */}
      <nav aria-label="Seções da Área do Morador" className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
        <ul className="mx-auto flex max-w-3xl">
          <li className="flex-1">
            <NavLink
              to={{ pathname: MORADOR_HOME, search }}
              end
              className={({ isActive }) =>
                cn(
                  "flex min-h-14 flex-col items-center justify-center gap-0.5 px-2 py-1.5 text-xs font-medium",
                  isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900",
                )
              }
            >
              <House className="h-5 w-5" aria-hidden />
              Início
            </NavLink>
          </li>
          <li className="flex-1">
            <NavLink
              to={{ pathname: `${MORADOR_HOME}/visitantes`, search }}
              className={({ isActive }) =>
                cn(
                  "flex min-h-14 flex-col items-center justify-center gap-0.5 px-2 py-1.5 text-xs font-medium",
                  isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900",
                )
              }
            >
              <Users className="h-5 w-5" aria-hidden />
              Visitantes
            </NavLink>
          </li>
          <li className="flex-1">
            <NavLink
              to={{ pathname: `${MORADOR_HOME}/encomendas`, search }}
              className={({ isActive }) =>
                cn(
                  "flex min-h-14 flex-col items-center justify-center gap-0.5 px-2 py-1.5 text-xs font-medium",
                  isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900",
                )
              }
            >
              <Package className="h-5 w-5" aria-hidden />
              Encomendas
            </NavLink>
          </li>
          <li className="flex-1">
            <NavLink
              to={{ pathname: `${MORADOR_HOME}/historico`, search }}
              className={({ isActive }) =>
                cn(
                  "flex min-h-14 flex-col items-center justify-center gap-0.5 px-2 py-1.5 text-xs font-medium",
                  isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900",
                )
              }
            >
              <History className="h-5 w-5" aria-hidden />
              Histórico
            </NavLink>
          </li>
          <li className="flex-1">
            <NavLink
              to={{ pathname: `${MORADOR_HOME}/notificacoes`, search }}
              className={({ isActive }) =>
                cn(
                  "flex min-h-14 flex-col items-center justify-center gap-0.5 px-2 py-1.5 text-xs font-medium",
                  isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900",
                )
              }
            >
              <Bell className="h-5 w-5" aria-hidden />
              Notificações
            </NavLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
