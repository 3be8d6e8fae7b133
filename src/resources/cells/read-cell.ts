import { formatPath } from '../../api/schemas/reading/describe-issues.js';
import { readAtPath } from '../field-path.js';
import type { z } from 'zod';
import { toAsciiDigits, trimAround, type CellValue } from '../../sheets/index.js';
import { LIST_SEPARATOR } from '../columns/list-column.js';
import type { CellContext } from './cell-context.js';
import type { Column } from '../column.js';
import { PLAIN_ISSUE_WORDS } from './plain-issue-words.js';
import { isScientificNumber } from './spreadsheet-number.js';
import { cutText } from '../../cut-text.js';

/** The cell that sets a field to its empty value, in any case. */
export const CLEAR_MARK = '#clear';

const SHOWN_CHARS = 40;

/** `#clear` in a column whose field has no documented empty value: no change if the field is empty, else refused. */
export class ClearRequest {
  constructor(
    readonly header: string,
    /** Why the field cannot be emptied, with the source of the fact. */
    readonly reason: string,
  ) {}

  /** `lat: the API documents no way to clear this field (…)`. */
  describe(): string {
    return `${this.header}: the API documents no way to clear this field (${this.reason}); give a value, or leave the cell empty to keep the current one`;
  }
}

/** A filled cell read into the API value, or its problems as "column: why"; undefined for an empty cell (field unchanged). */
export type CellReading = { value: unknown } | { errors: string[] } | undefined;

export function readCell(column: Column, cell: CellValue, context: CellContext): CellReading {
  if (typeof cell !== 'string') return readValue(column, cell, context);
  const control = describeControlCharacter(cell);
  if (control !== undefined) return { errors: [`${column.header}: ${control}, got ${quoteCell(cell)}`] };
  const text = toOneLineText(column, cell);
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed.length === CLEAR_MARK.length && trimmed.toLowerCase() === CLEAR_MARK) {
    if (column.cleared !== undefined) return column.cleared;
    if (column.unclearable !== undefined) return { value: new ClearRequest(column.header, column.unclearable) };
    return { errors: [`${column.header}: cannot be cleared; leave the cell empty to keep the current value`] };
  }
  // Codes, zip codes and phones: what a spreadsheet rounded is not what was typed, and sending it would lose the value.
  if (column.text && isScientificNumber(trimmed)) {
    return { errors: [`${column.header}: a spreadsheet rounded this number to scientific notation and lost its digits; format the column as text and type it again, got ${quoteCell(cell)}`] };
  }
  if (column.singleLine !== undefined && LINE_BREAK.test(trimmed)) return refuseLineBreak(column, trimmed, context);
  return readValue(column, text, context);
}

/** A filled cell's value, parsed by its column and checked by the API's schema. */
function readValue(column: Column, cell: CellValue, context: CellContext): { value: unknown } | { errors: string[] } {
  const parsed = column.parse(typeof cell === 'string' && column.asciiDigits === true ? toAsciiDigits(cell) : cell, context);
  if ('error' in parsed) return { errors: [`${column.header}: ${parsed.error}, got ${quoteCell(parsed.got ?? String(cell))}`] };
  const checked = column.schema.safeParse(parsed.value);
  if (checked.success) return { value: checked.data };
  // Parsing again for the words: a parse given options costs fifty times a bare one, and most cells are valid.
  const { error } = column.schema.safeParse(parsed.value, PLAIN_ISSUE_WORDS);
  return {
    errors: (error?.issues ?? []).map((issue) => `${column.header}: ${issue.message}, got ${describeFault(issue, parsed.value, column, cell, context)}`),
  };
}

/** Non-breaking spaces as French Excel and web pages type them (`101 000`, `+33 4 74`): the narrow one, the figure one. */
const NO_BREAK_SPACES = /[\u00A0\u2007\u202F]/g;

/** A soft hyphen: it shows only where a line wraps, which a value of one line never does, and a web page's text holds them unseen. */
const SOFT_HYPHEN = '\u00AD';

/**
 * A single-line cell as its column reads it: without soft hyphens; in all but names and addresses,
 * non-breaking spaces are spaces, and what shows nothing around it is gone.
 */
