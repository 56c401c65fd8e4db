import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MORADOR_TEXTOS } from "@shared/schemas/morador";
import { Logo } from "~/components/layout/logo";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ListError, Loading } from "~/components/ui/query-state";
import { conviteInfoQuery } from "~/features/morador/api";
import { moradorAppLinks } from "~/features/morador/app-links";
import { ConviteForm } from "~/features/morador/convite-form";
import { useAuth } from "~/lib/auth";
import { QueryProvider } from "~/lib/query-client";
import { dismissToast, getCurrentToast } from "~/lib/toast";
import type { Route } from "./+types/convite";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Convite | Área do Morador" }, { name: "robots", content: "noindex" }];
}

export function links(): Route.LinkDescriptors {
  return moradorAppLinks();
}

/** Where the login page says 'Acesso criado: entre com seu email e senha.' (routes/login.tsx). */
const LOGIN_CONVITE_ACEITO = "/login?convite=aceito";

/**
 * The invitation's page (gate-operation-spec §3.1), public: the e-mailed link brings the token.
 * First whether the link still works and for whom, then the password; accepted, the resident
 * signs in at /login like everyone else.
 */
export default function ConvitePage() {
  return (
    <QueryProvider>
      <main
        id="conteudo"
        tabIndex={-1}
        className="flex min-h-screen justify-center bg-gradient-to-br from-slate-100 to-brand-50 px-4 py-8 outline-none sm:items-center"
      >
        <Card className="h-fit w-full max-w-md">
          <CardHeader className="items-center gap-3 text-center">
            <Logo />
            <h1 className="text-2xl font-bold">Área do Morador</h1>
          </CardHeader>
          <CardContent>
            <Convite />
          </CardContent>
        </Card>
      </main>
    </QueryProvider>
  );
}

function Convite() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const auth = useAuth();
  const info = useQuery({ ...conviteInfoQuery(token), enabled: token !== "" });
  // The server said, on submitting, that the link no longer works.
  const [invalidado, setInvalidado] = useState(false);

  async function aceito() {
    // An error of an earlier try (a weak password) does not follow the person to /login.
    const anterior = getCurrentToast();
    if (anterior) dismissToast(anterior.id);
    // Someone already signed in here (staff, or a resident of another unit) now has one more unit.
    if (auth.user) await auth.reload();
    navigate(LOGIN_CONVITE_ACEITO, { replace: true });
  }

  if (token === "" || invalidado || info.data?.valido === false) {
    return (
      <div className="grid gap-4">
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {MORADOR_TEXTOS.conviteInvalido}
        </p>
        <Button asChild>
          <Link to="/login">Ir para o login</Link>
        </Button>
      </div>
    );
  }
  if (info.isPending) return <Loading label="Verificando o convite..." />;
  if (info.isError) return <ListError error={info.error} className="px-0 py-4" />;

  const { nome, email, condominio, unidade, conta_existente } = info.data;
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <p className="text-base font-medium text-slate-900 [overflow-wrap:anywhere]">Olá, {nome}.</p>
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 [overflow-wrap:anywhere]" data-testid="convite-unidade">
          <span className="block font-semibold text-slate-900">{condominio}</span>
          {unidade}
        </p>
      </div>
      <ConviteForm token={token} email={email ?? ""} contaExistente={conta_existente} onAceito={() => void aceito()} onInvalido={() => setInvalidado(true)} />
    </div>
  );
}
