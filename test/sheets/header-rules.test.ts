import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SheetError } from '../../src/sheets/index.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

const KNOWN = ['storeCode', 'name', 'zip'];

async function readCsv(content: string, knownColumns?: readonly string[]): ReturnType<typeof readItems> {
  const path = join(await makeTempDir(), 'header.csv');
  await writeFile(path, content);
  return readItems(path, { knownColumns });
}

describe('header rows', () => {
  it('matches known columns trimmed, without characters that show nothing, and case-insensitively, giving their canonical names', async () => {
    const { reader, items } = await readCsv(' STORECODE ,\u200BName\u2060,zip\nS1,Le Bistrot,06000\n', KNOWN);
    expect(reader.columns).toEqual(['storeCode', 'name', 'zip']);
    expect(items).toEqual([{ kind: 'row', line: 2, values: { storeCode: 'S1', name: 'Le Bistrot', zip: '06000' } }]);
  });

  it.each([
    ['ï»¿', 'Windows-1252'],
    ['Ôªø', 'Mac OS Roman'],
  ])('reads a first column whose name starts with a byte order mark read as %s (%s), and says so', async (bom) => {
    const { reader, items } = await readCsv(`\uFEFF${bom}storeCode,name\nS1,Le Bistrot\n`, KNOWN);
    expect(reader.columns).toEqual(['storeCode', 'name']);
    expect(reader.warnings).toEqual([`The header starts with a byte order mark read in a code page ('${bom}'): the file was opened so and saved again, and accents may be garbled.`]);
    expect(items).toEqual([{ kind: 'row', line: 2, values: { storeCode: 'S1', name: 'Le Bistrot' } }]);
  });

  it('lists each unknown column as written and does not read it, for the import to refuse or ignore', async () => {
    const rows = Array.from({ length: 50 }, (_, index) => `S${index},x,y`).join('\n');
    const { reader, items } = await readCsv(`storeCode,colour,Size\n${rows}\n`, KNOWN);
    expect(reader.columns).toEqual(['storeCode']);
    expect(reader.unknownColumns).toEqual(['colour', 'Size']);
    expect(reader.warnings).toEqual([]);
    expect(items[0]).toEqual({ kind: 'row', line: 2, values: { storeCode: 'S0' } });
  });

  it('reads every named column, trimmed, when no known columns are given', async () => {
    const { reader } = await readCsv(' Store code ;Name\n1;2\n');
    expect(reader.columns).toEqual(['Store code', 'Name']);
  });

  it('ignores columns starting with "_", so that a report can be imported again', async () => {
    const { reader, items } = await readCsv('storeCode,_status,name,_errors\nS1,failed,Le Bistrot,name: too long\n,ok,,\n', KNOWN);
    expect(reader.columns).toEqual(['storeCode', 'name']);
    expect(reader.warnings).toEqual([]);
    expect(items).toEqual([{ kind: 'row', line: 2, values: { storeCode: 'S1', name: 'Le Bistrot' } }]);
  });

  it('reads the "_" columns asked for as meta columns, and no other', async () => {
    const path = join(await makeTempDir(), 'meta.csv');
    await writeFile(path, 'storeCode,_BASE,_status\nS1,b1.abc,failed\n');
    const { reader, items } = await readItems(path, { knownColumns: KNOWN, metaColumns: ['_base'] });
    expect(reader.columns).toEqual(['storeCode', '_base']);
    expect(items).toEqual([{ kind: 'row', line: 2, values: { storeCode: 'S1', _base: 'b1.abc' } }]);
  });

  it('fails on a column that appears twice, whatever its case', async () => {
    const header = 'storeCode,name,zip,a,b,NAME ';
    const path = join(await makeTempDir(), 'twice.csv');
    await writeFile(path, `${header}\n`);
    const error = await readItems(path, { knownColumns: KNOWN }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SheetError);
    expect(error).toMatchObject({
      name: 'SheetError',
      message: `Could not read ${path}: column 'NAME' appears twice (columns B and F). Rename or remove one.`,
    });
  });

  it('warns about an unnamed column between named ones', async () => {
    const { reader, items } = await readCsv('storeCode,,name\nS1,lost,Le Bistrot\n', KNOWN);
    expect(reader.warnings).toEqual(['Column B has no name: its cells are ignored.']);
    expect(items).toEqual([{ kind: 'row', line: 2, values: { storeCode: 'S1', name: 'Le Bistrot' } }]);
  });

  it('takes the first non-empty row as the header', async () => {
    const { reader, items } = await readCsv('\n,,\nstoreCode,name\nS1,Le Bistrot\n', KNOWN);
    expect(reader.columns).toEqual(['storeCode', 'name']);
    expect(items).toEqual([{ kind: 'row', line: 4, values: { storeCode: 'S1', name: 'Le Bistrot' } }]);
  });
});
