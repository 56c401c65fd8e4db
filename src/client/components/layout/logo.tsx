import { COMPANY_SHORT_NAME } from "@shared/company";
import { clsx } from "clsx";

export type LogoTone = "light" | "dark";

interface LogoProps {
  /** "light": white logo for dark backgrounds (transparent navbar, footer); "dark": coloured logo for white backgrounds. */
  tone?: LogoTone;
  /** Below the `sm` width, the mark and the short name only (a phone's header with more beside it). */
  compact?: boolean;
  className?: string;
}

/**
 * Shield mark + company name, drawn inline (no image request). The wrapping link's name must
 * contain this visible text, "Sentinela Segurança Eletrônica" (WCAG 2.5.3, label in name).
 */
export function Logo({ tone = "dark", compact = false, className }: LogoProps) {
  const light = tone === "light";
  return (
    <span className={clsx("inline-flex items-center gap-2.5", className)} data-tone={tone}>
      <svg
        viewBox="0 0 32 36"
        width="32"
        height="36"
        aria-hidden="true"
        focusable="false"
        className={clsx("h-9 w-8 shrink-0 transition-colors duration-300", light ? "text-white" : "text-brand-600")}
      >
        <path d="M16 1.5 3 6.3v10.2c0 8.3 5.5 15.3 13 18 7.5-2.7 13-9.7 13-18V6.3L16 1.5Z" fill="currentColor" />
        <path
          d="M16 5.2 6.4 8.8v7.7c0 6.3 4 11.7 9.6 14V5.2Z"
          className={clsx("transition-colors duration-300", light ? "fill-brand-100" : "fill-brand-700")}
        />
        <path
          d="m10.5 18 3.8 3.8 7.4-7.6"
          fill="none"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
          className={clsx("transition-colors duration-300", light ? "stroke-brand-900" : "stroke-white")}
        />
      </svg>
      <span className="flex flex-col leading-none">
        <span className={clsx("text-lg font-extrabold tracking-tight transition-colors duration-300", light ? "text-white" : "text-brand-900")}>
          {COMPANY_SHORT_NAME}
        </span>
        {/* A space, so the text reads "Sentinela Segurança Eletrônica" (a flex column draws none). */}{" "}
        <span
          className={clsx(
            "text-[0.7rem] font-semibold uppercase tracking-[0.14em] transition-colors duration-300",
            light ? "text-brand-100" : "text-slate-600",
            compact && "hidden sm:inline",
          )}
        >
          Segurança Eletrônica
        </span>
      </span>
    </span>
  );
}
