import type { ReactNode } from "react";
import { clsx } from "clsx";
import { darkHeroBackground, GridPattern } from "./decorations";

interface PageHeroProps {
  eyebrow: string;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

/** Dark page header with the page's <h1>; the transparent navbar sits over it. */
export function PageHero({ eyebrow, title, description, children }: PageHeroProps) {
  return (
    <section className={clsx("relative overflow-hidden pb-16 pt-32 text-white sm:pb-20 sm:pt-36", darkHeroBackground)}>
      <GridPattern className="text-white/5" />
      <div className="relative mx-auto flex max-w-7xl flex-col gap-4 px-4 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{eyebrow}</p>
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="max-w-2xl text-lg text-slate-200">{description}</p>
        {children}
      </div>
    </section>
  );
}
