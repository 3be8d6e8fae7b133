import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { dropRootPrefix, rootPrefix } from '../../src/sheets/xlsx/mend/drop-root-prefix.js';
import { mapWholeTags } from '../../src/sheets/xlsx/mend/map-whole-tags.js';

async function dropped(chunks: string[]): Promise<string> {
  let text = '';
  for await (const part of mapWholeTags(Readable.from(chunks), dropRootPrefix())) text += part;
  return text;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const XML = `<?xml version="1.0"?><!-- <y:note/> --><x:worksheet xmlns:x="${MAIN}" xmlns:mc="m"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>x:y &lt;x:t</x:t></x:is></x:c><mc:AlternateContent/><x:c/></x:row></x:sheetData></x:worksheet>`;

describe('dropRootPrefix', () => {
  it("drops the root element's prefix from every element written with it, wherever the chunks are cut", async () => {
    const expected = `<?xml version="1.0"?><!-- <y:note/> --><worksheet xmlns:x="${MAIN}" xmlns:mc="m"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x:y &lt;x:t</t></is></c><mc:AlternateContent/><c/></row></sheetData></worksheet>`;
    for (let first = 0; first <= XML.length; first++) {
      for (const second of [first, first + 1, first + 3, XML.length]) {
        expect(await dropped([XML.slice(0, first), XML.slice(first, second), XML.slice(second)])).toBe(expected);
      }
    }
  });

  it('passes a part without a prefix through as it is', async () => {
    const xml = `<worksheet xmlns="${MAIN}"><x:row/></worksheet>`;
    expect(await dropped([xml.slice(0, 5), xml.slice(5)])).toBe(xml);
    expect(await dropped([])).toBe('');
  });

  it('names the prefix once the root element is read', () => {
    expect(rootPrefix('<?xml version="1.0"?><x:sst')).toBeUndefined();
    expect(rootPrefix('<?xml version="1.0"?><x:sst>')).toBe('x');
    expect(rootPrefix('<s.1:sst xmlns:s.1="m"/>')).toBe('s.1');
    expect(rootPrefix('<sst>')).toBe('');
    expect(rootPrefix(`<!--${' '.repeat(70_000)}`)).toBe('');
  });
});
