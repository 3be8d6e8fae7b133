import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { replaceXmlElements } from '../../src/sheets/xlsx/mend/replace-xml-elements.js';

async function replaced(chunks: string[], tag: string, replace: (element: string) => string, marker = new RegExp(`<${tag}[\\s>]`)): Promise<string> {
  let text = '';
  for await (const part of replaceXmlElements(Readable.from(chunks), tag, marker, replace)) text += part;
  return text;
}

const XML = '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si><si><rPh/><t>a</t></si><rPhx>b</rPhx>';

describe('replaceXmlElements', () => {
  it('replaces each whole element, wherever the chunks are cut, and leaves self-closing ones and longer names', async () => {
    const expected = '<si><t>東京</t>[<rPh sb="0" eb="2"><t>トウキョウ</t></rPh>]<phoneticPr fontId="1"/></si><si><rPh/><t>a</t></si><rPhx>b</rPhx>';
    const bracket = (element: string): string => `[${element}]`;
    expect(await replaced([XML], 'rPh', bracket)).toBe(expected);
    for (let first = 0; first <= XML.length; first++) {
      for (const second of [first, first + 1, first + 7, XML.length]) {
        const cuts = [XML.slice(0, first), XML.slice(first, second), XML.slice(second)];
        expect(await replaced(cuts, 'rPh', bracket)).toBe(expected);
      }
    }
  });

  it('replaces only the elements that hold the marker', async () => {
    const xml = '<c><is><t>a</t></is></c><c><is><r><t>b</t></r><r><t>c</t></r></is></c><c><is><r><t>d</t></r></is></c>';
    const expected = '<c><is><t>a</t></is></c><c>[<is><r><t>b</t></r><r><t>c</t></r></is>]</c><c><is><r><t>d</t></r></is></c>';
    for (let cut = 0; cut <= xml.length; cut++) {
      expect(await replaced([xml.slice(0, cut), xml.slice(cut)], 'is', (element) => `[${element}]`, /<\/r><r>/)).toBe(expected);
    }
  });

  it('leaves a self-closing element the marker is in, and the elements after it', async () => {
    const xml = '<c r="A1" t="d"/><c r="B1"><v>1</v></c><c r="C1" t="d"><v>2024-01-05</v></c>';
    for (let cut = 0; cut <= xml.length; cut++) {
      expect(await replaced([xml.slice(0, cut), xml.slice(cut)], 'c', (element) => `[${element}]`, /\st="d"/)).toBe('<c r="A1" t="d"/><c r="B1"><v>1</v></c>[<c r="C1" t="d"><v>2024-01-05</v></c>]');
    }
  });

  it('keeps an element that is not closed as it is, and streams one of over 1 MiB on unchanged (a broken file)', async () => {
    expect(await replaced(['<rPh><t>a', '</t>'], 'rPh', () => '')).toBe('<rPh><t>a</t>');
    const chunks = ['<rPh>', ...Array.from({ length: 50 }, () => 'a'.repeat(65_536)), '</rPh>'];
    expect(await replaced(chunks, 'rPh', () => '')).toBe(chunks.join(''));
  });
});
