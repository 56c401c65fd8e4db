import { useId } from "react";
import { clsx } from "clsx";

/** Faint grid drawn inline for dark hero backgrounds (decorative, no image request). */
export function GridPattern({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg aria-hidden="true" focusable="false" className={clsx("pointer-events-none absolute inset-0 h-full w-full", className)}>
      <defs>
        <pattern id={id} width="48" height="48" patternUnits="userSpaceOnUse">
          <path d="M48 0H0v48" fill="none" stroke="currentColor" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${id})`} />
    </svg>
  );
}

/** Dark gradient used behind the navbar on pages with a hero. */
export const darkHeroBackground = "bg-brand-900 bg-linear-to-br from-brand-900 via-slate-900 to-brand-700";
