import { READ_BYTE_ORDER_MARK, toHeaderKey } from './map-header.js';
import { SheetError } from '../sheet-error.js';

/** A header without a name it was to rename: the sheet is not the one meant, or the name is wrong. */
export class MissingRenameError extends SheetError {}

/**
 * The header row with the names `renames` gives its columns, matched as headers are: a CRM's
 * `Code magasin` read as `code`. A name to rename that the header lacks is an error, since its
 * column would be read under no name, or under another's.
 */
export function renameHeader(cells: readonly string[], renames: ReadonlyMap<string, string> | undefined, file: string): readonly string[] {
  if (renames === undefined || renames.size === 0) return cells;
  const keys = new Set(cells.map(toHeaderKey));
  const missing = [...renames.keys()].filter((name) => !keys.has(toHeaderKey(name)));
  if (missing.length > 0) {
    const named = cells.filter((cell) => cell.trim() !== '').join(' | ');
    throw new MissingRenameError(`read ${file}`, `its header has no column '${missing.join("', '")}' to rename (its columns: ${named})`, 'Correct the names to rename (--rename-columns, a job step: rename_columns) to the header as it is.');
  }
  const byKey = new Map([...renames].map(([from, to]) => [toHeaderKey(from), to]));
  // A byte order mark a code page garbled stays, for the header's own warning.
  return cells.map((cell) => {
    const renamed = byKey.get(toHeaderKey(cell));
    return renamed === undefined ? cell : (READ_BYTE_ORDER_MARK.exec(cell)?.[0] ?? '') + renamed;
  });
}
