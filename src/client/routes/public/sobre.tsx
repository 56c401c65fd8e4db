import { Eye, Target } from "lucide-react";
import type { Route } from "./+types/sobre";
import { ADDRESS, COMPANY_NAME, FOUNDED_YEAR } from "@shared/company";
import { PageHero } from "~/components/public/page-hero";
import { SectionHeading } from "~/components/public/section-heading";
import { LEADER, TIMELINE, VALUES } from "~/lib/site/about";
import { pageMeta } from "~/lib/site/meta";

export function meta(): Route.MetaDescriptors {
  return pageMeta({
    title: "Sobre",
    description: `Conheça a ${COMPANY_NAME}: fundada em ${FOUNDED_YEAR} em Alphaville, Barueri – SP, com missão, visão, valores e a nossa trajetória.`,
  });
}

export default function Sobre() {
  return (
    <>
      <PageHero
        eyebrow="Quem somos"
        title="Sobre a Sentinela"
        description="Tecnologia, proximidade e compromisso para proteger empresas e condomínios desde 2018."
      />

      <section aria-labelledby="historia-titulo" className="py-20 sm:py-24">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
          <div className="flex flex-col gap-5 lg:col-span-3">
            <SectionHeading id="historia-titulo" align="left" eyebrow="Nossa história" title="Uma empresa feita para proteger" />
            <p className="text-lg text-slate-700">
              A {COMPANY_NAME} foi fundada em {FOUNDED_YEAR}, em {ADDRESS.district}, {ADDRESS.city} – {ADDRESS.state}, por profissionais com mais de 10 anos de
              experiência em segurança eletrônica. Começamos instalando câmeras e alarmes para pequenas empresas e residências da região.
            </p>
            <p className="text-lg text-slate-700">
              Com o crescimento, passamos a atender condomínios residenciais e empresariais com controle de acesso, portaria remota e uma central de
              monitoramento que funciona 24 horas por dia, 7 dias por semana. Hoje unimos tecnologia de ponta e atendimento próximo para entregar soluções sob
              medida.
            </p>
          </div>
          <div className="grid gap-6 lg:col-span-2">
            <article aria-labelledby="missao-titulo" className="flex flex-col gap-3 rounded-xl bg-brand-900 p-8 text-white">
              <Target className="h-8 w-8 text-brand-100" aria-hidden />
              <h2 id="missao-titulo" className="text-2xl font-bold">
                Missão
              </h2>
              <p className="text-slate-200">
                Proteger pessoas e patrimônios com soluções de segurança eletrônica confiáveis, acessíveis e personalizadas, oferecendo atendimento próximo e
                suporte contínuo.
              </p>
            </article>
            <article aria-labelledby="visao-titulo" className="flex flex-col gap-3 rounded-xl bg-brand-600 p-8 text-white">
              <Eye className="h-8 w-8 text-white" aria-hidden />
              <h2 id="visao-titulo" className="text-2xl font-bold">
                Visão
              </h2>
              <p className="text-white">
                Ser referência em segurança eletrônica e tecnologia na Grande São Paulo, reconhecida pela inovação, pela qualidade dos serviços e pela confiança
                dos clientes.
              </p>
            </article>
          </div>
        </div>
      </section>

      <section aria-labelledby="valores-titulo" className="bg-slate-50 py-20 sm:py-24">
        <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 sm:px-6 lg:px-8">
          <SectionHeading id="valores-titulo" eyebrow="No que acreditamos" title="Nossos Valores" />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ title, description, icon: Icon }) => (
              <li key={title} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                <p className="text-slate-600">{description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="trajetoria-titulo" className="py-20 sm:py-24">
        <div className="mx-auto flex max-w-4xl flex-col gap-12 px-4 sm:px-6 lg:px-8">
          <SectionHeading id="trajetoria-titulo" eyebrow="Linha do tempo" title="Nossa Trajetória" />
          <ol className="relative flex flex-col gap-10 border-l-2 border-brand-100 pl-8">
            {TIMELINE.map((entry) => (
              <li key={entry.label} className="relative flex flex-col gap-2">
                <span aria-hidden="true" className="absolute -left-[2.6rem] top-1 h-5 w-5 rounded-full border-4 border-white bg-brand-600 shadow" />
                <p className="text-sm font-bold uppercase tracking-wider text-brand-700">{entry.label}</p>
                <h3 className="text-xl font-semibold text-slate-900">{entry.title}</h3>
                <p className="text-slate-700">{entry.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="lideranca-titulo" className="bg-slate-50 py-20 sm:py-24">
        <div className="mx-auto flex max-w-4xl flex-col gap-12 px-4 sm:px-6 lg:px-8">
          <SectionHeading id="lideranca-titulo" eyebrow="Quem lidera" title="Liderança" />
          <article
            aria-labelledby="lider-nome"
            className="flex flex-col items-center gap-6 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:flex-row sm:text-left"
          >
            <span
              aria-hidden="true"
              className="inline-flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-brand-600 to-brand-900 text-3xl font-bold text-white"
            >
              {LEADER.initials}
            </span>
            <div className="flex flex-col gap-2">
              <h3 id="lider-nome" className="text-2xl font-semibold text-slate-900">
                {LEADER.name}
              </h3>
              <p className="font-medium text-brand-700">{LEADER.role}</p>
              <p className="text-slate-700">{LEADER.bio}</p>
            </div>
          </article>
        </div>
      </section>
    </>
  );
}
