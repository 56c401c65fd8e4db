// Reading what a device sent: its fields come as text or numbers, of any length, from a network
// the portal does not control. Both vendors' event readers take them through these.

/** A non-blank text field (trimmed, at most 200 characters) or a finite number as text; else null. */
export const texto = (v: unknown): string | null => {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v === "string" && v.trim() !== "" && v.length <= 200) return v.trim();
  return null;
};

/** A non-negative safe integer, given as a number or as digits; else null. */
export const inteiro = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,15}$/.test(v.trim()) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/** The answer a device reads as JSON. */
export const json = (status: number, corpo: unknown) => ({ status, tipo: "application/json", corpo: JSON.stringify(corpo) });
