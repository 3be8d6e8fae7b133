import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { excelDialect, openSheetWriter } from '../../src/sheets/index.js';
import { makeTempDir } from './make-temp-dir.js';

const COLUMNS = [{ key: 'code', header: 'Store code' }, { key: 'name' }, { key: 'rating' }, { key: 'open' }];

async function writeCsv(name: string, delimiter?: ',' | ';'): Promise<Buffer> {
  const path = join(await makeTempDir(), name);
  const writer = await openSheetWriter(path, { columns: COLUMNS, ...(delimiter === undefined ? {} : { dialect: { ...excelDialect(path), delimiter } }) });
  await writer.writeRow({ code: '06000', name: 'Dupont; père, fils', rating: 4.5, open: true });
  await writer.writeRow({ code: '=1+1', name: 'Le "Grand"\nCafé', rating: null });
  await writer.close();
  return readFile(path);
}

describe('writing CSV', () => {
  it('writes UTF-8 with a byte order mark, the header first, commas and CRLF', async () => {
    const bytes = await writeCsv('out.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'Store code,name,rating,open\r\n06000,"Dupont; père, fils",4.5,true\r\n\'=1+1,"Le ""Grand""\nCafé",,\r\n',
    );
  });

  it('uses semicolons on request', async () => {
    const bytes = await writeCsv('out.csv', ';');
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'Store code;name;rating;open\r\n06000;"Dupont; père, fils";4.5;true\r\n\'=1+1;"Le ""Grand""\nCafé";;\r\n',
    );
  });

  it('uses tabs for .tsv files', async () => {
    const bytes = await writeCsv('out.tsv');
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe('Store code\tname\trating\topen');
  });

  it('refuses rows once closed', async () => {
    const path = join(await makeTempDir(), 'closed.csv');
    const writer = await openSheetWriter(path, { columns: COLUMNS });
    await writer.close();
    await expect(writer.writeRow({ code: 'late' })).rejects.toThrow(`${path} is closed`);
  });
});
