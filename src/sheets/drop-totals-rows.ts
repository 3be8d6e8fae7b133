/** What tells a totals row from a row of data. */
export interface TotalsRowFacts {
  line: number;
  /** The formulas of the row that sum or count rows above it, as a totals row's cells do, by column (a workbook's). */
  aggregates?: Map<number, string>;
  /** The columns of its cells that hold a formula (a workbook's). */
  formulas?: Set<number>;
}

/** Totals rows below a table, looked past at most. */
const MAX_TOTALS_ROWS = 10;
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
/** A count, sum or share as a spreadsheet shows it: `160`, `1 234,50 €`, `$12,000.00`, `42 %`. */
const NUMBER = /^[-+(]?\p{Sc}?\s?\d[\d\s.,'\u00a0\u202f]*\s?(?:\p{Sc}|%)?\)?$/u;

/**
 * The rows but those at the end of the sheet that total the rows above them: a row labelled as
 * totals (`Total`, `Grand Total`, `Total général`…) whose other cells are numbers only, as a
 * report's totals row is in a CSV, where no formula is kept; in a workbook also a row holding a
 * formula that sums or counts the rows above it (`=COUNTA(A2:A161)`) in a column where the row
 * above holds no formula, so that a column computed row by row is data. Held as they come, at
 * most ten, and yielded after all when another row follows them: none is lost.
 */
export async function* dropTotalsRows<Row extends TotalsRowFacts>(
  rows: AsyncIterable<Row>,
  cellsOf: (row: Row) => readonly (string | boolean)[] | undefined,
  warn: (warning: string) => void,
): AsyncGenerator<Row> {
  let held: Row[] = [];
  let above: Row | undefined;
  for await (const row of rows) {
    const summing = [...(row.aggregates?.keys() ?? [])].some((column) => above !== undefined && above.formulas?.has(column) !== true);
    if ((summing || isLabelledTotals(cellsOf(row))) && held.length < MAX_TOTALS_ROWS) {
      held.push(row);
      continue;
    }
    yield* held;
    held = [];
    yield row;
    above = row;
  }
  for (const row of held) warn(`Skipped row ${row.line} below the table, a totals row (${describeTotals(row, cellsOf(row))}): no data.`);
}

/** A row whose first filled cell is a totals label and whose other filled cells are numbers. */
function isLabelledTotals(cells: readonly (string | boolean)[] | undefined): boolean {
  const filled = filledTexts(cells);
  const [label, ...values] = filled;
  return label !== undefined && TOTALS_LABEL.test(label) && values.every((value) => NUMBER.test(value));
}

function describeTotals(row: TotalsRowFacts, cells: readonly (string | boolean)[] | undefined): string {
  if (row.aggregates !== undefined) return `=${[...row.aggregates.values()].join(', =')} of the rows above it`;
  const text = filledTexts(cells).join(' | ');
  return `'${text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text}'`;
}

function filledTexts(cells: readonly (string | boolean)[] | undefined): string[] {
  return (cells ?? []).map((cell) => String(cell).trim()).filter((text) => text !== '');
}
