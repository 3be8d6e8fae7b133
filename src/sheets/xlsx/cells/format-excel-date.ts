const DAY_MS = 86_400_000;
// Day 0 of Excel's 1900 date system is 1899-12-30, 25,569 days before 1970-01-01; the 1904 system starts 1,462 days later.
const UNIX_EPOCH_SERIAL = 25_569;
const DATE_1904_OFFSET = 1_462;

/** A date as yyyy-mm-dd, with THH:MM:SS when it has a time; a time alone (day 0 of the workbook's date system) as HH:MM:SS. */
export function formatExcelDate(date: Date, date1904: boolean): string {
  const iso = new Date(Math.round(date.getTime() / 1000) * 1000).toISOString();
  const day = iso.slice(0, 10);
  const time = iso.slice(11, 19);
  if (time === '00:00:00') return day;
  return day === (date1904 ? '1904-01-01' : '1899-12-30') ? time : `${day}T${time}`;
}

/** The date an Excel serial number stands for, wall-clock time expressed in UTC as exceljs does. */
export function convertExcelSerial(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - UNIX_EPOCH_SERIAL + (date1904 ? DATE_1904_OFFSET : 0)) * DAY_MS));
}
