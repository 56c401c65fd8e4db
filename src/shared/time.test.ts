import { afterEach, describe, expect, it, vi } from "vitest";
import {
  currentYear,
  dateInSaoPaulo,
  dayStartInSaoPaulo,
  formatDate,
  formatDateTime,
  formatDesde,
  instantFromSaoPauloWallClock,
  isCalendarDate,
  nextDate,
  periodInSaoPaulo,
  saoPauloWallClockMs,
  today,
  toDateInput,
} from "./time";

// These run with the machine's zone, whatever it is: `TZ=UTC` and `TZ=America/Sao_Paulo` must
// both pass (npm run test:unit does not set one).

afterEach(() => {
  vi.useRealTimers();
});

describe("today, in São Paulo", () => {
  it("is the 23rd at 20:30 in São Paulo (23:30 UTC)", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T23:30:00Z") });
    expect(today()).toBe("2026-11-23");
  });

  it("is still the 23rd at 23:30 in São Paulo, when it is already the 24th in UTC", () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T02:30:00Z") });
    expect(today()).toBe("2026-11-23");
    expect(new Date().toISOString().slice(0, 10)).toBe("2026-11-24");
  });

  it("turns at midnight in São Paulo (03:00 UTC)", () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T02:59:59Z") });
    expect(today()).toBe("2026-11-23");
    vi.setSystemTime(new Date("2026-11-24T03:00:00Z"));
    expect(today()).toBe("2026-11-24");
  });

  it("gives the year of São Paulo on New Year's Eve night", () => {
    vi.useFakeTimers({ now: new Date("2027-01-01T01:00:00Z") });
    expect(currentYear()).toBe(2026);
    vi.setSystemTime(new Date("2027-01-01T03:00:00Z"));
    expect(currentYear()).toBe(2027);
  });

  it("dates any instant", () => {
    expect(dateInSaoPaulo("2026-11-24T02:30:00Z")).toBe("2026-11-23");
    expect(dateInSaoPaulo(new Date("2026-07-15T12:00:00-03:00"))).toBe("2026-07-15");
    expect(() => dateInSaoPaulo("ontem")).toThrow(RangeError);
  });
});

describe("formatDateTime", () => {
  it("shows São Paulo's wall clock, whatever the instant's zone", () => {
    expect(formatDateTime("2026-11-24T02:30:00Z")).toBe("23/11/2026 23:30");
    expect(formatDateTime("2026-11-23T23:30:00Z")).toBe("23/11/2026 20:30");
    expect(formatDateTime(new Date("2026-01-01T03:00:00Z"))).toBe("01/01/2026 00:00");
    expect(formatDateTime("2026-07-15T12:05:00-03:00")).toBe("15/07/2026 12:05");
  });
});

describe("formatDesde ('desde HH:mm')", () => {
  // 2026-11-25 23:30 in São Paulo is 2026-11-26 02:30 UTC: already tomorrow in UTC.
  const now = "2026-11-26T02:30:00Z";
  it("shows only the time for São Paulo's today, also when UTC has turned the day", () => {
    expect(formatDesde("2026-11-25T21:03:00Z", now)).toBe("18:03");
    expect(formatDesde("2026-11-25T03:00:00Z", now)).toBe("00:00");
    expect(formatDesde("2026-11-26T02:30:00Z", now)).toBe("23:30");
  });
  it("shows the date too for an earlier São Paulo day, also when UTC says it is the same day", () => {
    expect(formatDesde("2026-11-25T02:59:00Z", now)).toBe("24/11/2026 23:59");
    expect(formatDesde("2026-11-24T21:03:00Z", now)).toBe("24/11/2026 18:03");
    // 23:30 in São Paulo, now the next day's morning there: same UTC date, another São Paulo day.
    expect(formatDesde("2026-11-26T02:30:00Z", "2026-11-26T11:00:00Z")).toBe("25/11/2026 23:30");
  });
  it("reads the clock when no instant is given", () => {
    vi.useFakeTimers({ now: new Date(now) });
    expect(formatDesde("2026-11-25T21:03:00Z")).toBe("18:03");
    vi.setSystemTime(new Date("2026-11-26T03:00:00Z"));
    expect(formatDesde("2026-11-25T21:03:00Z")).toBe("25/11/2026 18:03");
  });
});

describe("calendar dates", () => {
  it("are shown dd/MM/yyyy as written, never shifted by a zone", () => {
    expect(formatDate("1990-05-17")).toBe("17/05/1990");
    expect(formatDate("2026-01-01T00:00:00.000Z")).toBe("01/01/2026");
    expect(formatDate(null)).toBe("");
    expect(toDateInput("2026-02-03T10:00:00Z")).toBe("2026-02-03");
    expect(toDateInput(undefined)).toBe("");
  });

  it.each(["2024-02-29", "2026-12-31", "1900-01-01"])("%s exists", (v) => expect(isCalendarDate(v)).toBe(true));
  it.each(["2025-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-10", "0000-00-00", "2026-1-1", "01/02/2026", "2026-01-01T00:00"])(
    "%s does not",
    (v) => expect(isCalendarDate(v)).toBe(false),
  );
});

describe("a São Paulo day as instants", () => {
  it("begins at 03:00 UTC and ends before the next day's", () => {
    expect(dayStartInSaoPaulo("2026-11-24").toISOString()).toBe("2026-11-24T03:00:00.000Z");
    expect(periodInSaoPaulo("2026-11-24", "2026-11-24")).toEqual({
      desde: new Date("2026-11-24T03:00:00.000Z"),
      antes: new Date("2026-11-25T03:00:00.000Z"),
    });
  });

  it("crosses months and years", () => {
    expect(nextDate("2026-12-31")).toBe("2027-01-01");
    expect(nextDate("2028-02-28")).toBe("2028-02-29");
    expect(periodInSaoPaulo("2026-01-01", "2026-12-31").antes.toISOString()).toBe("2027-01-01T03:00:00.000Z");
  });

  it("knows the summer time of past years (UTC−2; a day that began at 01:00)", () => {
    // 2018-11-04: summer time began at midnight, clocks went to 01:00.
    expect(dayStartInSaoPaulo("2018-11-04").toISOString()).toBe("2018-11-04T03:00:00.000Z");
    expect(dayStartInSaoPaulo("2018-12-01").toISOString()).toBe("2018-12-01T02:00:00.000Z");
    expect(formatDateTime(dayStartInSaoPaulo("2018-12-01"))).toBe("01/12/2018 00:00");
  });
});

describe("a device's clock without a zone (São Paulo's hours counted as UTC's)", () => {
  it("reads 21:30 for 00:30 UTC, on the day before", () => {
    expect(new Date(saoPauloWallClockMs("2026-11-28T00:30:15.250Z")).toISOString()).toBe("2026-11-27T21:30:15.250Z");
  });

  it("turns the reading back into the instant it stands for, also in the old summer time", () => {
    for (const instant of ["2026-11-28T00:30:15.000Z", "2018-01-10T12:00:00.000Z", "2026-07-01T03:00:00.000Z"]) {
      expect(instantFromSaoPauloWallClock(saoPauloWallClockMs(instant)).toISOString()).toBe(instant);
    }
    // Summer time of 2018: São Paulo was UTC−2.
    expect(new Date(saoPauloWallClockMs("2018-01-10T12:00:00.000Z")).toISOString()).toBe("2018-01-10T10:00:00.000Z");
  });
});
