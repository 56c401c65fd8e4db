import "~/lib/zod-jitless";
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/root";
import { AuthProvider } from "~/lib/auth";
import { getCurrentToast, subscribeToasts } from "~/lib/toast";
import appCss from "./app.css?url";

// The toast viewport and its library load with the first toast: most visits of the public
// pages never show one, and they are measured by the JavaScript they download.
const Toaster = lazy(() => import("~/components/ui/toaster").then((m) => ({ default: m.Toaster })));

function ToasterOnDemand() {
  const needed = useSyncExternalStore(
    subscribeToasts,
    () => getCurrentToast() !== null,
    () => false,
  );
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2747" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence React puts the stylesheet ahead of the module preloads, so the
            browser asks for the one render-blocking file first. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AuthProvider>
      <Outlet />
      <ToasterOnDemand />
    </AuthProvider>
  );
}

// Shown while the SPA shell boots on routes that are not prerendered.
export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status">
      <span className="text-slate-600">Carregando...</span>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) && error.status === 404 ? "Página não encontrada" : "Algo deu errado";
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-600">Tente recarregar a página. Se o problema continuar, fale conosco.</p>
      <a className="text-blue-700 underline" href="/">
        Voltar para o início
      </a>
    </main>
  );
}
