import { COMPANY_NAME } from "@shared/company";

interface PageMetaInput {
  /** Page name; the company name is appended ("Serviços | Sentinela Segurança Eletrônica"). Omit for the home page. */
  title?: string;
  description: string;
}

/** <title>, description and Open Graph tags of a public page. */
export function pageMeta({ title, description }: PageMetaInput) {
  const fullTitle = title ? `${title} | ${COMPANY_NAME}` : `${COMPANY_NAME} | Tecnologia e proteção para empresas e condomínios`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:site_name", content: COMPANY_NAME },
  ];
}
