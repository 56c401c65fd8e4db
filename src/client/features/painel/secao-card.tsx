import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";

/** A painel section below the numbers: its title and the way to its screen, then its data once read (or why not). */
export function SecaoCard<T>({
  id,
  icone: Icone,
  titulo,
  link,
  query,
  children,
}: {
  id: string;
  icone: LucideIcon;
  titulo: string;
  link: { to: string; rotulo: string };
  query: UseQueryResult<T>;
  children: (dados: T) => ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Icone className="h-5 w-5 text-brand-700" aria-hidden /> {titulo}
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to={link.to}>{link.rotulo}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <p className="text-sm text-slate-600">Carregando...</p>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-800">
            Erro: {query.error.message}
          </p>
        ) : (
          children(query.data as T)
        )}
      </CardContent>
    </Card>
  );
}
