import { dayStartInSaoPaulo, today } from "../../shared/time";

/**
 * An instant `ms` before now that is still today in São Paulo: a test run just after midnight
 * (a CI run at 00:08) keeps "today's" records today, by shrinking the distance to a share of
 * the day so far. Two calls with decreasing `ms` keep their order.
 */
const SPAN = 4 * 3_600_000;

export function earlierToday(ms: number): Date {
  if (ms > SPAN) throw new RangeError("earlierToday: at most 4 hours");
  const now = Date.now();
  const sinceMidnight = now - dayStartInSaoPaulo(today()).getTime();
  // Before 04:00 the whole 4-hour span is mapped into 90 % of the day so far.
  return new Date(now - (sinceMidnight < SPAN ? (ms / SPAN) * sinceMidnight * 0.9 : ms));
}
