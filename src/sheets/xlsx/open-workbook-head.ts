import { assertSafeWorkbook } from './zip/assert-safe-workbook.js';
import { listWorkbookParts } from './list-workbook-parts.js';
import { openXlsxHead } from './read-xlsx.js';
import { chooseSheet, isSameSheetName } from './choose-sheet.js';
import { MissingRenameError } from '../layout/rename-header.js';
import type { SheetHead, SheetOpenOptions } from '../sheet-reader.js';
import type { SourceFile } from '../file/source-file.js';

/**
 * A workbook's sheet read up to its header. Without `sheet`, and without a visible sheet named
 * after the resource, the first visible sheet is read; when it names none of the columns the
 * reader knows (the summary sheet Numbers puts first, a cover sheet) and another visible sheet's
 * header does, that one is read instead, with a warning.
 */
export async function openWorkbookHead(file: SourceFile, options: SheetOpenOptions): Promise<SheetHead> {
  const entries = await assertSafeWorkbook(file, options.maxUnpackedBytes);
  const index = { entries, parts: await listWorkbookParts(file, entries) };
  const { headerNames, sheet, resource } = options;
  const first = await openXlsxHead(file, index, options).catch((error: unknown) => {
    // A sheet without the names to rename may be a summary or a cover: another sheet may hold them.
    if (error instanceof MissingRenameError && sheet === undefined && headerNames !== undefined) return error;
    throw error;
  });
  const head = first instanceof MissingRenameError ? undefined : first;
  const read = head?.source.format === 'xlsx' ? head.source.sheet : chooseSheet(index.parts, file.path, options).name;
  if (head !== undefined && (headerNames === undefined || sheet !== undefined || (resource !== undefined && isSameSheetName(read, resource)) || namesAny(head, headerNames))) return head;
  for (const other of index.parts) {
    if (!other.visible || other.name === read) continue;
    const warning = `Sheet '${read}', the first, names no column the import reads: sheet '${other.name}' is read, the first that does. Name the sheet to read with --sheet (a job step: sheet:).`;
    const candidate = await openXlsxHead(file, index, { ...options, sheet: other.name }, [warning]).catch(() => undefined);
    if (candidate !== undefined && namesAny(candidate, headerNames ?? [])) {
      await head?.close();
      return candidate;
    }
    await candidate?.close();
  }
  if (first instanceof MissingRenameError) throw first;
  return first;
}

function namesAny(head: SheetHead, names: readonly string[]): boolean {
  const known = new Set(names.map((name) => name.toLowerCase()));
  return head.columns.some((column) => known.has(column.toLowerCase()));
}
