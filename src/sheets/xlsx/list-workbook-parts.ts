import { openZipEntry } from './zip/open-zip-entry.js';
import { resolveTarget, type SheetInfo } from './read-workbook-info.js';
import type { ZipEntry } from './zip/read-zip-directory.js';
import { SheetError } from '../sheet-error.js';
import type { FileRef } from '../file/read-file-chunks.js';

/** A sheet of the workbook and the zip entry that holds its XML. */
export interface WorkbookPart extends SheetInfo {
  entry: ZipEntry | undefined;
}

/** A workbook's zip directory and the parts of its sheets, read once for what exceljs does not read. */
export interface WorkbookIndex {
  entries: readonly ZipEntry[];
  parts: readonly WorkbookPart[];
}

/** workbook.xml and its relationships are a few KiB; more is no workbook a person saved. */
const MAX_INDEX_BYTES = 16 * 1024 ** 2;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The sheets `xl/workbook.xml` lists, in order, each with the part its relationship names (exceljs's own reading needs the whole file streamed first). */
export async function listWorkbookParts(file: FileRef, entries: readonly ZipEntry[]): Promise<WorkbookPart[]> {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const workbook = await readEntryText(file, byName.get('xl/workbook.xml'));
  const relations = await readEntryText(file, byName.get('xl/_rels/workbook.xml.rels'));
  const targets = new Map<string, string>();
  for (const { id, target } of listRelationships(relations)) {
    const entry = resolveTarget(target);
    if (id !== undefined && entry !== undefined) targets.set(id, entry);
  }
  return [...workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].flatMap(([tag]) => {
    const name = readAttribute(tag, 'name');
    if (name === undefined) return [];
    const target = targets.get(readAttribute(tag, 'id', true) ?? '');
    return [{ name, visible: (readAttribute(tag, 'state') ?? 'visible') === 'visible', entry: target === undefined ? undefined : byName.get(target) }];
  });
}

export interface Relationship {
  id: string | undefined;
  type: string | undefined;
  target: string | undefined;
}

/** The relationships of a `.rels` part, as written. */
export function listRelationships(xml: string): Relationship[] {
  return [...xml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)].map(([tag]) => ({ id: readAttribute(tag, 'Id'), type: readAttribute(tag, 'Type'), target: readAttribute(tag, 'Target') }));
}

export async function readEntryText(file: FileRef, entry: ZipEntry | undefined): Promise<string> {
  if (entry === undefined || entry.size > MAX_INDEX_BYTES) {
    throw new SheetError(`read ${file.path}`, 'it is not a readable XLSX workbook: its list of sheets is missing or too large', 'Open it in Excel or LibreOffice and save it again as .xlsx.');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of (await openZipEntry(file, entry)) as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_INDEX_BYTES) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An attribute's decoded value; `prefixed`: under any namespace prefix (`r:id`), as relationship ids are. */
export function readAttribute(tag: string, name: string, prefixed = false): string | undefined {
  const match = new RegExp(`\\s${prefixed ? '(?:\\w+:)' : ''}${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  const raw = match?.[1] ?? match?.[2];
  return raw?.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, code: string) => {
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.startsWith('#x') || code.startsWith('#X') ? `0x${code.slice(2)}` : code.slice(1)));
    return ENTITIES[code] ?? entity;
  });
}
