import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { portariaMeta } from "~/features/portaria-shell/meta";
import type { Route } from "./+types/nao-encontrado";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Página não encontrada");
}

/** An unknown path under /portaria-web: said inside the shell, with the way back to the painel. */
export default function NaoEncontrado() {
  return (
    <Card className="mx-auto mt-8 max-w-lg text-center">
      <CardHeader className="items-center">
        <SearchX className="h-10 w-10 text-brand-600" aria-hidden />
        <h1 className="text-xl font-bold">Página não encontrada</h1>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-slate-700">O endereço acessado não existe no Portaria Web.</p>
        <Button asChild variant="outline" className="justify-self-center">
          <Link to="/portaria-web">Voltar ao Painel de Controle</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
