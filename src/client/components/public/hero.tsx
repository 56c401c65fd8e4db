import { ArrowRight, Fingerprint, MonitorPlay, ShieldCheck, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { COMPANY_NAME, FOUNDED_YEAR } from "@shared/company";
import { buttonVariants } from "~/components/ui/button-variants";
import { clsx } from "clsx";
import { darkHeroBackground, GridPattern } from "./decorations";

interface Highlight {
  title: string;
  text: string;
  icon: LucideIcon;
  featured?: boolean;
}

const HIGHLIGHTS: readonly Highlight[] = [
  { title: "Proteção Total", text: "Soluções completas para proteger pessoas e patrimônio.", icon: ShieldCheck },
  { title: "Controle de Acesso", text: "Biometria, reconhecimento facial, tags e cartões.", icon: Fingerprint },
  { title: "Monitoramento 24h", text: "Central ativa 24 horas por dia, 7 dias por semana.", icon: MonitorPlay },
  {
    title: COMPANY_NAME,
    text: `Desde ${FOUNDED_YEAR} protegendo empresas e condomínios em Alphaville e região.`,
    icon: ShieldCheck,
    featured: true,
  },
];

export function Hero() {
  return (
    <section aria-labelledby="hero-titulo" className={clsx("relative overflow-hidden text-white", darkHeroBackground)}>
      <GridPattern className="text-white/5" />
      <div aria-hidden="true" className="pointer-events-none absolute -right-40 -top-40 h-[32rem] w-[32rem] rounded-full bg-brand-500/20 blur-3xl" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pb-20 pt-32 sm:px-6 md:pt-36 lg:grid-cols-2 lg:px-8 lg:pb-28">
        <div className="flex flex-col gap-6">
          <p className="inline-flex self-start rounded-full border border-white/20 bg-white/10 px-4 py-1.5 text-sm font-medium text-white">
            Segurança eletrônica para empresas e condomínios
          </p>
          <h1 id="hero-titulo" className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Tecnologia e proteção para o que mais importa
          </h1>
          <p className="max-w-xl text-lg text-slate-200">
            Câmeras, alarmes, controle de acesso, portaria remota e monitoramento 24 horas: soluções inteligentes para manter sua empresa e seu condomínio
            seguros todos os dias.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/servicos" className={buttonVariants({ size: "lg", variant: "inverse" })}>
              Conheça nossos serviços
              <ArrowRight aria-hidden />
            </Link>
            <Link to="/contato" className={buttonVariants({ size: "lg", variant: "outlineInverse" })}>
              Fale com um especialista
            </Link>
          </div>
        </div>

        <ul className="grid gap-4 sm:grid-cols-2">
          {HIGHLIGHTS.map(({ title, text, icon: Icon, featured }) => (
            <li
              key={title}
              className={clsx(
                "flex flex-col gap-3 rounded-xl border p-6 shadow-lg",
                featured ? "border-brand-500 bg-brand-600 text-white" : "border-white/15 bg-slate-950/40 text-white",
              )}
            >
              <span
                className={clsx(
                  "inline-flex h-11 w-11 items-center justify-center rounded-lg",
                  featured ? "bg-white text-brand-700" : "bg-brand-600 text-white",
                )}
              >
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <p className="text-lg font-semibold">{title}</p>
              <p className="text-sm text-slate-100">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
