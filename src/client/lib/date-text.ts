// What the date and time fields show (dd/MM/yyyy, HH:mm: pt-BR, whatever the browser's locale)
// and what they give the forms and the API (yyyy-MM-dd, HH:mm). components/ui/date-time-field.tsx.
import { formatDate, isCalendarDate } from "@shared/time";

/** A calendar date the portal accepts (the schemas' range, src/shared/schemas/common.ts). */
const MIN_DATE = "1900-01-01";
const MAX_DATE = "2100-12-31";

/**
 * A date that exists nowhere, in the schemas' format: what a form gets for a date typed only in
 * part, so the shared schema refuses it with its own message ('Data inválida.').
 */
export const DATA_INCOMPLETA = "0000-00-00";

export const MENSAGEM_DATA_INVALIDA = "Data inválida. Use dd/mm/aaaa.";

/** The text a date field shows for a value of the form ('2025-02-01' → '01/02/2025'; anything else → ''). */
export function dateText(value: string | null | undefined): string {
  return value && isCalendarDate(value.slice(0, 10)) ? formatDate(value) : "";
}

/** 'dd/mm/yyyy' typed → 'yyyy-mm-dd' when it is a real date of the accepted range; '' when blank; null otherwise. */
export function isoFromDateText(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(trimmed);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isCalendarDate(iso) && iso >= MIN_DATE && iso <= MAX_DATE ? iso : null;
}

/**
 * The form's value for a typed date: the date (yyyy-MM-dd) or '' when blank; a complete date that
 * does not exist keeps its parts ('31/02/2025' → '2025-02-31'); a date typed in part is
 * DATA_INCOMPLETA. Either way the schema answers 'Data inválida.' and nothing is sent.
 */
export function dateFormValue(text: string): string {
  const iso = isoFromDateText(text);
  if (iso !== null) return iso;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : DATA_INCOMPLETA;
}

/** 'HH:mm' of 24 hours. */
export const isTimeText = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/** The text a time field shows for a value of the form ('08:00:00' → '08:00'). */
export const timeText = (value: string | null | undefined) => (value ? value.slice(0, 5) : "");
