import { Clock, Mail, MapPin, MessageCircle, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ADDRESS, EMAILS, OPENING_HOURS, PHONE, chatLink, mailtoLink } from "@shared/company";
import { clsx } from "clsx";

interface ContactCardProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** When set, the whole card is a link. */
  href?: string;
  external?: boolean;
  headingLevel?: "h2" | "h3";
}

function ContactCard({ icon: Icon, title, children, href, external, headingLevel = "h3" }: ContactCardProps) {
  const Heading = headingLevel;
  const body = (
    <>
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon className="h-6 w-6" aria-hidden />
      </span>
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      <div className="flex flex-col gap-1 text-slate-700">{children}</div>
    </>
  );
  const classes = "flex h-full flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm";
  if (!href) return <div className={classes}>{body}</div>;
  return (
    <a
      href={href}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className={clsx(classes, "transition-shadow hover:border-brand-500 hover:shadow-md")}
    >
      {body}
    </a>
  );
}

interface ContactCardsProps {
  /** Adds the opening-hours card (contact page). */
  withHours?: boolean;
  headingLevel?: "h2" | "h3";
}

/** Phone (opens the chat link), e-mail (mailto, commercial address), address and, optionally, opening hours. */
export function ContactCards({ withHours = false, headingLevel = "h3" }: ContactCardsProps) {
  return (
    <ul className={clsx("grid gap-6 sm:grid-cols-2", withHours ? "lg:grid-cols-4" : "lg:grid-cols-3")}>
      <li>
        <ContactCard icon={MessageCircle} title="Telefone e WhatsApp" href={chatLink()} external headingLevel={headingLevel}>
          <span className="text-lg font-semibold text-brand-700">{PHONE.display}</span>
          <span className="text-sm">Converse conosco pelo WhatsApp (abre em nova aba)</span>
        </ContactCard>
      </li>
      <li>
        <ContactCard icon={Mail} title="E-mail" href={mailtoLink} headingLevel={headingLevel}>
          <span className="break-all font-semibold text-brand-700">{EMAILS.commercial}</span>
          <span className="text-sm">Respondemos em até um dia útil</span>
        </ContactCard>
      </li>
      <li>
        <ContactCard icon={MapPin} title="Endereço" headingLevel={headingLevel}>
          <address className="not-italic">
            {ADDRESS.street} – {ADDRESS.complement}
            <br />
            {ADDRESS.district}, {ADDRESS.city} – {ADDRESS.state}
            <br />
            CEP {ADDRESS.cep}
          </address>
        </ContactCard>
      </li>
      {withHours && (
        <li>
          <ContactCard icon={Clock} title="Horário de atendimento" headingLevel={headingLevel}>
            <span>{OPENING_HOURS}</span>
            <span className="text-sm">Monitoramento e suporte técnico 24h, 7 dias por semana</span>
          </ContactCard>
        </li>
      )}
    </ul>
  );
}
