import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { MSG } from "@shared/messages";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";

/** The 'Acesso Negado' card of §2, with a way back. */
export function AcessoNegado({
  message = MSG.accessDenied.message,
  backTo = "/portaria-web",
  backLabel = "Voltar",
}: {
  message?: string;
  backTo?: string;
  backLabel?: string;
}) {
  return (
    <Card className="mx-auto mt-8 max-w-lg text-center" role="alert">
      <CardHeader className="items-center">
        <ShieldAlert className="h-10 w-10 text-red-700" aria-hidden />
        <h1 className="text-xl font-bold">Acesso Negado</h1>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-slate-700">{message}</p>
        <Button asChild variant="outline" className="justify-self-center">
          <Link to={backTo}>{backLabel}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
