export interface Faq {
  question: string;
  answer: string;
}

/** The six questions of the contact page (spec §2 "Contact page", §9 promises). */
export const FAQS: readonly Faq[] = [
  {
    question: "Em quanto tempo a instalação é feita?",
    answer:
      "A instalação é realizada em até 7 dias úteis após a aprovação do orçamento. Projetos de grande porte têm o cronograma combinado com você antes do início.",
  },
  {
    question: "A instalação tem garantia?",
    answer: "Sim. Oferecemos garantia de 90 dias sobre a instalação, além da garantia do fabricante para os equipamentos.",
  },
  {
    question: "O monitoramento funciona 24 horas?",
    answer:
      "Sim. Nossa central de monitoramento funciona 24 horas por dia, 7 dias por semana, inclusive em feriados, e aciona os responsáveis e as autoridades sempre que necessário.",
  },
  {
    question: "Como funciona o suporte técnico?",
    answer:
      "O suporte especializado atende 24/7 pelo telefone e pelo WhatsApp. Quando o problema não pode ser resolvido à distância, um técnico vai até o local.",
  },
  {
    question: "Quais regiões vocês atendem?",
    answer:
      "Atendemos Alphaville, Barueri, Santana de Parnaíba, Osasco, a capital e toda a Grande São Paulo. Para outras localidades, consulte nossa equipe comercial.",
  },
  {
    question: "Como solicito um orçamento?",
    answer:
      "Fale conosco pelo telefone, pelo WhatsApp ou pelo e-mail comercial, ou preencha o formulário de contato. Fazemos uma visita técnica sem compromisso e enviamos a proposta sob medida.",
  },
];
