import { isCodePage, mapSheetItems, nameCodePage, type CellValue, type SheetReader, type SheetSource } from '../../../sheets/index.js';

/** Excel's own limit: a longer cell comes from a broken file, or one made to hurt. */
const MAX_CELL_CHARS = 32_767;

/**
 * The reader, with rows holding a cell no value sent to the API should hold turned into issues
 * that name the column: a NUL character, a byte order mark in the middle of the file (files
 * joined together), a text past Excel's limit, a byte the file's code page does not define. The
 * sheets layer itself reads any string back as written; refusing these is the import's choice.
 */
export function checkCells(reader: SheetReader): SheetReader {
  const undefinedByte = describeUndefinedByte(reader.source);
  return mapSheetItems(reader, (item) => {
    const errors = item.kind === 'row' ? findCellProblems(item.values, undefinedByte) : [];
    return errors.length === 0 ? item : { kind: 'issue', line: item.line, errors };
  });
}

/** What U+FFFD stands for in a file decoded with bytes it does not define; undefined where a cell may hold it as text. */
function describeUndefinedByte(source: SheetSource): string | undefined {
  if (source.format !== 'csv') return undefined;
  if (isCodePage(source.encoding)) return `a byte ${nameCodePage(source.encoding)} does not define, so the file is in another encoding; save it as CSV UTF-8 and import it again`;
  return source.strayBytes === true ? 'bytes that are not UTF-8, as where files in other encodings were joined; type its accented letters again and save the file as UTF-8' : undefined;
}

function findCellProblems(values: Readonly<Record<string, CellValue>>, undefinedByte: string | undefined): string[] {
  const problems: string[] = [];
  // for…in, not Object.entries: no pair allocated per cell, on every cell of every row.
  for (const column in values) {
    const value = values[column];
    if (typeof value !== 'string') continue;
    if (value.length > MAX_CELL_CHARS) problems.push(`${column}: holds ${value.length} characters, more than the ${MAX_CELL_CHARS} a spreadsheet cell holds`);
    else if (value.includes('\0')) problems.push(`${column}: holds a NUL character (U+0000), which no text should; remove it`);
    else if (value.includes('\uFEFF')) problems.push(`${column}: holds a byte order mark (U+FEFF), as when files are joined together; remove it, and a repeated header line with it`);
    else if (undefinedByte !== undefined && value.includes('\uFFFD')) problems.push(`${column}: holds ${undefinedByte}`);
  }
  return problems;
}
