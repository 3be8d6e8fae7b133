const QUOTE = 0x22;
const LINE_BREAKS: ReadonlySet<number> = new Set([0x0a, 0x0d]);
// Any delimiter a CSV may use: the bytes pass before its head is read for the one it uses.
const DELIMITERS: ReadonlySet<number> = new Set([0x2c, 0x3b, 0x09, 0x7c]);
// UTF-16 puts one beside each ASCII character.
const NUL = 0x00;

type Place = 'cell-start' | 'unquoted' | 'quoted' | 'after-quote' | 'rest-of-line';

/**
 * Whether CSV bytes end inside a quoted cell, as the CSV reader reads them: a quote opens a cell
 * only at its start, `""` inside one is a quote, and a quote misplaced (inside an unquoted cell,
 * text after a closing one) leaves the rest of its line as text.
 */
export class QuoteTracker {
  private place: Place = 'cell-start';

  push(chunk: Buffer): void {
    let place = this.place;
    for (const byte of chunk) {
      if (byte === NUL) continue;
      const lineBreak = LINE_BREAKS.has(byte);
      switch (place) {
        case 'quoted':
          if (byte === QUOTE) place = 'after-quote';
          break;
        case 'after-quote':
          place = byte === QUOTE ? 'quoted' : lineBreak || DELIMITERS.has(byte) ? 'cell-start' : 'rest-of-line';
          break;
        case 'rest-of-line':
          if (lineBreak) place = 'cell-start';
          break;
        case 'cell-start':
        case 'unquoted':
          if (byte === QUOTE) place = place === 'cell-start' ? 'quoted' : 'rest-of-line';
          else place = lineBreak || DELIMITERS.has(byte) ? 'cell-start' : 'unquoted';
      }
    }
    this.place = place;
  }

  /** Whether the bytes so far end inside a quoted cell: a CSV cut there lost the rest of the cell and of its row. */
  get inQuotedCell(): boolean {
    return this.place === 'quoted';
  }
}
