import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { withPipedSheet } from '../../src/sheets/file/piped-sheet.js';
import { openSheetHead } from '../../src/sheets/open-sheet-reader.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

const WORKBOOK = fileURLToPath(new URL('../../samples/businesses.xlsx', import.meta.url));
const tmpdirBefore = process.env.TMPDIR;

afterEach(() => {
  if (tmpdirBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdirBefore;
});

/** Opens the piped sheet's head and says where it was saved, and its columns. */
async function readPiped(input: Readable): Promise<{ path: string; columns: readonly string[] }> {
  return withPipedSheet(input, { signal: new AbortController().signal }, async (source) => {
    const head = await openSheetHead(source);
    await head.close();
    return { path: source.path, columns: head.columns };
  });
}

describe('a sheet piped in', () => {
  it('is read as CSV from a file of its own, removed once read', async () => {
    const piped = await readPiped(Readable.from([Buffer.from('code;na'), Buffer.from('me\nM1;Crêperie\n')]));
    expect(piped.columns).toEqual(['code', 'name']);
    expect(piped.path).toMatch(/stdin\.csv$/);
    expect(existsSync(piped.path)).toBe(false);
  });

  it('is read as a workbook when its bytes are a zip archive, whatever chunks they come in', async () => {
    const bytes = await readFile(WORKBOOK);
    const piped = await readPiped(Readable.from([bytes.subarray(0, 2), bytes.subarray(2, 3), bytes.subarray(3)]));
    expect(piped.path).toMatch(/stdin\.xlsx$/);
    expect(piped.columns).toContain('code');
  });

  it('is read when its last line has no line break, as printf and many editors leave it', async () => {
    for (const content of ['code,name\nM1,Boulangerie', 'code,name\nM1,"Boulangerie ""Le Four"""', 'code,name\nM1,12" screen', 'code,name\r\nM1,"Four\r\nNice"']) {
      const { items } = await withPipedSheet(Readable.from([content]), { signal: new AbortController().signal }, (source) => readItems(source.path));
      expect(items.at(-1), content).toMatchObject({ kind: 'row', values: { code: 'M1' } });
    }
  });

  it('reads a row that ends inside a quoted cell as a file is read: refused as a row, the rows before it read', async () => {
    const { items } = await withPipedSheet(Readable.from(['code,name\nM1,Boulangerie\nM2,"Boulan']), { signal: new AbortController().signal }, (source) => readItems(source.path));
    expect(items.map(({ kind }) => kind)).toEqual(['row', 'issue']);
  });

  it('is read when a UTF-16 file ends with its line break', async () => {
    const piped = await readPiped(Readable.from([Buffer.from('\uFEFFcode\tname\r\nM1\tCrêperie\r\n', 'utf16le')]));
    expect(piped.columns).toEqual(['code', 'name']);
  });

  it('is refused when nothing is piped in, as from a container started without -i', async () => {
    await expect(readPiped(Readable.from([]))).rejects.toThrow('Could not read standard input: nothing was piped in: it ended before its first byte. Pipe the sheet to the command (in a container: docker run -i), or give its path.');
  });

  it('names TMPDIR when the temporary directory cannot take it', async () => {
    const missing = join(await makeTempDir(), 'missing');
    process.env.TMPDIR = missing;
    await expect(readPiped(Readable.from(['code\nM1\n']))).rejects.toThrow(
      `Could not read standard input: it is saved to a temporary file in ${missing} (TMPDIR) first, and that directory cannot take it (ENOENT`,
    );
  });

  it('is not read when the run stops before the input ends, and leaves no file', async () => {
    const dir = await makeTempDir();
    process.env.TMPDIR = dir;
    const controller = new AbortController();
    let sent = false;
    // The head comes, then the signal while the rest is awaited.
    const input = new Readable({
      read() {
        if (sent) controller.abort();
        else this.push('code\nM1\n');
        sent = true;
      },
    });
    await expect(withPipedSheet(input, { signal: controller.signal }, () => Promise.resolve())).rejects.toThrow(
      'Could not read standard input: the run was stopped before the input ended. Nothing was imported: pipe the sheet again.',
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
