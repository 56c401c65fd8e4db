import { Quote } from "lucide-react";
import { TESTIMONIALS } from "~/lib/site/testimonials";
import { SectionHeading } from "./section-heading";
import { StarRating } from "./star-rating";

/** Home: three fixed testimonials with a 5-star rating each. */
export function Testimonials() {
  return (
    <section aria-labelledby="depoimentos-titulo" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="depoimentos-titulo"
          eyebrow="Depoimentos"
          title="O que nossos clientes dizem"
          description="Empresas e condomínios que confiam na Sentinela para proteger pessoas e patrimônio."
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="flex">
              <figure className="flex w-full flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex items-center justify-between">
                  <StarRating rating={t.rating} />
                  <Quote className="h-8 w-8 text-brand-100" aria-hidden />
                </div>
                <blockquote className="flex-1 text-slate-700">
                  <p>“{t.content}”</p>
                </blockquote>
                <figcaption className="flex flex-col border-t border-slate-100 pt-4">
                  <span className="font-semibold text-slate-900">{t.name}</span>
                  <span className="text-sm text-slate-600">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
