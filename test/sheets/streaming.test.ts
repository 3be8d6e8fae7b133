import { createWriteStream, existsSync } from 'node:fs';
import { readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { openSheetReader, openSheetWriter } from '../../src/sheets/index.js';
import { makeTempDir } from './make-temp-dir.js';

const ROWS = 20_000;

function* generateCsv(): Generator<string> {
  yield 'storeCode;name;city;description\n';
  for (let index = 0; index < ROWS; index += 1) {
    yield `S${index};Boulangerie n°${index};Besançon;"Pain, viennoiseries\nfermé le lundi"\n`;
  }
}

async function countOpenFiles(path: string): Promise<number> {
  const targets = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((target) => target === path).length;
}

describe('streaming', () => {
  it('reads a 20,000-row CSV row by row', async () => {
    const path = join(await makeTempDir(), 'big.csv');
    await pipeline(Readable.from(generateCsv()), createWriteStream(path));
    const reader = await openSheetReader(path);
    let rows = 0;
    let lastLine = 0;
    for await (const item of reader) {
      if (item.kind === 'row') rows += 1;
      lastLine = item.line;
    }
    expect(rows).toBe(ROWS);
    expect(lastLine).toBe(2 * ROWS);
  });

  it('writes then reads 5,000 XLSX rows', async () => {
    const path = join(await makeTempDir(), 'big.xlsx');
    const writer = await openSheetWriter(path, { columns: [{ key: 'storeCode', text: true }, { key: 'name' }, { key: 'rating' }] });
    for (let index = 0; index < 5_000; index += 1) {
      await writer.writeRow({ storeCode: String(index).padStart(6, '0'), name: `Crêperie n°${index} 😀`, rating: index / 4 });
    }
    await writer.close();
    let rows = 0;
    for await (const item of await openSheetReader(path)) {
      if (item.kind === 'row' && item.values.name === `Crêperie n°${item.line - 2} 😀`) rows += 1;
    }
    expect(rows).toBe(5_000);
  });

  it.runIf(existsSync('/proc/self/fd')).each(['csv', 'xlsx'])('closes the %s file when reading stops early', async (extension) => {
    const path = join(await makeTempDir(), `early.${extension}`);
    const writer = await openSheetWriter(path, { columns: [{ key: 'storeCode' }] });
    for (let index = 0; index < 5_000; index += 1) await writer.writeRow({ storeCode: `S${index}` });
    await writer.close();
    for await (const item of await openSheetReader(path)) {
      expect(item.line).toBe(2);
      break;
    }
    await (await openSheetReader(path)).close();
    await expect.poll(() => countOpenFiles(path)).toBe(0);
  });
});
