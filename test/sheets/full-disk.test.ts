import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSheetWriter, SheetError, type SheetWriter } from '../../src/sheets/index.js';
import { writeOutputFile } from '../../src/sheets/file/write-output-file.js';
import { disk } from './full-disk.js';
import { makeTempDir } from './make-temp-dir.js';

vi.mock('node:fs', async (importOriginal) => (await import('./full-disk.js')).withFullDisk(await importOriginal()));

const COLUMNS = [{ key: 'code', text: true }, { key: 'name' }];
const ROWS = 3000;

/** Text that does not compress, so that the workbook reaches the disk while rows are written. */
function noise(seed: number): string {
  return createHash('sha512').update(String(seed)).digest('hex').repeat(2);
}

/** Writes rows, then closes; says how many rows were written before the error. */
async function writeUntilError(writer: SheetWriter, rows: number): Promise<{ error: unknown; rowsWritten: number }> {
  let rowsWritten = 0;
  try {
    for (; rowsWritten < rows; rowsWritten++) await writer.writeRow({ code: `C${rowsWritten}`, name: noise(rowsWritten) });
    await writer.close();
    return { error: undefined, rowsWritten };
  } catch (error) {
    return { error, rowsWritten };
  }
}

const fullDisk = (path: string) => `Could not write ${path}: the disk is full. Free space, then run the same command again to resume.`;

describe('a disk that fills while an output is written', () => {
  afterEach(() => {
    disk.free = Infinity;
  });

  it.each(['out.csv', 'out.xlsx'])('%s: stops at the row that found the disk full, says so, and leaves no file behind', async (name) => {
    const dir = await makeTempDir();
    const path = join(dir, name);
    disk.free = 200_000;
    const { error, rowsWritten } = await writeUntilError(await openSheetWriter(path, { columns: COLUMNS }), ROWS);
    expect(error).toBeInstanceOf(SheetError);
    expect((error as Error).message).toBe(fullDisk(path));
    // Not only at the close: an export would otherwise fetch every page for nothing.
    expect(rowsWritten).toBeLessThan(ROWS);
    expect(await readdir(dir)).toEqual([]);
  });

  it.each(['out.csv', 'out.xlsx'])('%s: a disk already full is said so too', async (name) => {
    const dir = await makeTempDir();
    const path = join(dir, name);
    disk.free = 0;
    const { error } = await writeUntilError(await openSheetWriter(path, { columns: COLUMNS }), 10);
    expect((error as Error).message).toBe(fullDisk(path));
    expect(await readdir(dir)).toEqual([]);
  });

  it.each(['out.csv', 'out.xlsx'])('%s: a disk that fills as the file is finished fails the close', async (name) => {
    const dir = await makeTempDir();
    const path = join(dir, name);
    const writer = await openSheetWriter(path, { columns: COLUMNS });
    for (let row = 0; row < ROWS; row++) await writer.writeRow({ code: `C${row}`, name: noise(row) });
    disk.free = 0;
    await expect(writer.close()).rejects.toThrow(fullDisk(path));
    expect(await readdir(dir)).toEqual([]);
  });

  it('a whole file (summary.json) is written entirely or not at all', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'summary.json');
    disk.free = 10;
    await expect(writeOutputFile(path, JSON.stringify({ rows: Array.from({ length: 100 }, (_, index) => index) }))).rejects.toThrow(fullDisk(path));
    expect(await readdir(dir)).toEqual([]);
  });

  it('a complete output is moved to its path, nothing else is left', async () => {
    const dir = await makeTempDir();
    for (const name of ['out.csv', 'out.xlsx']) expect(await writeUntilError(await openSheetWriter(join(dir, name), { columns: COLUMNS }), 10)).toEqual({ error: undefined, rowsWritten: 10 });
    await writeOutputFile(join(dir, 'summary.json'), '{}\n');
    expect((await readdir(dir)).sort()).toEqual(['out.csv', 'out.xlsx', 'summary.json']);
  });
});
