import type { PieceMap } from './map-whole-tags.js';

/**
 * The built-in number formats whose code depends on the language of Excel (ECMA-376, 18.8.30):
 * dates and times in Chinese, Japanese, Korean and Thai. A workbook names them by their id alone.
 */
const LOCALE_DATE_FORMATS = new Set([...range(27, 36), ...range(50, 58), ...range(71, 81)]);
/** The built-in date format, which exceljs knows. */
const DATE_FORMAT = '14';
const CELL_FORMAT = /(<xf\b[^>]*\snumFmtId\s*=\s*["'])(\d+)(["'])/g;
const DEFINED_FORMAT = /<numFmt\b[^>]*\snumFmtId\s*=\s*["'](\d+)["']/g;

/**
 * Gives each cell format of the styles part that uses a language's built-in date format the
 * built-in date format instead, unless the workbook defines that format itself: exceljs knows no
 * code for them, and read such a date as its serial number (45296 for 2024-01-05).
 */
export function readLocaleDateFormats(): PieceMap {
  const defined = new Set<string>();
  return (xml) => {
    for (const [, id = ''] of xml.matchAll(DEFINED_FORMAT)) defined.add(id);
    return xml.replace(CELL_FORMAT, (format, before: string, id: string, after: string) =>
      LOCALE_DATE_FORMATS.has(Number(id)) && !defined.has(id) ? `${before}${DATE_FORMAT}${after}` : format,
    );
  };
}

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
