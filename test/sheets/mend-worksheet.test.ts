import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { mendWorksheet } from '../../src/sheets/xlsx/mend/mend-worksheet.js';

async function mended(chunks: string[]): Promise<string> {
  let text = '';
  for await (const part of mendWorksheet(Readable.from(chunks))) text += part;
  return text;
}

const XML =
  '<?xml version="1.0"?>\n<x:worksheet xmlns:x="m">\n  <x:sheetData>\n    <x:row>\n      <x:c t="inlineStr"><x:is><x:r><x:t>a</x:t></x:r><x:r><x:t xml:space="preserve"> b</x:t></x:r></x:is></x:c>\n' +
  '      <x:c t="d"><x:v>2024-01-05T00:00:00Z</x:v></x:c>\n    </x:row>\n    <x:row r="4"><x:c r="C4" t="inlineStr"><x:is><x:t>&amp;lt;</x:t><x:rPh><x:t>yomi</x:t></x:rPh></x:is></x:c><x:c s="1"/></x:row>\n  </x:sheetData>\n</x:worksheet>\n';

describe('mendWorksheet', () => {
  it('mends a worksheet the same wherever its chunks are cut', async () => {
    const expected =
      '<?xml version="1.0"?><worksheet xmlns:x="m"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">a b</t></is></c>' +
      '<c r="B1" t="inlineStr"><is><t>2024-01-05</t></is></c></row><row r="4"><c r="C4" t="inlineStr"><is><t>&amp;amp;lt;</t></is></c><c r="D4" s="1"/></row></sheetData></worksheet>';
    for (let first = 0; first <= XML.length; first++) {
      for (const second of [first, first + 1, first + 9, XML.length]) {
        expect(await mended([XML.slice(0, first), XML.slice(first, second), XML.slice(second)])).toBe(expected);
      }
    }
  });
});
