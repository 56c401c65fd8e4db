import { createContext, useContext, type ReactNode } from "react";

export interface LegalSectionEntry {
  id: string;
  title: string;
}

/** Class for inline links inside the text of a legal document. */
export const legalLink = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

const SectionsContext = createContext<readonly LegalSectionEntry[]>([]);

interface LegalDocumentProps {
  /** id of the <h1>, used by the article's aria-labelledby. */
  titleId: string;
  title: string;
  lastUpdated: string;
  /** Lead paragraph under the heading. */
  intro: ReactNode;
  /** Sections, in order: listed in the table of contents and titled by `LegalSection`. */
  sections: readonly LegalSectionEntry[];
  /** Accessible name of the table of contents. */
  tocLabel: string;
  children: ReactNode;
}

/** Page layout of a legal text: heading with the update date, table of contents, body and the date again at the end. */
export function LegalDocument({ titleId, title, lastUpdated, intro, sections, tocLabel, children }: LegalDocumentProps) {
  return (
    <article aria-labelledby={titleId} className="bg-white px-4 py-12 sm:px-6 lg:py-16">
      <div className="mx-auto max-w-3xl">
        <header className="border-b border-slate-200 pb-6">
          <h1 id={titleId} className="text-3xl font-bold text-slate-900 sm:text-4xl">
            {title}
          </h1>
          <p className="mt-3 text-sm text-slate-600">Última atualização: {lastUpdated}</p>
          <p className="mt-6 text-lg leading-relaxed text-slate-700">{intro}</p>
        </header>

        <nav aria-label={tocLabel} className="my-8 rounded-xl bg-slate-50 p-6">
          <h2 className="text-base font-semibold text-slate-900">Sumário</h2>
          <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="space-y-10 leading-relaxed text-slate-700">
          <SectionsContext.Provider value={sections}>{children}</SectionsContext.Provider>
          <p className="border-t border-slate-200 pt-6 text-sm text-slate-600">Última atualização: {lastUpdated}</p>
        </div>
      </div>
    </article>
  );
}

/** A numbered section of the document; its <h2> is the title given for `id` in the document's `sections`. */
export function LegalSection({ id, children }: { id: string; children: ReactNode }) {
  const title = useContext(SectionsContext).find((section) => section.id === id)?.title;
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className="scroll-mt-24 space-y-4">
      <h2 id={`${id}-titulo`} className="text-xl font-bold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function LegalH3({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-lg font-semibold text-slate-900">{children}</h3>;
}

export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-brand-600">{children}</ul>;
}
