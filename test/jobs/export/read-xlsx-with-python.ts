import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/*
 * An independent reader: Python's standard library only (zipfile and ElementTree are always there,
 * unlike LibreOffice or openpyxl on CI machines). It reads each sheet's XML as stored: inline and
 * shared strings, numbers as written, and counts formula cells.
 */
const SCRIPT = String.raw`
import json, re, sys, zipfile
import xml.etree.ElementTree as ET
M = '{http://schemas.openxmlformats.org/spreadsheetml/2006/main}'
R = '{http://schemas.openxmlformats.org/officeDocument/2006/relationships}'
book = zipfile.ZipFile(sys.argv[1])
rels = {rel.get('Id'): rel.get('Target') for rel in ET.fromstring(book.read('xl/_rels/workbook.xml.rels'))}
shared = []
if 'xl/sharedStrings.xml' in book.namelist():
    shared = [''.join(t.text or '' for t in si.iter(M + 't')) for si in ET.fromstring(book.read('xl/sharedStrings.xml'))]
def column(ref):
    number = 0
    for letter in re.match('[A-Z]+', ref).group(0):
        number = number * 26 + ord(letter) - 64
    return number - 1
sheets, formulas = {}, 0
for sheet in ET.fromstring(book.read('xl/workbook.xml')).find(M + 'sheets'):
    target = rels[sheet.get(R + 'id')].lstrip('/')
    rows = []
    for row in ET.fromstring(book.read(target if target.startswith('xl/') else 'xl/' + target)).iter(M + 'row'):
        cells = {}
        for cell in row.findall(M + 'c'):
            if cell.find(M + 'f') is not None:
                formulas += 1
            kind, value = cell.get('t'), cell.find(M + 'v')
            if kind == 'inlineStr':
                text = ''.join(t.text or '' for t in cell.iter(M + 't'))
            elif kind == 's':
                text = shared[int(value.text)]
            else:
                text = '' if value is None else value.text
            cells[column(cell.get('r'))] = text
        rows.append([cells.get(index, '') for index in range(max(cells) + 1 if cells else 0)])
    sheets[sheet.get('name')] = rows
print(json.dumps({'sheets': sheets, 'formulas': formulas}))
`;

export interface PythonWorkbook {
  /** Rows of cells by sheet name, in workbook order; trailing empty cells are left out. */
  sheets: Record<string, string[][]>;
  formulas: number;
}

export async function readXlsxWithPython(path: string): Promise<PythonWorkbook> {
  const { stdout } = await promisify(execFile)('python3', ['-c', SCRIPT, path], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as PythonWorkbook;
}
