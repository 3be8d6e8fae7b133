import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { mapWholeTags } from '../../src/sheets/xlsx/mend/map-whole-tags.js';
import { numberCells } from '../../src/sheets/xlsx/mend/number-cells.js';

async function numbered(chunks: string[]): Promise<string> {
  let text = '';
  for await (const part of mapWholeTags(Readable.from(chunks), numberCells())) text += part;
  return text;
}

const XML =
  '<worksheet><cols><col min="1"/></cols><sheetData><row r="3"><c r="B3"><v>1</v></c></row><row><c t="s"><v>0</v></c><c/><c r="E4" s="1"/><c><v>2</v></c></row>' +
  '<row spans="1:2"><c><v>3</v></c></row><row r="9"/><row><c r="AA10"><v>4</v></c><c t="n"><v>5</v></c></row></sheetData></worksheet>';

describe('numberCells', () => {
  it('gives each row and cell without a reference the one after the last, wherever the chunks are cut', async () => {
    const expected =
      '<worksheet><cols><col min="1"/></cols><sheetData><row r="3"><c r="B3"><v>1</v></c></row><row r="4"><c r="A4" t="s"><v>0</v></c><c r="B4"/><c r="E4" s="1"/><c r="F4"><v>2</v></c></row>' +
      '<row r="5" spans="1:2"><c r="A5"><v>3</v></c></row><row r="9"/><row r="10"><c r="AA10"><v>4</v></c><c r="AB10" t="n"><v>5</v></c></row></sheetData></worksheet>';
    for (let first = 0; first <= XML.length; first++) {
      for (const second of [first, first + 1, first + 5, XML.length]) {
        expect(await numbered([XML.slice(0, first), XML.slice(first, second), XML.slice(second)])).toBe(expected);
      }
    }
  });

  it('reads a reference written after other attributes', async () => {
    expect(await numbered(['<sheetData><row spans="1:2" r="7"><c s="1" r="C7"/><c><v>1</v></c></row><row>', '<c t="n" r="B8"/></row></sheetData>'])).toBe(
      '<sheetData><row spans="1:2" r="7"><c s="1" r="C7"/><c r="D7"><v>1</v></c></row><row r="8"><c t="n" r="B8"/></row></sheetData>',
    );
  });

  it('passes a part whose rows and cells all have their reference through as it is', async () => {
    const xml = '<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>';
    expect(await numbered([xml.slice(0, 20), xml.slice(20)])).toBe(xml);
  });
});
