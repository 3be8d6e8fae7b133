import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readFileBytes } from '../../src/sheets/file/read-file-chunks.js';
import { SourceFile } from '../../src/sheets/file/source-file.js';
import { makeTempDir } from './make-temp-dir.js';

const BYTES = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 7919) % 251));
const SHA256 = createHash('sha256').update(BYTES).digest('hex');

async function openWorkbook(): Promise<SourceFile> {
  const path = join(await makeTempDir(), 'stores.xlsx');
  await writeFile(path, BYTES);
  return SourceFile.open(path);
}

describe("a workbook's SHA-256", () => {
  it('comes from what its readers read from its start, without reading the file again', async () => {
    const file = await openWorkbook();
    try {
      for (let position = 0; position < BYTES.length; position += 65_536) await readFileBytes(file, position, 65_536);
      const reads = vi.spyOn(file, 'noteRead');
      expect(await file.sha256()).toBe(SHA256);
      expect(reads.mock.calls.map(([, bytes]) => bytes.length).filter((length) => length > 0)).toEqual([]);
    } finally {
      await file.close();
    }
  });

  it('reads only the rest after a reader stopped early, and ignores reads out of order', async () => {
    const file = await openWorkbook();
    try {
      await readFileBytes(file, 0, 1000);
      await readFileBytes(file, 200_000, 5000);
      await readFileBytes(file, 500, 2000);
      expect(await file.sha256()).toBe(SHA256);
    } finally {
      await file.close();
    }
  });
});
