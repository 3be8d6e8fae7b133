/*
 * Formula injection: a spreadsheet runs a CSV cell that starts with = + - @ (or their full-width
 * forms, which Apple Numbers folds to ASCII), and a tab or a CR can hide such a start. A CSV writer
 * prefixes these texts with a single quote, so that they show as text, unless the text is a plain
 * number: a signed number (`-0.566918`, `-0,5`) or an E.164 phone (`+33612345678`) reads as that
 * number or as text, never runs anything, and its data would otherwise carry the quote.
 *
 * An XLSX string cell is never a formula: it carries its text as it is.
 *
 * Readers remove one leading quote before any formula start, plain numbers included, so that files
 * written by earlier versions (which quoted every such CSV cell, and XLSX cells too) read back as
 * they were written. For read(write(x)) === x, a text whose own leading quotes come before a
 * formula start (`'=1`, `'+33…`) gets one more quote, in XLSX as well.
 */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
const PLAIN_NUMBER = /^[+\-\uFF0B\uFF0D](?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;

export type EscapeRule = 'csv' | 'xlsx';

/** Whether the text, past its leading quotes, starts like a formula (a plain number does too). */
function startsFormula(text: string): boolean {
  let start = 0;
  while (text.charAt(start) === "'") start++;
  return FORMULA_STARTS.has(text.charAt(start));
}

/** Whether a reader would take the text's first quote for a writer's. */
function readsAsQuoted(text: string): boolean {
  return text.startsWith("'") && startsFormula(text);
}

export function escapeFormula(text: string, rule: EscapeRule): string {
  const runs = rule === 'csv' && startsFormula(text) && !text.startsWith("'") && !PLAIN_NUMBER.test(text);
  return runs || readsAsQuoted(text) ? `'${text}` : text;
}

export function unescapeFormula(text: string): string {
  return readsAsQuoted(text) ? text.slice(1) : text;
}
