import type { z } from 'zod';
import type { CellValue } from '../sheets/index.js';
import type { CellContext } from './cells/cell-context.js';

/** A cell the column could not read: `error` says what it must be; `got` names the part at fault when not the whole cell. */
export interface CellError {
  error: string;
  got?: string;
}

export type Parsed<T> = { value: T } | CellError;

/** Where a value goes in the API payload, e.g. `['contacts', 0, 'phone_numbers']`. */
export type FieldPath = readonly (string | number)[];

/**
 * One spreadsheet column of a resource: validation, import mapping, export and templates all derive
 * from it. `parse` and `format` handle filled cells only; empty cells and `#clear` are the same for
 * every column (see readCell and formatCell).
 */
export interface Column<T = unknown> {
  /** The API field path with dots, e.g. `open_hours.monday`. */
  readonly header: string;
  /** Where the value goes in the payload; undefined for columns the resource reads itself (row identity). */
  readonly path: FieldPath | undefined;
  readonly description: string;
  /** What a filled cell holds, in words, for templates. */
  readonly grammar: string;
  /** The API's own schema of the field: the one source of truth for what the service accepts. */
  readonly schema: z.ZodType;
  /** What `#clear` sets: the first of [], null and '' the schema accepts; undefined when it accepts none. */
  readonly cleared: { value: unknown } | undefined;
  /**
   * Business fields with no documented empty value: why `#clear` cannot be sent. The cell reads as
   * a ClearRequest, which the import takes as no change when the field is already empty.
   */
  readonly unclearable?: string;
  /** XLSX cells typed as text, so that Excel keeps leading zeros and long digit strings (codes, zips, phones). */
  readonly text: boolean;
  /**
   * XLSX exports write the cell as a number or a date, which a spreadsheet sorts and sums, and
   * which the XLSX reader reads back as the same cell; codes, zip codes and phones stay text.
   */
  readonly typed?: 'number' | 'date';
  /** A field the service takes in ASCII: digits and signs typed in another script (`１２３`, `١٢٣`) read as the ASCII ones. */
  readonly asciiDigits?: boolean;
  /**
   * A value of one line: a line break in it (Alt+Enter in a spreadsheet, a paste from an email) is
   * refused with the value its lines make, and a soft hyphen, which shows nothing on one line, is
   * dropped. `words` (a name, an address) keeps the non-breaking spaces typed; the others read them
   * as spaces and lose the characters that show nothing around them:
   * `code` joins its lines with a space, `link` (a URL, an email) with nothing, as a mail program
   * wraps one, `items` (a list) with a space, else with `|`.
   */
  readonly singleLine?: 'words' | 'code' | 'link' | 'items';
  /** Export only: the import ignores the column. */
  readonly readOnly: boolean;
  /** XLSX exports hide it from view: it is for the tool, not for people (`_base`). */
  readonly hidden?: boolean;
  /** Names a CRM's or a spreadsheet's header gives the column (`Store Code`): an unknown column so named is offered as this one. */
  readonly aliases?: readonly string[];
  /** Canonical values offered as a dropdown in templates. */
  readonly choices?: readonly string[];
  /** The value of the template's example row; undefined leaves the cell empty. */
  readonly example?: T;
  parse(cell: CellValue, context: CellContext): Parsed<T>;
  /** The canonical cell; '' for an empty value. */
  format(value: T, context: CellContext): string;
}
