import type { BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import { listNationalNumbers, padZipCode, PhonesAwaitingCountry, readNationalPhones, ZIP } from '../../../resources/businesses/read-country-cells.js';
import { readCountry } from '../../../resources/columns/country-column.js';
import { compareWithCodePage, describeLostCharacterMark } from '../../../resources/cells/lost-characters.js';
import { describeMojibake, describeUndone, undoMojibake } from '../../../resources/cells/mojibake.js';
import { quoteCell, readCell } from '../../../resources/cells/read-cell.js';
import { describeRestoredNumber, restoreSpreadsheetNumber } from '../../../resources/cells/spreadsheet-number.js';
import type { Column } from '../../../resources/column.js';
import { readAtPath } from '../../../resources/field-path.js';
import type { CodePage } from '../../../sheets/index.js';
import type { CurrentBusiness } from './complete-business-update.js';

/**
 * The row's values with what a spreadsheet or a code page did to the business's own values read
 * as those: a text kept as text (codes, zip codes, company numbers) without its leading zeros
 * (`1` as `000001`), and, in a file in `codePage`, a text without the characters it lacks (`?ód?`
 * as `Łódź`), and UTF-8 read as Windows-1252 and saved again (`CrÃªperie` as `Crêperie`). A file
 * without `_base` (a CRM's, saved again by a spreadsheet) has only the read. A new value garbled
 * so is refused, and so is one with `?` before a letter in a code page file: it most likely lost characters.
 * National phone numbers and zip codes typed as numbers of a row that gives no country are read
 * with the business's.
 */
export function readAgainstBusiness(
  values: BusinessRowValues,
  current: CurrentBusiness,
  codePage: CodePage | undefined,
): { values: BusinessRowValues; notes: string[]; errors: string[] } {
  const restored = new Map(values);
  const notes: string[] = [];
  const errors: string[] = [];
  for (const [column, value] of values) {
    if (value instanceof PhonesAwaitingCountry) {
      const phones = readWithBusinessCountry(column, value, current.country, notes);
      if ('errors' in phones) {
        restored.delete(column);
        errors.push(...phones.errors);
      } else restored.set(column, phones.value);
      continue;
    }
    const known = column.path === undefined ? undefined : readAtPath(current, column.path);
    if (typeof value !== 'string' || value === known) continue;
    const note = typeof known === 'string' ? describeRestored(column, value, known, codePage) : undefined;
    const padded = note === undefined && column.header === ZIP && !givesCountry(values) ? padWithBusinessCountry(value, current.country, notes) : undefined;
    if (note !== undefined) {
      restored.set(column, known);
      notes.push(note);
    } else if (padded !== undefined) {
      restored.set(column, padded);
    } else {
      const text = undoMojibake(value);
      const mark = codePage === undefined ? undefined : describeLostCharacterMark(column.header, value, codePage);
      if (text !== undefined) errors.push(describeMojibake(column.header, value, text));
      else if (mark !== undefined) errors.push(mark);
    }
  }
  return { values: restored, notes, errors };
}

function describeRestored(column: Column, value: string, known: string, codePage: CodePage | undefined): string | undefined {
  const number = column.text ? restoreSpreadsheetNumber(value, known) : undefined;
  if (number !== undefined) return describeRestoredNumber(column.header, value, number);
  const undone = undoMojibake(value);
  if (undone?.text === known) return `${column.header}: ${quoteCell(value)} read as the business's own value (${describeUndone(undone)})`;
  const loss = codePage === undefined ? undefined : compareWithCodePage(value, known, codePage, 'it');
  return loss?.saved === true ? `${column.header}: ${quoteCell(value)} read as the business's own value (${loss.missing})` : undefined;
}

/** A row without a country has its zip code read with the business's (the row's own was read with it already). */
function givesCountry(values: BusinessRowValues): boolean {
  return [...values.keys()].some((column) => column.header === 'country');
}

function padWithBusinessCountry(zip: string, country: unknown, notes: string[]): string | undefined {
  const code = typeof country === 'string' ? readCountry(country) : undefined;
  return code === undefined ? undefined : padZipCode(zip, code, notes, ", the business's country,");
}

/** A phones cell read with the business's country: its national numbers in E.164, or why not. */
function readWithBusinessCountry(column: Column, { cell, context }: PhonesAwaitingCountry, country: unknown, notes: string[]): { value: unknown } | { errors: string[] } {
  // Read as a cell is: a service that answers `fr` or `France` still names the country.
  const code = typeof country === 'string' ? readCountry(country) : undefined;
  const read: string[] = [];
  const text = code === undefined ? cell : readNationalPhones(cell, code, read, ", the business's country");
  const left = listNationalNumbers(text);
  if (left.length > 0) {
    const why = code === undefined ? 'is a national number, and neither the row nor its business gives a country' : `is not a phone number of ${code}, the business's country`;
    return { errors: [`${column.header}: ${left.map(quoteCell).join(', ')} ${why}; write it in E.164 format (+33302060628), or give the row its country column`] };
  }
  const reading = readCell(column, text, context);
  if (reading === undefined || 'errors' in reading) return { errors: reading?.errors ?? [] };
  notes.push(...read);
  return reading;
}
