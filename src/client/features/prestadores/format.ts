import { formatCnpj, normalizeCnpj } from "@shared/br/cnpj";
import { formatCpf } from "@shared/br/cpf";
import { formatDate } from "@shared/time";

/**
 * CPF mask up to 11 digits, CNPJ mask beyond (or as soon as a letter shows: the alphanumeric
 * CNPJ), applied while typing.
 */
export function formatCpfOuCnpj(value: string): string {
  const v = normalizeCnpj(value).slice(0, 14);
  return /[A-Z]/.test(v) || v.length > 11 ? formatCnpj(v) : formatCpf(v);
}

/**
 * §2 Providers: the authorization period, "01/02/2025 até 31/12/2025"; with a start and no end,
 * "01/02/2025 até Indeterminado"; "—" with neither.
 */
export function formatPeriodo(inicio: string | null, fim: string | null): string {
  if (inicio) return `${formatDate(inicio)} até ${fim ? formatDate(fim) : "Indeterminado"}`;
  if (fim) return `até ${formatDate(fim)}`;
  return "—";
}
