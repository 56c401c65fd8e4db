import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { HOME_SERVICES } from "~/lib/site/services";
import { SectionHeading } from "./section-heading";

/** Home: six service cards, each a link to /servicos, and a button to all services. */
export function ServicesGrid() {
  return (
    <section aria-labelledby="servicos-titulo" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="servicos-titulo"
          eyebrow="O que fazemos"
          title="Nossos Serviços"
          description="Soluções completas em segurança eletrônica e tecnologia, do projeto à instalação, com suporte e monitoramento contínuos."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {HOME_SERVICES.map(({ slug, title, summary, icon: Icon }) => (
            <li
              key={slug}
              className="group relative flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="text-xl font-semibold text-slate-900">
                {/* The link covers the whole card (after: pseudo-element). */}
                <Link to="/servicos" className="rounded-sm after:absolute after:inset-0 after:rounded-xl">
                  {title}
                </Link>
              </h3>
              <p className="text-slate-600">{summary}</p>
              <span aria-hidden="true" className="mt-auto inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                Saiba mais
                <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-1" />
              </span>
            </li>
          ))}
        </ul>
        <div className="flex justify-center">
          <Link to="/servicos" className={buttonVariants({ size: "lg" })}>
            Ver todos os serviços
            <ArrowRight aria-hidden />
          </Link>
        </div>
      </div>
    </section>
  );
}
