/*
 * Formula injection: a spreadsheet runs a cell that starts with = + - @ (or their full-width forms,
 * which Apple Numbers folds to ASCII), and tab or CR can hide such a start. Writers prefix these texts
 * with a single quote so they show as text. Texts that already start with a quote get one too, which
 * keeps the rule reversible: readers remove exactly one leading quote, so read(write(x)) === x.
 */
const QUOTED_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', "'", '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

export function escapeFormula(text: string): string {
  return QUOTED_STARTS.has(text.charAt(0)) ? `'${text}` : text;
}

export function unescapeFormula(text: string): string {
  return text.startsWith("'") ? text.slice(1) : text;
}
