// The company's facts, in one place. Every page, the footer and the outgoing links read them
// from here: change a phone number or an address once and the whole site follows.
// No Node or DOM imports (src/shared rule).

export const COMPANY_NAME = "Sentinela Segurança Eletrônica" as const;
export const COMPANY_SHORT_NAME = "Sentinela" as const;

/** Year the company was founded (spec §1: "founded 2018"). */
export const FOUNDED_YEAR = 2018 as const;
/** Experience claim (spec §1: "more than 10 years"). Kept as written on the site. */
export const EXPERIENCE_CLAIM = "mais de 10 anos de experiência" as const;
export const EXPERIENCE_YEARS = 10 as const;

export interface CompanyPhone {
  /** As shown to people. */
  display: string;
  /** Country code 55 + area code + number, digits only (chat link). */
  digits: string;
  /** href for a tel: link. */
  tel: string;
}

export const PHONE: CompanyPhone = {
  display: "(11) 4200-1800",
  digits: "551142001800",
  tel: "tel:+551142001800",
};

export interface CompanyEmails {
  /** The privacy and terms pages' channel for data-subject requests (LGPD) only. */
  contact: string;
  /** The company's e-mail on every other page, and the outgoing mailto link (spec §7). */
  commercial: string;
}

export const EMAILS: CompanyEmails = {
  contact: "contato@sentinelaseguranca.com.br",
  commercial: "comercial@sentinelaseguranca.com.br",
};

export interface CompanyAddress {
  street: string;
  complement: string;
  district: string;
  city: string;
  state: string;
  cep: string;
  /** One line, as printed on the site. */
  full: string;
  /** Approximate position, used only by the opt-in map embed and the "Abrir no mapa" link. */
  geo: { lat: number; lon: number };
}

export const ADDRESS: CompanyAddress = {
  street: "Alameda Rio Negro, 1030",
  complement: "Sala 1205",
  district: "Alphaville",
  city: "Barueri",
  state: "SP",
  cep: "06454-000",
  full: "Alameda Rio Negro, 1030 – Sala 1205, Alphaville, Barueri – SP, 06454-000",
  geo: { lat: -23.50015, lon: -46.84863 },
};

/** Spec §9: Monday to Friday 08:00-18:00. */
export const OPENING_HOURS = "Segunda a sexta, das 08:00 às 18:00" as const;
/** Spec §9: monitoring and support 24/7. */
export const SUPPORT_HOURS = "24 horas por dia, 7 dias por semana" as const;

export type SocialNetwork = "facebook" | "instagram" | "linkedin";

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: "facebook", label: "Facebook", url: "https://www.facebook.com/sentinelaseguranca" },
  { network: "instagram", label: "Instagram", url: "https://www.instagram.com/sentinelaseguranca" },
  { network: "linkedin", label: "LinkedIn", url: "https://www.linkedin.com/company/sentinelaseguranca" },
];

/** Prefilled chat message (spec §7: asking to know the company and get a quote). */
export const DEFAULT_CHAT_MESSAGE = "Olá! Gostaria de conhecer melhor a Sentinela Segurança Eletrônica e solicitar um orçamento." as const;

/** WhatsApp link for the company phone with a prefilled message. */
export function chatLink(message: string = DEFAULT_CHAT_MESSAGE): string {
  return `https://wa.me/${PHONE.digits}?text=${encodeURIComponent(message)}`;
}

/** mailto link to the commercial address (spec §7). */
export const mailtoLink = `mailto:${EMAILS.commercial}` as const;

/** OpenStreetMap page for the address (a plain link, opened only when the visitor asks). */
export function mapLink(zoom = 17): string {
  const { lat, lon } = ADDRESS.geo;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;
}

/** OpenStreetMap embed URL, loaded only after the visitor clicks "Carregar mapa interativo". */
export function mapEmbedUrl(delta = 0.006): string {
  const { lat, lon } = ADDRESS.geo;
  const bbox = [lon - delta, lat - delta / 2, lon + delta, lat + delta / 2].map((n) => n.toFixed(5)).join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${lat}%2C${lon}`;
}

/** All facts as one object, for code that prefers a single import. */
export const COMPANY = {
  name: COMPANY_NAME,
  shortName: COMPANY_SHORT_NAME,
  foundedYear: FOUNDED_YEAR,
  experienceClaim: EXPERIENCE_CLAIM,
  experienceYears: EXPERIENCE_YEARS,
  phone: PHONE,
  emails: EMAILS,
  address: ADDRESS,
  openingHours: OPENING_HOURS,
  supportHours: SUPPORT_HOURS,
  social: SOCIAL_LINKS,
  mailtoLink,
  chatLink,
} as const;
