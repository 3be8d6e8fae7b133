import { posix } from 'node:path';
import type { FileRef } from '../file/read-file-chunks.js';
import { listRelationships, readAttribute, readEntryText, type WorkbookIndex } from './list-workbook-parts.js';

const TABLE_RELATION = /\/relationships\/table$/;
const LAST_ROW = /(\d+)$/;

/**
 * The rows of a sheet that its Excel tables (Insert › Table) keep for their totals (Table Design ›
 * Total Row): a label and sums or counts, never a store. Each is mapped to its table's name. Read
 * from the sheet's relationships and table parts, which exceljs's streaming reader does not read.
 */
export async function findTotalRows(file: FileRef, { entries, parts }: WorkbookIndex, sheet: string): Promise<Map<number, string>> {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const part = parts.find((each) => each.name === sheet)?.entry;
  const relations = part === undefined ? undefined : byName.get(`${posix.dirname(part.name)}/_rels/${posix.basename(part.name)}.rels`);
  const totals = new Map<number, string>();
  if (part === undefined || relations === undefined) return totals;
  for (const { type, target } of listRelationships(await readEntryText(file, relations))) {
    if (!TABLE_RELATION.test(type ?? '') || target === undefined) continue;
    const table = byName.get(target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(part.name), target));
    const head = table === undefined ? '' : (/<(?:\w+:)?table\b[^>]*>/.exec(await readEntryText(file, table))?.[0] ?? '');
    const count = Number(readAttribute(head, 'totalsRowCount') ?? 0);
    const last = Number(LAST_ROW.exec(readAttribute(head, 'ref') ?? '')?.[1] ?? 0);
    const name = readAttribute(head, 'displayName') ?? readAttribute(head, 'name') ?? '';
    for (let line = last - count + 1; count > 0 && line <= last; line++) totals.set(line, name);
  }
  return totals;
}
