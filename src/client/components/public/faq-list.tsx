import { ChevronDown } from "lucide-react";
import type { Faq } from "~/lib/site/faqs";

/** Questions as native <details>: they open and close without JavaScript (prerendered page). */
export function FaqList({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <div className="flex flex-col gap-3">
      {faqs.map((faq) => (
        <details key={faq.question} className="group rounded-xl border border-slate-200 bg-white shadow-sm open:shadow-md">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-semibold text-slate-900 marker:hidden [&::-webkit-details-marker]:hidden">
            <span>{faq.question}</span>
            <ChevronDown className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <p className="px-5 pb-5 text-slate-700">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
