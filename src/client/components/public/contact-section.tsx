import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { ContactCards } from "./contact-cards";
import { SectionHeading } from "./section-heading";

/** Home: phone, e-mail and address cards and a button to /contato. */
export function ContactSection() {
  return (
    <section aria-labelledby="contato-titulo" className="py-20 sm:py-24">
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="contato-titulo"
          eyebrow="Contato"
          title="Vamos proteger o seu patrimônio?"
          description="Fale com a nossa equipe e receba uma proposta sob medida para a sua empresa ou o seu condomínio."
        />
        <ContactCards />
        <div className="flex justify-center">
          <Link to="/contato" className={buttonVariants({ size: "lg" })}>
            Ver todas as formas de contato
            <ArrowRight aria-hidden />
          </Link>
        </div>
      </div>
    </section>
  );
}
