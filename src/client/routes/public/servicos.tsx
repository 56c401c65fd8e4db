import { CircleCheck, MessageCircle } from "lucide-react";
import type { Route } from "./+types/servicos";
import { chatLink } from "@shared/company";
import { PageHero } from "~/components/public/page-hero";
import { buttonVariants } from "~/components/ui/button-variants";
import { pageMeta } from "~/lib/site/meta";
import { SERVICE_DETAILS, SERVICES } from "~/lib/site/services-page";

export function meta(): Route.MetaDescriptors {
  return pageMeta({
    title: "Serviços",
    description:
      "Câmeras de segurança, segurança eletrônica, controle de acesso, alarmes, portaria remota, monitoramento 24h, redes, automação e aplicativo móvel.",
  });
}

function QuoteButton({ inverted = false }: { inverted?: boolean }) {
  return (
    <a href={chatLink()} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: "lg", variant: inverted ? "inverse" : "default" })}>
      <MessageCircle aria-hidden />
      Solicitar Orçamento
    </a>
  );
}

export default function Servicos() {
  return (
    <>
      <PageHero
        eyebrow="Soluções completas em segurança eletrônica"
        title="Nossos Serviços"
        description="Do projeto à instalação, com suporte e monitoramento 24 horas: tecnologia de ponta para proteger a sua empresa e o seu condomínio."
      />

      <section aria-labelledby="lista-servicos" className="bg-slate-50 py-20 sm:py-24">
        <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 sm:px-6 lg:px-8">
          <h2 id="lista-servicos" className="sr-only">
            Lista de serviços
          </h2>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {SERVICES.map(({ slug, title, icon: Icon }) => {
              const { description, features } = SERVICE_DETAILS[slug];
              return (
                <li key={slug} id={slug} className="flex scroll-mt-24">
                  <article aria-labelledby={`${slug}-titulo`} className="flex w-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                    <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                      <Icon className="h-6 w-6" aria-hidden />
                    </span>
                    <h3 id={`${slug}-titulo`} className="text-xl font-semibold text-slate-900">
                      {title}
                    </h3>
                    <p className="text-slate-600">{description}</p>
                    <ul className="mt-auto flex flex-col gap-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
                      {features.map((feature) => (
                        <li key={feature} className="flex gap-2">
                          <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
                          <span>{feature}</span>
                        </li>
                      ))}
                    </ul>
                  </article>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="orcamento-titulo" className="py-20 sm:py-24">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-2xl bg-brand-900 px-6 py-14 text-center text-white sm:px-12">
          <h2 id="orcamento-titulo" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Precisa de uma solução sob medida?
          </h2>
          <p className="max-w-2xl text-lg text-slate-200">
            Converse com a nossa equipe pelo WhatsApp e receba um orçamento sem compromisso para a sua empresa ou o seu condomínio.
          </p>
          <QuoteButton inverted />
        </div>
      </section>
    </>
  );
}
