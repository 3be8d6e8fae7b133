/*
 * exceljs's streaming reader keeps what it learns of the workbook (sheet list, relationships, date
 * system) on untyped properties; these guards read them without trusting their shape.
 */

export interface SheetInfo {
  name: string;
  visible: boolean;
}

export function listSheets(workbook: object): SheetInfo[] {
  const sheets = readProperty(readProperty(workbook, 'model'), 'sheets');
  if (!Array.isArray(sheets)) return [];
  return sheets.flatMap((sheet: unknown) => {
    const name = readProperty(sheet, 'name');
    // `hidden` or `veryHidden` (shown by no menu in Excel); a sheet without a state is visible.
    const state = readProperty(sheet, 'state');
    return typeof name === 'string' ? [{ name, visible: state !== 'hidden' && state !== 'veryHidden' }] : [];
  });
}

export function isDate1904(workbook: object): boolean {
  return readProperty(readProperty(readProperty(workbook, 'properties'), 'model'), 'date1904') === true;
}

/**
 * The name of a worksheet the reader emits. exceljs names it only when its relationship target is
 * written relative ("worksheets/sheet2.xml"); otherwise (absolute "/xl/worksheets/sheet2.xml", as
 * openpyxl writes) it leaves the file number as id and a made-up "Sheet2", so the name is looked
 * up here through the relationships.
 */
export function readWorksheetName(workbook: object, worksheet: object): string | undefined {
  const id = readProperty(worksheet, 'id');
  if (typeof id !== 'string') {
    const name = readProperty(worksheet, 'name');
    return typeof name === 'string' ? name : undefined;
  }
  const relations = readProperty(workbook, 'workbookRels');
  const target = `xl/worksheets/sheet${id}.xml`;
  const relation: unknown = Array.isArray(relations)
    ? relations.find((candidate: unknown) => resolveTarget(readProperty(candidate, 'Target')) === target)
    : undefined;
  const sheets = readProperty(readProperty(workbook, 'model'), 'sheets');
  const sheet: unknown = Array.isArray(sheets)
    ? sheets.find((candidate: unknown) => readProperty(candidate, 'rId') === readProperty(relation, 'Id'))
    : undefined;
  const name = readProperty(sheet, 'name');
  return relation !== undefined && typeof name === 'string' ? name : undefined;
}

/** The zip entry a relationship of the workbook part targets: relative to `xl/`, or absolute. */
export function resolveTarget(target: unknown): string | undefined {
  if (typeof target !== 'string') return undefined;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

function readProperty(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined;
}
