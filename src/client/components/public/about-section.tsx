import { ArrowRight, Cpu, Headset, SlidersHorizontal, UserCheck, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { EXPERIENCE_YEARS, FOUNDED_YEAR } from "@shared/company";
import { buttonVariants } from "~/components/ui/button-variants";
import { SectionHeading } from "./section-heading";

const STRENGTHS: readonly { title: string; text: string; icon: LucideIcon }[] = [
  { title: "Tecnologia de Ponta", text: "Equipamentos modernos das melhores marcas do mercado.", icon: Cpu },
  { title: "Suporte Especializado 24/7", text: "Atendimento técnico 24 horas por dia, 7 dias por semana.", icon: Headset },
  { title: "Soluções Personalizadas", text: "Projetos sob medida para cada empresa e condomínio.", icon: SlidersHorizontal },
  { title: "Profissionais Qualificados", text: "Equipe treinada e certificada em segurança eletrônica.", icon: UserCheck },
];

/** Home: experience claim, four strengths and a link to /sobre. */
export function AboutSection() {
  return (
    <section aria-labelledby="sobre-titulo" className="py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div className="flex flex-col gap-8">
          <SectionHeading
            id="sobre-titulo"
            align="left"
            eyebrow="Sobre nós"
            title="Mais de 10 anos de experiência protegendo o que é seu"
            description="A Sentinela une profissionais com mais de 10 anos de experiência em segurança eletrônica a tecnologia de ponta para entregar projetos confiáveis, do primeiro contato ao suporte contínuo."
          />
          <ul className="grid gap-6 sm:grid-cols-2">
            {STRENGTHS.map(({ title, text, icon: Icon }) => (
              <li key={title} className="flex gap-4">
                <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <div className="flex flex-col gap-1">
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div>
            <Link to="/sobre" className={buttonVariants({ size: "lg", variant: "outline" })}>
              Conheça nossa história
              <ArrowRight aria-hidden />
            </Link>
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-4">
          <div className="flex flex-col gap-1 rounded-xl bg-brand-900 p-8 text-white">
            <dt className="order-2 text-sm text-slate-200">anos de experiência</dt>
            <dd className="order-1 text-4xl font-extrabold">+{EXPERIENCE_YEARS}</dd>
          </div>
          <div className="flex flex-col gap-1 rounded-xl bg-brand-600 p-8 text-white">
            <dt className="order-2 text-sm text-white">monitoramento e suporte</dt>
            <dd className="order-1 text-4xl font-extrabold">24/7</dd>
          </div>
          <div className="flex flex-col gap-1 rounded-xl bg-brand-50 p-8 text-brand-900">
            <dt className="order-2 text-sm text-slate-700">fundada em Alphaville</dt>
            <dd className="order-1 text-4xl font-extrabold">{FOUNDED_YEAR}</dd>
          </div>
          <div className="flex flex-col gap-1 rounded-xl bg-slate-100 p-8 text-slate-900">
            <dt className="order-2 text-sm text-slate-700">de garantia na instalação</dt>
            <dd className="order-1 text-4xl font-extrabold">90 dias</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