function toOneLineText(column: Column, cell: string): string {
  if (column.singleLine === undefined) return cell;
  const shown = cell.replaceAll(SOFT_HYPHEN, '');
  return column.singleLine === 'words' ? shown : trimAround(shown.replace(NO_BREAK_SPACES, ' '));
}

/** A line feed, a carriage return, and the line and paragraph separators a word processor's text holds. */
export const LINE_BREAK = /[\n\r\u2028\u2029]/;
const LINES = /\s*[\n\r\u2028\u2029]+\s*/;

/** A line break in a single-line cell, with the value its lines make when the column takes it: sent, it would publish a name on two lines. */
function refuseLineBreak(column: Column, text: string, context: CellContext): CellReading {
  // Counted as a spreadsheet's FIND counts.
  const position = text.search(LINE_BREAK) + 1;
  const lines = text.split(LINES);
  const joins = column.singleLine === 'link' ? [''] : column.singleLine === 'items' ? [' ', LIST_SEPARATOR] : [' '];
  const meant = joins.map((join) => joinLines(lines, join)).find((joined) => 'value' in readValue(column, joined, context));
  const fix = meant === undefined ? '; write it on one line' : ` (did you mean ${meant}?)`;
  return { errors: [`${column.header}: holds a line break at character ${position} (Alt+Enter in a spreadsheet, or a paste), and the field takes one line${fix}, got ${quoteCell(lines.join('↵'))}`] };
}

/** Lines joined; a word cut after its hyphen (`Bourg-en-` and `Bresse`) is joined whole. */
function joinLines(lines: readonly string[], join: string): string {
  return lines.reduce((joined, line) => `${joined}${join === ' ' && /\p{L}-$/u.test(joined) ? '' : join}${line}`);
}

/** C0 control characters but tab, line feed and carriage return, which text holds, and DEL. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * A control character no value sent should hold: a file saved in one encoding and read in another
 * leaves them (a UTF-16 file read as bytes, a code page's symbols), and the service would publish it.
 */
function describeControlCharacter(cell: string): string | undefined {
  const at = cell.search(CONTROL_CHARACTER);
  if (at === -1) return undefined;
  const code = `U+${cell.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')}`;
  const others = Array.from(cell.slice(at + 1)).filter((char) => CONTROL_CHARACTER.test(char)).length;
  // Counted as a spreadsheet's FIND counts.
  return `holds the control character ${code} at character ${at + 1}${others > 0 ? ` (and ${others} more)` : ''}, which no text should: the file may have been saved in another encoding than it was read in; check the letters around it, then remove it`;
}

/**
 * The part of the cell at fault: the cell as typed, or the value or list item the issue is about,
 * or its length when that is the issue.
 */
function describeFault(issue: z.core.$ZodIssue, value: unknown, column: Column, cell: CellValue, context: CellContext): string {
  if (issue.path.length === 0) return describeLength(issue, value) ?? quoteCell(String(cell));
  const faulty = readAtPath(value, issue.path);
  const length = describeLength(issue, faulty);
  if (length !== undefined) return length;
  if (typeof faulty === 'string' || typeof faulty === 'number' || typeof faulty === 'boolean') return quoteCell(String(faulty));
  // A list item shows as the cell would hold it; a part of an item (texts of an image) as JSON.
  const [index] = issue.path;
  if (issue.path.length === 1 && typeof index === 'number') return quoteCell(column.format([faulty], context));
  // A part left out of a JSON cell: where it goes tells what to add.
  return faulty === undefined ? `nothing at ${formatPath(issue.path)}` : quoteCell(JSON.stringify(faulty));
}

function describeLength(issue: z.core.$ZodIssue, faulty: unknown): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  if (typeof faulty === 'string') return `${faulty.length} characters`;
  if (Array.isArray(faulty)) return `${faulty.length} items`;
  return undefined;
}

/** A cell as messages show it: trimmed, and cut short when long. */
export function quoteCell(text: string): string {
  const shown = text.trim();
  return `'${shown.length > SHOWN_CHARS ? `${cutText(shown, SHOWN_CHARS)}…` : shown}'`;
}
