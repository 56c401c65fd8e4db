// CNPJ, numeric and alphanumeric (Receita Federal, valid since July 2026): 12 characters of
// [0-9A-Z] then 2 numeric check digits. Each character is worth its ASCII code minus 48, so
// digits keep their value and 'A' is 17; weights 5..2,9..2 and modulus 11 as before.

const BODY = /^[0-9A-Z]{12}$/;

export const normalizeCnpj = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, "");

function checkDigit(chars: string): number {
  let weight = chars.length - 7; // 5 for 12 characters, 6 for 13
  let sum = 0;
  for (const char of chars) {
    sum += (char.charCodeAt(0) - 48) * weight;
    weight = weight === 2 ? 9 : weight - 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  if (cnpj.length !== 14 || !BODY.test(cnpj.slice(0, 12)) || !/^\d{2}$/.test(cnpj.slice(12))) return false;
  if (/^(\d)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj.slice(0, 12));
  const second = checkDigit(cnpj.slice(0, 12) + first);
  return cnpj.slice(12) === `${first}${second}`;
}

/** 00.000.000/0000-00 (letters kept), applied progressively while typing. */
export function formatCnpj(value: string): string {
  const c = normalizeCnpj(value).slice(0, 14);
  const parts = [c.slice(0, 2), c.slice(2, 5), c.slice(5, 8), c.slice(8, 12), c.slice(12, 14)];
  let out = parts[0]!;
  if (parts[1]) out += `.${parts[1]}`;
  if (parts[2]) out += `.${parts[2]}`;
  if (parts[3]) out += `/${parts[3]}`;
  if (parts[4]) out += `-${parts[4]}`;
  return out;
}

/** The 14-character CNPJ made of `base12` (12 characters of [0-9A-Z]) and its two check digits. */
export function cnpjWithCheckDigits(base12: string): string {
  const body = base12.toUpperCase();
  if (!BODY.test(body)) throw new Error("A base do CNPJ precisa ter 12 caracteres [0-9A-Z].");
  const first = checkDigit(body);
  return `${body}${first}${checkDigit(body + first)}`;
}
