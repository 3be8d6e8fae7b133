/*
 * Formula injection: a spreadsheet runs a cell that starts with = + - @ (or their full-width forms,
 * which Apple Numbers folds to ASCII), and tab or CR can hide such a start. Writers prefix these texts
 * with a single quote so they show as text. Texts that already start with a quote get one too, which
 * keeps the rule reversible: readers remove one leading quote exactly where a writer added it, so
 * read(write(x)) === x.
 *
 * In XLSX the cell is typed text, so a phone number or a signed number (`+33 1 23 45 67 89`,
 * `-12.5`) cannot run and is left alone: account managers would otherwise see the quote in every
 * phone cell. A CSV has no types, so there every such start is quoted.
 */
const QUOTED_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', "'", '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
const PLAIN_NUMBER = /^[+\-\uFF0B\uFF0D][\d\s().]*$/;

export type EscapeRule = 'csv' | 'xlsx';

function needsQuote(text: string, rule: EscapeRule): boolean {
  return QUOTED_STARTS.has(text.charAt(0)) && !(rule === 'xlsx' && PLAIN_NUMBER.test(text));
}

export function escapeFormula(text: string, rule: EscapeRule): string {
  return needsQuote(text, rule) ? `'${text}` : text;
}

export function unescapeFormula(text: string, rule: EscapeRule): string {
  return text.startsWith("'") && needsQuote(text.slice(1), rule) ? text.slice(1) : text;
}
