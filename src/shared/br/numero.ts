// Numbers as a Brazilian reads them: "1.234" (thousands separated by '.'), on every screen and in
// every message. The one formatter of counts and totals; Intl's output does not depend on the
// browser's own locale.
const inteiro = new Intl.NumberFormat("pt-BR");

/** A count with pt-BR grouping: 1234 → "1.234". */
export const formatInteiro = (value: number): string => inteiro.format(value);

/**
 * A list's total: "10.000", or "mais de 10.000" when the count stopped at that limit and more
 * match (a total that is only a lower bound, e.g. RegistrosPage.total_limitado).
 */
export const formatTotal = (total: number, limitado = false): string => (limitado ? `mais de ${formatInteiro(total)}` : formatInteiro(total));
