import { describe, expect, it } from "vitest";
import { maskText } from "./input-mask";
import { DATA_INCOMPLETA, dateFormValue, dateText, isoFromDateText, isTimeText, timeText } from "./date-text";

describe("the date fields read dd/MM/yyyy and give the forms yyyy-MM-dd", () => {
  it("shows a form's date as dd/MM/yyyy", () => {
    expect(dateText("2025-02-01")).toBe("01/02/2025");
    expect(dateText("2025-02-01T00:00:00.000Z")).toBe("01/02/2025");
    expect(dateText("")).toBe("");
    expect(dateText(null)).toBe("");
    expect(dateText(DATA_INCOMPLETA)).toBe("");
  });

  it("reads a typed date as the day, the month and the year, in that order", () => {
    expect(isoFromDateText("01/02/2025")).toBe("2025-02-01");
    expect(isoFromDateText("29/02/2024")).toBe("2024-02-29");
    expect(isoFromDateText("")).toBe("");
    expect(isoFromDateText("  ")).toBe("");
  });

  it("refuses dates that do not exist, typed in part, or out of the accepted range", () => {
    for (const text of ["31/02/2025", "29/02/2025", "00/01/2025", "01/13/2025", "32/01/2025", "01/02/202", "01/0", "01/01/1899", "01/01/2101", "2025-02-01"]) {
      expect(isoFromDateText(text), text).toBeNull();
    }
  });

  it("gives the form a value its schema refuses for a wrong date, never a blank that would pass as 'no date'", () => {
    expect(dateFormValue("01/02/2025")).toBe("2025-02-01");
    expect(dateFormValue("")).toBe("");
    expect(dateFormValue("31/02/2025")).toBe("2025-02-31");
    expect(dateFormValue("12/0")).toBe(DATA_INCOMPLETA);
  });

  it("the mask takes digits only and puts the slashes itself", () => {
    expect(maskText("data", "01022025")).toBe("01/02/2025");
    expect(maskText("data", "01/02/2025")).toBe("01/02/2025");
    expect(maskText("data", "ab01")).toBe("01");
    expect(maskText("data", "010220251")).toBe("01/02/2025");
  });
});

describe("the time fields read 24 hours", () => {
  it("accepts 00:00 to 23:59 and nothing else", () => {
    for (const text of ["00:00", "08:00", "13:45", "23:59"]) expect(isTimeText(text), text).toBe(true);
    for (const text of ["24:00", "12:60", "8:00", "08:0", "08:00 PM", ""]) expect(isTimeText(text), text).toBe(false);
  });

  it("shows a stored time as HH:mm, masked as typed", () => {
    expect(timeText("08:00:00")).toBe("08:00");
    expect(timeText("")).toBe("");
    expect(maskText("hora", "1730")).toBe("17:30");
    expect(maskText("hora", "17h30")).toBe("17:30");
  });
});
