import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

describe("a header's own names read as the columns'", () => {
  it('matches them as headers are matched: any case, spaces around, a zero-width space, a byte order mark a code page garbled', async () => {
    const path = join(await makeTempDir(), 'crm.csv');
    await writeFile(path, 'ï»¿Code magasin, NOM\u200b ,Ville\nS1,Le Bistrot,Nice\n');
    const renameColumns = new Map([['code magasin', 'code'], ['Nom', 'name']]);
    const { reader, items } = await readItems(path, { knownColumns: ['code', 'name', 'city'], headerNames: ['code'], renameColumns });
    expect(items).toEqual([{ kind: 'row', line: 2, values: { code: 'S1', name: 'Le Bistrot' } }]);
    expect(reader.unknownColumns).toEqual(['Ville']);
    expect(reader.warnings).toEqual(["The header starts with a byte order mark read in a code page ('ï»¿'): the file was opened so and saved again, and accents may be garbled."]);
  });
});
