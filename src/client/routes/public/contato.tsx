import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/contato";
import { ADDRESS, COMPANY_NAME, OPENING_HOURS, PHONE } from "@shared/company";
import { ContactCards } from "~/components/public/contact-cards";
import { FaqList } from "~/components/public/faq-list";
import { PageHero } from "~/components/public/page-hero";
import { SectionHeading } from "~/components/public/section-heading";
import { StaticMap } from "~/components/public/static-map";
import { buttonVariants } from "~/components/ui/button-variants";
import { FAQS } from "~/lib/site/faqs";
import { pageMeta } from "~/lib/site/meta";

export function meta(): Route.MetaDescriptors {
  return pageMeta({
    title: "Contato",
    description: `Fale com a ${COMPANY_NAME}: telefone ${PHONE.display}, e-mail e endereço em ${ADDRESS.district}, ${ADDRESS.city} – ${ADDRESS.state}. Atendimento: ${OPENING_HOURS.toLowerCase()}.`,
  });
}

export default function Contato() {
  return (
    <>
      <PageHero
        eyebrow="Contato"
        title="Fale com a Sentinela"
        description="Tire suas dúvidas, peça um orçamento ou agende uma visita técnica. Nossa equipe está pronta para ajudar."
      />

      <section aria-labelledby="canais-titulo" className="py-20 sm:py-24">
        <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 sm:px-6 lg:px-8">
          <SectionHeading id="canais-titulo" eyebrow="Canais de atendimento" title="Como falar conosco" />
          <ContactCards withHours />
          <div className="flex flex-col items-center gap-3 rounded-xl bg-brand-50 p-6 text-center sm:flex-row sm:justify-between sm:text-left">
            <p className="text-slate-800">Prefere que a gente entre em contato? Deixe seus dados e retornamos em breve.</p>
            <Link to="/leads" className={buttonVariants()}>
              Enviar mensagem
              <ArrowRight aria-hidden />
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="mapa-titulo" className="bg-slate-50 py-20 sm:py-24">
        <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="mapa-titulo"
            eyebrow="Localização"
            title="Onde estamos"
            description={`${ADDRESS.street} – ${ADDRESS.complement}, ${ADDRESS.district}, ${ADDRESS.city} – ${ADDRESS.state}`}
          />
          <StaticMap />
        </div>
      </section>

      <section aria-labelledby="faq-titulo" className="py-20 sm:py-24">
        <div className="mx-auto flex max-w-3xl flex-col gap-10 px-4 sm:px-6 lg:px-8">
          <SectionHeading id="faq-titulo" eyebrow="Dúvidas" title="Perguntas Frequentes" />
          <FaqList faqs={FAQS} />
        </div>
      </section>
    </>
  );
}
