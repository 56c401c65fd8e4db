import { ArrowLeft, Home } from "lucide-react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/not-found";
import { COMPANY_NAME } from "@shared/company";
import { Logo } from "~/components/layout/logo";
import { Button } from "~/components/ui/button";

export function meta(): Route.MetaDescriptors {
  return [{ title: `Página não encontrada | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];
}

// Rendered outside the public layout: it stands alone for any unknown address (spec §2 '*').
export default function NotFound() {
  const navigate = useNavigate();

  function goBack() {
    // Go back when there is somewhere to go back to (React Router's own entries count from idx 0;
    // a page opened by a full load may still have earlier entries in the tab). Otherwise, go home.
    const idx = (window.history.state as { idx?: number } | null)?.idx;
    if ((typeof idx === "number" && idx > 0) || window.history.length > 1) navigate(-1);
    else navigate("/");
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-white px-6 py-16">
      <div className="w-full max-w-lg text-center">
        <Link to="/" aria-label={`${COMPANY_NAME} – página inicial`} className="inline-block rounded-md">
          <Logo />
        </Link>
        <p className="mt-8 text-6xl font-extrabold tracking-tight text-brand-700" aria-hidden>
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">Página não encontrada</h1>
        <p className="mt-4 text-slate-700">
          O endereço que você tentou acessar não existe ou foi movido. Confira se ele foi digitado corretamente ou volte para a página inicial.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/">
              <Home aria-hidden />
              Voltar para o início
            </Link>
          </Button>
          <Button type="button" variant="outline" size="lg" onClick={goBack}>
            <ArrowLeft aria-hidden />
            Voltar
          </Button>
        </div>
      </div>
    </main>
  );
}
