import { onlyDigits } from "./phone";

/** CPF with valid check digits (11 digits, not all equal). Accepts masked or bare input. */
export function isValidCpf(value: string): boolean {
  // Only digits and the mask's punctuation: letters would belong to an alphanumeric CNPJ.
  if (!/^[\d.\-\s]+$/.test(value.trim())) return false;
  const digits = onlyDigits(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += numbers[i]! * (length + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== numbers[length]) return false;
  }
  return true;
}

/** 000.000.000-00, applied progressively while typing. */
export function formatCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** The 11-digit CPF made of `base9` (9 digits) and its two check digits. */
export function cpfWithCheckDigits(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new Error("A base do CPF precisa ter 9 dígitos.");
  const numbers = [...base9].map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += numbers[i]! * (length + 1 - i);
    numbers.push(((sum * 10) % 11) % 10);
  }
  return numbers.join("");
}
