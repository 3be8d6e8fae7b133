import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { resolveTarget } from '../read-workbook-info.js';
import { tapZipParser } from './tap-zip-parser.js';

/*
 * exceljs reads as worksheets only the parts named `xl/worksheets/sheet<N>.xml`, and names a
 * worksheet through the relationship to that very name. The Open XML SDK names the first
 * worksheet part `sheet.xml` (then `sheet2.xml`…), and other writers choose names of their own:
 * exceljs skipped such a sheet. Each such part reaches exceljs under an alias of its form, and the
 * workbook's relationships to it name the alias.
 */
export function aliasWorksheetParts(input: Readable, reader: object): void {
  tapZipParser(input, (parser) => {
    const emit = parser.emit.bind(parser);
    parser.emit = (event: string | symbol, ...args: unknown[]): boolean => {
      const [entry] = args;
      if (event === 'data' && typeof entry === 'object' && entry !== null && 'path' in entry && typeof entry.path === 'string') {
        entry.path = worksheetAlias(entry.path) ?? entry.path;
      }
      return emit(event, ...args);
    };
  });
  const parseRels: unknown = Reflect.get(reader, '_parseRels');
  if (typeof parseRels !== 'function') throw new Error('exceljs has no _parseRels any more: check aliasWorksheetParts');
  Reflect.set(reader, '_parseRels', async function (this: object, ...args: unknown[]): Promise<void> {
    await Reflect.apply(parseRels, this, args);
    const relations: unknown = Reflect.get(this, 'workbookRels');
    for (const relation of Array.isArray(relations) ? (relations as unknown[]) : []) {
      const target = typeof relation === 'object' && relation !== null ? resolveTarget(Reflect.get(relation, 'Target')) : undefined;
      const alias = target === undefined ? undefined : worksheetAlias(target);
      if (alias !== undefined) Reflect.set(relation as object, 'Target', alias.slice('xl/'.length));
    }
  });
}

const EXCELJS_WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
/** Far above the numbers of the parts named so already. */
const ALIAS_BASE = 1e10;

/** A name exceljs reads as a worksheet for a worksheet part named otherwise, the same for the part and its relationship. */
function worksheetAlias(path: string): string | undefined {
  if (!WORKSHEET.test(path) || EXCELJS_WORKSHEET.test(path)) return undefined;
  return `xl/worksheets/sheet${ALIAS_BASE + crc32(path.toLowerCase())}.xml`;
}
