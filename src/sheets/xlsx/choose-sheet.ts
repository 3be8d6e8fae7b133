import type { SheetInfo } from './read-workbook-info.js';
import { findClosestName } from '../../find-closest-name.js';
import { SheetError } from '../sheet-error.js';

export interface ChosenSheet {
  name: string;
  /** Names the hidden sheets passed over: a user who sees none of them in Excel learns why they were not read. */
  warnings: string[];
}

/**
 * The sheet to read: the one named by the caller, hidden or not; else the visible one named after
 * the resource, else the first visible one. A hidden sheet (the lists behind dropdowns, old data)
 * is read only when named.
 */
export function chooseSheet(sheets: readonly SheetInfo[], file: string, wanted: { sheet?: string; resource?: string }): ChosenSheet {
  if (wanted.sheet !== undefined) {
    const named = findSheet(sheets, wanted.sheet);
    if (named !== undefined) return { name: named.name, warnings: [] };
    const closest = findClosestName(wanted.sheet, sheets.map((sheet) => sheet.name));
    throw new SheetError(
      `read ${file}`,
      `it has no sheet named '${wanted.sheet}'${closest === undefined ? '' : ` (did you mean '${closest}'?)`}; its sheets: ${listNames(sheets) || 'none'}`,
      'Give one of these sheet names, or rename the sheet.',
    );
  }
  const forResource = wanted.resource === undefined ? undefined : findSheet(sheets, wanted.resource);
  const chosen = forResource?.visible === true ? forResource : sheets.find((sheet) => sheet.visible);
  if (chosen === undefined) {
    if (sheets.length === 0) throw new SheetError(`read ${file}`, 'the workbook has no sheet', 'Check that it is the right file.');
    throw new SheetError(`read ${file}`, `all its sheets are hidden (${listNames(sheets)})`, 'Name the sheet to import with --sheet.');
  }
  // Those that would have been read if shown: the one named after the resource, those before the first visible one.
  const before = sheets.indexOf(chosen);
  const skipped = chosen === forResource ? [] : sheets.filter((sheet, index) => !sheet.visible && (sheet === forResource || index < before));
  return { name: chosen.name, warnings: skipped.length === 0 ? [] : [describeSkipped(skipped)] };
}

function describeSkipped(skipped: readonly SheetInfo[]): string {
  return skipped.length === 1
    ? `Sheet ${listNames(skipped)} is hidden: it is not read unless --sheet names it.`
    : `Sheets ${listNames(skipped)} are hidden: they are not read unless --sheet names one.`;
}

function listNames(sheets: readonly SheetInfo[]): string {
  return sheets.map((sheet) => `'${sheet.name}'`).join(', ');
}

function findSheet(sheets: readonly SheetInfo[], name: string): SheetInfo | undefined {
  return sheets.find((sheet) => isSameSheetName(sheet.name, name));
}

/** Excel treats sheet names case-insensitively; a space typed after one (`Businesses `) does not show on its tab. */
export function isSameSheetName(one: string, other: string): boolean {
  return one.trim().toLowerCase() === other.trim().toLowerCase();
}
