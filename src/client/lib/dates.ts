/** Today's calendar date in the browser's time zone, as YYYY-MM-DD (the `max` of date inputs). */
export function todayInput(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A date (YYYY-MM-DD or a longer ISO string) for a date input: cut to YYYY-MM-DD (§5); empty when absent. */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return "";
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return match ? match[1]! : "";
}

/** dd/MM/yyyy of a calendar date (no time-zone shift: the date part is read as it is); "" when absent. */
export function formatDate(iso: string | null | undefined): string {
  const date = toDateInput(iso);
  if (!date) return "";
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}
