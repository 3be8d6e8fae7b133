import { formatExcelNumber } from './format-excel-number.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;

/** How date cells show: the form an import reads and exports write in CSV. */
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd';

/**
 * A canonical cell of a typed column as the number or date it holds, when the XLSX reader reads
 * that back as the same text (formatExcelNumber, formatExcelDate); undefined keeps it text.
 */
export function toTypedXlsxValue(text: string, type: 'number' | 'date'): number | Date | undefined {
  if (type === 'date') {
    const date = new Date(`${text}T00:00:00Z`);
    return ISO_DATE.test(text) && date.toISOString().startsWith(text) ? date : undefined;
  }
  const number = Number(text);
  // The reader shows what Excel does (15 significant digits): a number it would show otherwise stays text, to read back whole.
  return DECIMAL.test(text) && formatExcelNumber(number, undefined, false) === text ? number : undefined;
}
