export const onlyDigits = (value: string) => value.replace(/\D/g, "");

/** Brazilian phone with area code: 10 digits (landline) or 11 (mobile, starting with 9). */
export function isValidPhone(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length === 10) return /^[1-9]{2}[2-8]\d{7}$/.test(digits);
  if (digits.length === 11) return /^[1-9]{2}9\d{8}$/.test(digits);
  return false;
}

export function formatPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : "";
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
