// Time as the portal's users live it: São Paulo's, whatever the zone of the server or browser.
// The one place for "today" and for showing dates and times (schemas, screens, server). Intl
// knows the zone's rules (Brazil has had no daylight saving time since 2019, but the zone
// database keeps the history), so no date library is needed for this.

export const TIME_ZONE = "America/Sao_Paulo";

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

type Part = "year" | "month" | "day" | "hour" | "minute";

/** The wall-clock fields of `instant` in São Paulo. */
function partsInSaoPaulo(instant: Date | string | number): Record<Part, string> {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Data inválida: ${String(instant)}`);
  return Object.fromEntries(dateTime.formatToParts(date).map((p) => [p.type, p.value])) as Record<Part, string>;
}

/** The calendar date (YYYY-MM-DD) in São Paulo at `instant`. */
export function dateInSaoPaulo(instant: Date | string | number): string {
  const { year, month, day } = partsInSaoPaulo(instant);
  return `${year}-${month}-${day}`;
}

/** Today in São Paulo, as YYYY-MM-DD (also the `max` of a date input that refuses the future). */
export const today = (): string => dateInSaoPaulo(Date.now());

/** The current year in São Paulo. */
export const currentYear = (): number => Number(today().slice(0, 4));

/** "HH:mm" in São Paulo time. */
export function formatTime(value: Date | string | number): string {
  const parts = partsInSaoPaulo(value);
  return `${parts.hour}:${parts.minute}`;
}

// The last minute formatted: an export writes millions of records in time order, many in the
// same minute, and formatToParts is the slow part. São Paulo's offsets are whole minutes (the
// local mean time before 1914 aside), so one minute of UTC is one minute on its clock.
let lastMinute = Number.NaN;
let lastFormatted = "";

/** "dd/MM/yyyy HH:mm" in São Paulo time. */
export function formatDateTime(value: Date | string | number): string {
  const ms = new Date(value).getTime();
  const minute = Math.floor(ms / 60_000);
  if (minute === lastMinute) return lastFormatted;
  const parts = partsInSaoPaulo(ms);
  lastMinute = minute;
  lastFormatted = `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
  return lastFormatted;
}

/**
 * Since when, as a porteiro reads it (gatehouse-spec §3, §9 'desde HH:mm'): "HH:mm" when `value`
 * is on São Paulo's day of `now`, "dd/MM/yyyy HH:mm" otherwise, so that last night's 18:03 never
 * reads as today's.
 */
export function formatDesde(value: Date | string | number, now: Date | string | number = Date.now()): string {
  return dateInSaoPaulo(value) === dateInSaoPaulo(now) ? formatTime(value) : formatDateTime(value);
}

/** A calendar date that exists, YYYY-MM-DD ("2026-02-30" does not). Dates have no zone. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The calendar date of a date value (YYYY-MM-DD, or a longer ISO string cut to its date as
 * written, §5: a date column has no zone to shift), for a date input; "" when absent.
 */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return "";
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return match ? match[1]! : "";
}

/** dd/MM/yyyy of a calendar date (read as written, see toDateInput); "" when absent. */
export function formatDate(value: string | null | undefined): string {
  const date = toDateInput(value);
  if (!date) return "";
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}

/** The calendar date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + 1)).toISOString().slice(0, 10);
}

/**
 * The instant a São Paulo calendar day (YYYY-MM-DD) begins: the first instant whose São Paulo
 * date is `date`. São Paulo has been UTC−3 since 2019; before, summer time (UTC−2) began at
 * midnight, so such a day began at 01:00 — also found here.
 */
export function dayStartInSaoPaulo(date: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  const midnightUtc = Date.UTC(year!, month! - 1, day!);
  for (const hours of [2, 3]) {
    const candidate = new Date(midnightUtc + hours * 3_600_000);
    if (dateInSaoPaulo(candidate) === date) return candidate;
  }
  return new Date(midnightUtc + 3 * 3_600_000);
}

/** A period of São Paulo dates, both days included, as instants: `desde` <= t < `antes`. */
export const periodInSaoPaulo = (de: string, ate: string) => ({ desde: dayStartInSaoPaulo(de), antes: dayStartInSaoPaulo(nextDate(ate)) });

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * São Paulo's wall clock at `instant`, written as if it were UTC (epoch ms). Access devices keep a
 * clock with no zone: they count São Paulo's hours as if they were UTC's.
 */
export function saoPauloWallClockMs(instant: Date | string | number): number {
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Data inválida: ${String(instant)}`);
  const p = Object.fromEntries(wallClock.formatToParts(ms).map((part) => [part.type, part.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) + (((ms % 1000) + 1000) % 1000);
}

/** The instant a São Paulo wall-clock reading (written as if UTC, epoch ms) stands for. */
export function instantFromSaoPauloWallClock(wallClockMs: number): Date {
  // São Paulo is behind UTC: the instant is a few hours later; its offset there is the one to use.
  const guess = wallClockMs + 3 * 3_600_000;
  const offset = saoPauloWallClockMs(guess) - guess;
  return new Date(wallClockMs - offset);
}
