import { onlyDigits } from "./phone";

/** Eight digits (with or without the hyphen); 00000-000 is no CEP (issue 14), refused like any invalid one. */
export const isValidCep = (value: string) => {
  const digits = onlyDigits(value);
  return /^\d{8}$/.test(digits) && digits !== "00000000" && digits.length === value.replace(/[\s.-]/g, "").length;
};

export function formatCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** The 27 federative units. */
export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;
export type Uf = (typeof UFS)[number];
