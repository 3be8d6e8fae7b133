import { openSheetReader, type SheetItem, type SheetReader, type SheetReaderOptions } from '../../src/sheets/index.js';

/** Opens a sheet and reads all of it. */
export async function readItems(path: string, options?: SheetReaderOptions): Promise<{ reader: SheetReader; items: SheetItem[] }> {
  const reader = await openSheetReader(path, options);
  const items: SheetItem[] = [];
  for await (const item of reader) items.push(item);
  return { reader, items };
}
