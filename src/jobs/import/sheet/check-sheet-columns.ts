import { CUSTOM_FIELD_PREFIX } from '../../../resources/custom-field-column.js';
import { findClosestName, isSameName } from '../../../find-closest-name.js';
import type { Column } from '../../../resources/column.js';
import { SheetError, type SheetSource } from '../../../sheets/index.js';
import { UnknownColumnsError } from './unknown-columns-error.js';

/** Unknown columns named in the message, at most: a header of thousands would flood the terminal. */
const SHOWN_COLUMNS = 10;

export interface SheetColumnsCheck {
  /** Where the columns come from, for the message: the file, and the sheet of a workbook. */
  file: string;
  source: SheetSource;
  /** The header's columns no catalog column matches, as written. */
  unknown: readonly string[];
  /** The header's columns the catalog reads: a column it holds is offered for no other. */
  matched: readonly string[];
  /** The catalog's columns: what a typo, or a name CRMs give a column, is compared with. */
  columns: readonly Column[];
  /** Columns the user named to leave out (`--ignore-columns`), in any case. */
  ignore?: readonly string[];
  /** Offline, or before the definitions are read: `custom_fields.<name>` columns are the API's to judge. */
  deferCustomFields?: boolean;
}

/**
 * Columns are explicit: an unknown column stops the import (a typo would otherwise leave its
 * values out unseen), unless the user named it to be left out. Returns the columns left out so.
 */
export function checkSheetColumns({ file, source, unknown, matched, columns, ignore = [], deferCustomFields = false }: SheetColumnsCheck): string[] {
  const known = columns.map((column) => column.header);
  // A column the header holds already is offered for no other: renaming one to it would name it twice.
  const held = new Set(matched.map((name) => name.toLowerCase()));
  const offered = columns.filter((column) => !held.has(column.header.toLowerCase()));
  const sheet = source.format === 'xlsx' ? source.sheet : undefined;
  const ignored = new Set(ignore.map((name) => name.trim().toLowerCase()));
  // Only a column the import does not read can be left out: one it reads would still be sent.
  const read = known.filter((name) => ignored.has(name.toLowerCase()));
  if (read.length > 0) {
    throw new SheetError(
      `import ${file}${sheet === undefined ? '' : ` (sheet ${sheet})`}`,
      `--ignore-columns names ${read.join(', ')}, which the import reads: ${read.length === 1 ? 'its cells' : 'their cells'} would still be sent`,
      'To leave a column out, delete it from the sheet (a _base keeps its row right) or empty its cells (an empty cell changes nothing); --ignore-columns (a job step: ignore_columns) only passes over columns the import does not read.',
    );
  }
  const deferred = (name: string): boolean => deferCustomFields && name.toLowerCase().startsWith(CUSTOM_FIELD_PREFIX);
  const refused = unknown.filter((name) => !ignored.has(name.toLowerCase()) && !deferred(name));
  // A title above the header ("Stores – March") is read as the header: no column of it is one, nor stands for one.
  if (matched.length === 0 && refused.length > 0 && refused.length === unknown.length && refused.every((name) => findMeantColumn(name, offered) === undefined)) {
    throw new SheetError(
      `import ${file}${sheet === undefined ? '' : ` (sheet ${sheet})`}`,
      `its first filled row names no column the import reads (${refused.slice(0, SHOWN_COLUMNS).join(' | ')}), so it is not a header`,
      'Make the column names its first filled row (delete any title rows above them), read its columns by the names the import knows with --rename-columns HEADER=column (a job step: rename_columns), or check that it is the right file.',
    );
  }
  if (refused.length > 0) {
    const shown = refused.slice(0, SHOWN_COLUMNS).map((name) => ({ name, meant: findMeantColumn(name, offered) }));
    throw new UnknownColumnsError(file, sheet, shown, refused.length);
  }
  return unknown.filter((name) => ignored.has(name.toLowerCase()));
}

/** The column an unknown one may stand for: a typo of its header, or a name CRMs give it (`Store Code` for code). */
function findMeantColumn(name: string, columns: readonly Column[]): string | undefined {
  const closest = findClosestName(name, columns.map((column) => column.header));
  return closest ?? columns.find((column) => column.aliases?.some((alias) => isSameName(alias, name)) === true)?.header;
}

/** The names no known header matches, trimmed and in any case as headers are matched. */
export function findUnknownColumns(names: readonly string[], known: readonly string[]): string[] {
  const knownNames = new Set(known.map((name) => name.toLowerCase()));
  return names.filter((name) => !knownNames.has(name.trim().toLowerCase()));
}
