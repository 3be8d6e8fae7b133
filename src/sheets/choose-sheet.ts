import type { SheetInfo } from './read-workbook-info.js';
import { SheetError } from './sheet-error.js';

/** The sheet to read: the one named by the caller, else the one named after the resource, else the first visible one. */
export function chooseSheet(sheets: readonly SheetInfo[], file: string, wanted: { sheet?: string; resource?: string }): string {
  if (wanted.sheet !== undefined) {
    const named = findSheet(sheets, wanted.sheet);
    if (named !== undefined) return named;
    const available = sheets.map((sheet) => `'${sheet.name}'`).join(', ');
    throw new SheetError(
      `read ${file}`,
      `it has no sheet named '${wanted.sheet}' (its sheets: ${available || 'none'})`,
      'Give one of these sheet names, or rename the sheet.',
    );
  }
  const forResource = wanted.resource === undefined ? undefined : findSheet(sheets, wanted.resource);
  const first = forResource ?? (sheets.find((sheet) => sheet.visible) ?? sheets[0])?.name;
  if (first === undefined) throw new SheetError(`read ${file}`, 'the workbook has no sheet', 'Check that it is the right file.');
  return first;
}

// Excel treats sheet names case-insensitively.
function findSheet(sheets: readonly SheetInfo[], name: string): string | undefined {
  return sheets.find((sheet) => sheet.name.toLowerCase() === name.toLowerCase())?.name;
}
