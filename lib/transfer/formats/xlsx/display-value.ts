import { format, isDateFormat } from "numfmt";

/** Excel's serial day of 1970-01-01 (the 1900 date system). */
const UNIX_EPOCH_SERIAL = 25_569;
/** Days between the 1900 and the 1904 date systems' day 0 (a Mac workbook's `date1904`). */
const DATE_1904_OFFSET = 1_462;

/**
 * A cell's text as the spreadsheet shows it: a number through its number format (numfmt, which
 * follows Excel's rules for dates, times, percentages, fractions, sections and colours), a boolean
 * as TRUE or FALSE, an error as its code, text as it is. Formulas are never evaluated: their cell
 * holds the value last computed, which is what is shown.
 */
export function displayValue(type: string, value: string, numFmt: string, date1904: boolean, sharedString: (index: number) => string | undefined): string {
  switch (type) {
    case "s":
      return sharedString(Number(value)) ?? "";
    case "b":
      return value === "1" || value === "true" ? "TRUE" : "FALSE";
    case "str":
    case "inlineStr":
    case "e":
      return value;
    case "d": {
      const time = Date.parse(value);
      return Number.isNaN(time) ? value : formatNumber(time / 86_400_000 + UNIX_EPOCH_SERIAL, numFmt === "General" ? "yyyy-mm-dd" : numFmt, false);
    }
    default: {
      const number = Number(value);
      return value.trim() === "" || !Number.isFinite(number) ? value : formatNumber(number, numFmt, date1904);
    }
  }
}

function formatNumber(number: number, numFmt: string, date1904: boolean): string {
  try {
    const serial = date1904 && isDateFormat(numFmt) ? number + DATE_1904_OFFSET : number;
    return format(numFmt, serial, { locale: "en-US", throws: false, invalid: String(number) });
  } catch {
    return String(number);
  }
}
