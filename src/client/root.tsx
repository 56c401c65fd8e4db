import "~/lib/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/root";
import { Toaster } from "~/components/ui/toaster";
import { queryClient } from "~/lib/query-client";
import { AuthProvider } from "~/lib/auth";
import "./app.css";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2747" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
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
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Outlet />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
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
