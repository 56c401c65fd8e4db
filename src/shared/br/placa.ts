// Vehicle plates: the old format (ABC-1234) and Mercosul (ABC1D23). Stored upper case, 7 chars.
export const normalizePlaca = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, "");

export const isValidPlaca = (value: string) => /^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/.test(normalizePlaca(value));

/** Old plates are shown with a hyphen (ABC-1234); Mercosul ones as they are (ABC1D23). */
export function formatPlaca(value: string): string {
  const p = normalizePlaca(value).slice(0, 7);
  return /^[A-Z]{3}\d{4}$/.test(p) ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}
