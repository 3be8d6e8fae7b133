import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openSheetReader } from '../../src/sheets/index.js';
import { readUtf8Bytes } from '../../src/sheets/text/read-utf8-bytes.js';
import { HEAD_BYTES, scanTextFile } from '../../src/sheets/file/scan-text-file.js';
import { withSourceFile } from '../../src/sheets/file/source-file.js';
import { fixturePath } from './fixture-path.js';
import { makeTempDir } from './make-temp-dir.js';

const LONG_ROWS = 'code,name\n' + 'M001,Boulangerie\n'.repeat(10_000);

async function writeBytes(content: Uint8Array | string, name = 'input.csv'): Promise<string> {
  const path = join(await makeTempDir(), name);
  await writeFile(path, content);
  return path;
}

function sha256Of(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('hex');
}

async function collectText(chunks: AsyncIterable<Buffer>): Promise<string> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all).toString('utf8');
}

describe('scanning a CSV file before it is parsed', () => {
  it.each([
    ['UTF-8', Buffer.from(`${LONG_ROWS}M002,Crêperie\n`), 'utf-8'],
    ['UTF-8 with a BOM', Buffer.from(`\uFEFF${LONG_ROWS}`), 'utf-8'],
    ['UTF-16 with a BOM', Buffer.from(`\uFEFF${LONG_ROWS}`, 'utf16le'), 'utf-16le'],
    // The one byte that is not UTF-8 lies past the head: the whole file decides.
    ['Windows-1252', Buffer.concat([Buffer.from(LONG_ROWS), Buffer.from([0x4d, 0x30, 0x30, 0x32, 0x2c, 0x43, 0x61, 0x66, 0xe9, 0x0a])]), 'windows-1252'],
    // Café in Mac OS Roman, past the head too: é is 0x8E there.
    ['Mac OS Roman', Buffer.concat([Buffer.from(LONG_ROWS), Buffer.from([0x4d, 0x30, 0x30, 0x32, 0x2c, 0x43, 0x61, 0x66, 0x8e, 0x0a])]), 'macintosh'],
  ])('gives the SHA-256 of a %s file from the read that checks its encoding', async (_name, content, encoding) => {
    const path = await writeBytes(content);
    await withSourceFile(path, async (file) => {
      const scan = await file.scanText();
      const reads = vi.spyOn(file, 'noteRead');
      expect(scan).toMatchObject({ encoding });
      expect(await file.sha256()).toBe(sha256Of(content));
      expect(reads.mock.calls.map(([, bytes]) => bytes.length).filter((length) => length > 0)).toEqual([]);
      expect(scan.head.equals(content.subarray(0, HEAD_BYTES))).toBe(true);
    });
  });

  it.each([
    ['a last line break', Buffer.from('code\nM1\nM2\n'), 3, true],
    ['none', Buffer.from('code\nM1\nM2'), 3, false],
    ['a quoted line break', Buffer.from('code,note\r\nM1,"a\r\nb"\r\n'), 3, true],
    ['a last line break in UTF-16', Buffer.from('\uFEFFcode\r\nM1\r\n', 'utf16le'), 2, true],
    ['none in UTF-16', Buffer.from('\uFEFFcode\r\nM1', 'utf16le'), 2, false],
    ['nothing', Buffer.alloc(0), 0, true],
  ])('counts the lines of a file with %s, in the same pass', async (_name, content, lines, endsWithLineBreak) => {
    const path = await writeBytes(content);
    expect(await withSourceFile(path, scanTextFile)).toMatchObject({ lines, endsWithLineBreak });
  });

  // The scan reads every chunk of 1 MiB into the same buffer: what it keeps of one must be a copy.
  it('keeps a character cut by its reads, and the head, whole once the next read fills the buffer', async () => {
    const start = `code,name\n${'M001,Boulangerie\n'.repeat(HEAD_BYTES / 16)}`;
    // é's two bytes lie on either side of the first read's end; the second read's first byte would not end it.
    const filler = 'x'.repeat(1_048_576 - Buffer.byteLength(start) - 'M002,'.length - 1);
    const content = Buffer.from(`${start}M002,${filler}é\n${'M003,Boulangerie\n'.repeat(70_000)}`);
    const path = await writeBytes(content);
    const scan = await withSourceFile(path, scanTextFile);
    expect(scan).toMatchObject({ encoding: 'utf-8', strayBytes: false });
    expect(scan.head.equals(content.subarray(0, HEAD_BYTES))).toBe(true);
  });

  it('starts the parse from the head it read, without reading those bytes again', async () => {
    const path = await writeBytes('code,name\nM001,Boulangerie\n');
    // A head that differs from the file shows where the bytes came from.
    const text = await withSourceFile(path, ({ fd }) => collectText(readUtf8Bytes({ path, fd, encoding: 'utf-8', head: Buffer.from('CODE,NAME\n') })));
    expect(text).toBe('CODE,NAME\nM001,Boulangerie\n');
  });

  it.each(['utf16le-bom.csv', 'semicolon-windows-1252.csv', 'libreoffice-types.xlsx'])('gives the reader of %s the SHA-256 of its file: a CSV always, from its scan; a workbook when asked', async (name) => {
    const path = fixturePath(name);
    const hashed = await openSheetReader(path, { sha256: true });
    const plain = await openSheetReader(path);
    await Promise.all([hashed.close(), plain.close()]);
    expect(hashed.sha256).toBe(sha256Of(await readFile(path)));
    expect(plain.sha256).toBe(name.endsWith('.xlsx') ? undefined : hashed.sha256);
  });
});
