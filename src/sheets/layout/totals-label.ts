import { cutText } from '../../cut-text.js';

/** How much of a totals row a warning quotes. */
const QUOTED_CHARS = 60;

/**
 * The label a report or a spreadsheet gives its totals row, in the languages of its users: Excel's
 * table and pivot labels (`Grand Total`, `Total général`, `Gesamtergebnis`, `Totale complessivo`,
 * `Eindtotaal`, `Общий итог`, `总计`, `総計`, `총합계`…), followed by nothing or by no letter
 * (`Total : 4 magasins`, `Total (160)`).
 */
const TOTALS_LABEL =
  /^(?:grand[\s-]+totals?|sub-?totals?|sous-tota(?:l|ux)|totals?|totaux|totales|total\s+g[ée]n[ée]ral|total\s+geral|totale(?:\s+complessivo)?|totaal|eindtotaal|gesamt(?:ergebnis|summe)?|insgesamt|summe|ergebnis|suma(?:\s+ko[ńn]cowa)?|razem|итого?|всего|общий\s+итог|合计|总计|汇总|合計|総計|總計|集計|합계|총계|총합계)(?![\p{L}\p{N}])/iu;
/** The first letters of the labels: most rows start with a code or an id, which no label starts like, and skip the pattern. */
const LABEL_INITIALS = new Set(['g', 's', 't', 'e', 'i', 'r', 'и', 'в', 'о', '合', '总', '汇', '総', '總', '集', '합', '총']);
/** A count, sum or share as a spreadsheet shows it: `160`, `1 234,50 €`, `$12,000.00`, `42 %`. */
const NUMBER = /^[-+(]?\p{Sc}?\s?\d[\d\s.,'\u00a0\u202f]*\s?(?:\p{Sc}|%)?\)?$/u;

/**
 * The warning for a totals row as a report saves it without formulas (a CSV): its first filled
 * cell a totals label (`Total`, `Grand Total`, `Total général`…), its other filled cells numbers
 * only; undefined for any other row.
 */
export function describeLabelledTotals(line: number, cells: readonly (string | boolean)[] | undefined): string | undefined {
  // Every row is asked: the first filled cell alone rules out a row of data, without a copy of its cells.
  const first = cells?.find((cell) => String(cell).trim() !== '');
  const label = first === undefined ? '' : String(first).trim();
  if (!LABEL_INITIALS.has(label.charAt(0).toLowerCase()) || !TOTALS_LABEL.test(label)) return undefined;
  const [, ...values] = filledTexts(cells);
  if (!values.every((value) => NUMBER.test(value))) return undefined;
  const text = [label, ...values].join(' | ');
  return `Skipped row ${line} below the table, a totals row ('${text.length > QUOTED_CHARS ? `${cutText(text, QUOTED_CHARS)}…` : text}'): no data.`;
}

function filledTexts(cells: readonly (string | boolean)[] | undefined): string[] {
  return (cells ?? []).map((cell) => String(cell).trim()).filter((text) => text !== '');
}
