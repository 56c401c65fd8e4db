import type { ReactNode } from "react";
import { clsx } from "clsx";

interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: "center" | "left";
  className?: string;
}

/** An <h2> with an optional eyebrow and lead paragraph; `id` is for the section's aria-labelledby. */
export function SectionHeading({ id, eyebrow, title, description, align = "center", className }: SectionHeadingProps) {
  return (
    <div className={clsx("flex max-w-3xl flex-col gap-3", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>}
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {description && <p className="text-lg text-slate-600">{description}</p>}
    </div>
  );
}
