import type { Route } from "./+types/home";
import { AboutSection } from "~/components/public/about-section";
import { ContactSection } from "~/components/public/contact-section";
import { Hero } from "~/components/public/hero";
import { ServicesGrid } from "~/components/public/services-grid";
import { Testimonials } from "~/components/public/testimonials";
import { pageMeta } from "~/lib/site/meta";

export function meta(): Route.MetaDescriptors {
  return pageMeta({
    description:
      "Segurança eletrônica para empresas e condomínios em Alphaville, Barueri e região: câmeras, alarmes, controle de acesso, portaria remota e monitoramento 24h.",
  });
}

export default function Home() {
  return (
    <>
      <Hero />
      <ServicesGrid />
      <AboutSection />
      <Testimonials />
      <ContactSection />
    </>
  );
}
