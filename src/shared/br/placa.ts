// Vehicle plates: the old format (ABC-1234) and Mercosul (ABC1D23). Stored upper case, 7 chars.
export const normalizePlaca = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, "");

export const isValidPlaca = (value: string) => /^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/.test(normalizePlaca(value));

/** Old plates are shown with a hyphen (ABC-1234); Mercosul ones as they are (ABC1D23). */
export function formatPlaca(value: string): string {
  const p = normalizePlaca(value).slice(0, 7);
  return /^[A-Z]{3}\d{4}$/.test(p) ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}

// Each position of a plate: three letters, a digit, a letter or digit (Mercosul), two digits.
const POSICOES = [/[A-Z]/, /[A-Z]/, /[A-Z]/, /\d/, /[A-Z0-9]/, /\d/, /\d/];

/**
 * Whether a typed text (3 characters or more) could be part of some plate: "ABC", "1D23" and
 * "BC-12" could; "Silva" (five letters in a row) or "Ana Souza" could not, so a name search does
 * not also look for vehicles.
 */
export function podeSerParteDePlaca(value: string): boolean {
  const p = normalizePlaca(value);
  if (p.length < 3 || p.length > POSICOES.length) return false;
  for (let start = 0; start + p.length <= POSICOES.length; start++) {
    if ([...p].every((char, i) => POSICOES[start + i]!.test(char))) return true;
  }
  return false;
}
