import type { SheetItem, SheetReader } from './sheet-reader.js';

/** The reader with each item replaced by what `map` makes of it, or dropped when it makes nothing: a check or a filter on top of a reader. */
export function mapSheetItems<Reader extends SheetReader>(reader: Reader, map: (item: SheetItem) => SheetItem | undefined): Reader {
  return {
    ...reader,
    close: () => reader.close(),
    async *[Symbol.asyncIterator](): AsyncGenerator<SheetItem> {
      for await (const item of reader) {
        const mapped = map(item);
        if (mapped !== undefined) yield mapped;
      }
    },
  };
}
