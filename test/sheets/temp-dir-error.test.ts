import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { withSourceFile } from '../../src/sheets/file/source-file.js';
import { openSheetHead } from '../../src/sheets/open-sheet-reader.js';
import { makeTempDir } from './make-temp-dir.js';

// exceljs writes its worksheets before the workbook's relations: reading one takes a temporary file.
const WORKBOOK = fileURLToPath(new URL('../../samples/businesses.xlsx', import.meta.url));
const tmpdirBefore = process.env.TMPDIR;

afterEach(() => {
  if (tmpdirBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdirBefore;
});

describe('an XLSX read where the temporary directory cannot take a file', () => {
  it('names TMPDIR, not the workbook, when the directory is missing', async () => {
    const missing = join(await makeTempDir(), 'missing');
    process.env.TMPDIR = missing;
    await expect(withSourceFile(WORKBOOK, (file) => openSheetHead(file))).rejects.toThrow(
      `Could not read ${WORKBOOK}: its worksheet is unpacked to a temporary file in ${missing} (TMPDIR) first, and that directory cannot take it (ENOENT`,
    );
  });

  it('names TMPDIR when it is a file', async () => {
    const file = join(await makeTempDir(), 'file');
    await writeFile(file, '');
    process.env.TMPDIR = file;
    await expect(withSourceFile(WORKBOOK, (file) => openSheetHead(file))).rejects.toThrow(`Set TMPDIR to a writable directory, or mount one at ${file} (docker run --tmpfs ${file}`);
  });
});
