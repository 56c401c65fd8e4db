import { formatInteiro } from "@shared/br/numero";

const oneDecimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A count with pt-BR grouping: "1.234". */
export function formatCount(value: number): string {
  return formatInteiro(value);
}

/** §9: the occupancy rate with one decimal, "40,0%". */
export function formatTaxa(taxa: number): string {
  return `${oneDecimal.format(taxa)}%`;
}

/** The occupancy card's subtitle: "2 de 5 unidades ocupadas". */
export function formatOcupacao(ocupadas: number, total: number): string {
  return `${formatCount(ocupadas)} de ${formatCount(total)} ${total === 1 ? "unidade ocupada" : "unidades ocupadas"}`;
}
