/** Spec §3 "Testimonial": fixed content, rating is an integer from 1 to 5. */
export interface Testimonial {
  name: string;
  role: string;
  content: string;
  rating: 1 | 2 | 3 | 4 | 5;
}

export const RATING_SCALE = 5;

/** Spec §9: three entries, rated 5, 5 and 4 on a 5-star scale. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Ricardo Almeida",
    role: "Síndico do Residencial Parque das Árvores",
    content:
      "Com a portaria remota e o novo controle de acesso, o condomínio ficou mais seguro e as despesas caíram. O atendimento da Sentinela é rápido e muito profissional.",
    rating: 5,
  },
  {
    name: "Fernanda Costa",
    role: "Gerente Administrativa, Grupo Vértice Logística",
    content:
      "O projeto de câmeras e alarmes foi feito sob medida para o nosso galpão. O monitoramento 24h nos dá tranquilidade, e o suporte responde sempre que precisamos.",
    rating: 5,
  },
  {
    name: "Marcos Oliveira",
    role: "Proprietário, Oliveira Materiais de Construção",
    content: "Instalação rápida e equipe muito educada. Consigo ver as câmeras da loja pelo celular de qualquer lugar. Recomendo a Sentinela.",
    rating: 4,
  },
];

export function ratingLabel(rating: number, scale: number = RATING_SCALE): string {
  return `Avaliação: ${rating} de ${scale} estrelas`;
}
