import { SenhaForm } from "~/features/minha-conta/senha-form";
import { ResumoDiarioCard } from "~/features/minha-conta/resumo-diario-card";
import { SessoesCard } from "~/features/minha-conta/sessoes-card";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { useAuth } from "~/lib/auth";
import type { Route } from "./+types/configuracoes";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Configurações");
}

// Settings (§2: menu entry, screen not shown; needs no permission): for now, Minha conta.
export default function Page() {
  const { profile } = useAuth();
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <h1 className="text-2xl font-bold text-slate-900">Configurações</h1>
      <section aria-labelledby="minha-conta" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="minha-conta" className="text-xl font-semibold text-slate-900">
            Minha conta
          </h2>
          {profile && (
            <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
              {profile.nome_completo} · {profile.email}
            </p>
          )}
        </div>
        <SenhaForm />
        <SessoesCard />
        <ResumoDiarioCard />
      </section>
    </div>
  );
}
