import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { ADDRESS, COMPANY_NAME, EMAILS, PHONE, SOCIAL_LINKS, mailtoLink } from "@shared/company";
import { currentYear } from "@shared/time";
import { SocialIcon } from "~/components/public/social-icons";
import { NAV_ITEMS } from "~/lib/site/navigation";
import { FOOTER_SERVICE_NAMES } from "~/lib/site/services";
import { Logo } from "./logo";

const linkClass = "rounded-sm text-slate-300 transition-colors hover:text-white";
const headingClass = "text-sm font-semibold uppercase tracking-wider text-white";

export function Footer() {
  const year = currentYear();
  return (
    <footer className="bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="flex flex-col gap-4">
          <Link to="/" aria-label={`${COMPANY_NAME} – página inicial`} className="self-start rounded-md">
            <Logo tone="light" />
          </Link>
          <p className="text-sm leading-relaxed">
            Soluções em segurança eletrônica e tecnologia para empresas e condomínios: câmeras, alarmes, controle de acesso, portaria remota e monitoramento 24
            horas.
          </p>
          <ul className="flex gap-3" aria-label="Redes sociais">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.network}>
                <a
                  href={social.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={social.label}
                  title={`${social.label} (abre em nova aba)`}
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
                >
                  <SocialIcon network={social.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Links rápidos" className="flex flex-col gap-4">
          <h2 className={headingClass}>Links rápidos</h2>
          <ul className="flex flex-col gap-2 text-sm">
            {NAV_ITEMS.map((item) => (
              <li key={item.path}>
                <Link to={item.path} className={linkClass}>
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex flex-col gap-4">
          <h2 className={headingClass}>Serviços</h2>
          <ul className="flex flex-col gap-2 text-sm">
            {FOOTER_SERVICE_NAMES.map((name) => (
              <li key={name}>
                <Link to="/servicos" className={linkClass}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </div>

        <div className="flex flex-col gap-4">
          <h2 className={headingClass}>Contato</h2>
          <address className="flex flex-col gap-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand-100" aria-hidden />
              <span>{ADDRESS.full}</span>
            </p>
            <p className="flex gap-2">
              <Phone className="mt-0.5 h-4 w-4 shrink-0 text-brand-100" aria-hidden />
              <a href={PHONE.tel} className={linkClass}>
                {PHONE.display}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail className="mt-0.5 h-4 w-4 shrink-0 text-brand-100" aria-hidden />
              <a href={mailtoLink} className={`${linkClass} break-all`}>
                {EMAILS.commercial}
              </a>
            </p>
          </address>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm sm:px-6 md:flex-row lg:px-8">
          <p>
            © {year} {COMPANY_NAME}. Todos os direitos reservados.
          </p>
          <ul className="flex gap-6">
            <li>
              <Link to="/politica-de-privacidade" className={linkClass}>
                Política de Privacidade
              </Link>
            </li>
            <li>
              <Link to="/termos-de-uso" className={linkClass}>
                Termos de Uso
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
