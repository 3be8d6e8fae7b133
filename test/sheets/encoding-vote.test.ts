import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { CodePage } from '../../src/sheets/text/code-page.js';
import { EncodingVote } from '../../src/sheets/text/encoding-vote.js';

const TEXTS = {
  French: 'code;name;city\nM1;Crêperie Hélène à Besançon;Orléans\nM2;Pâtisserie où l’on déguste;Besançon\n',
  German: 'code;name\nB1;Bäckerei Müller;Köln\nB2;Konditorei Straße;Düsseldorf\n',
  Spanish: 'code,name\nE1,Panadería Muñoz,España\n',
  'French in capitals, as CRMs write names,': 'code;name;city\nM1;CRÊPERIE HÉLÈNE;ORLÉANS\nM2;PÂTISSERIE DU CHÂTEAU;BESANÇON\n',
};

function voteOn(bytes: Buffer, chunk = bytes.length): CodePage | 'utf-8' {
  const vote = new EncodingVote();
  for (let at = 0; at < bytes.length; at += chunk) vote.push(bytes.subarray(at, at + chunk));
  return vote.encoding;
}

describe('EncodingVote', () => {
  it.each(Object.entries(TEXTS))('tells %s text saved in Windows-1252 from the same in Mac OS Roman', (_language, text) => {
    expect(voteOn(iconv.encode(text, 'windows-1252'))).toBe('windows-1252');
    expect(voteOn(iconv.encode(text, 'macintosh'))).toBe('macintosh');
    // A chunk may end between a letter and its accent.
    expect(voteOn(iconv.encode(text, 'macintosh'), 7)).toBe('macintosh');
  });

  it('takes Windows-1252 for text whose only high bytes are its punctuation, and when nothing tells', () => {
    expect(voteOn(iconv.encode('name\nl’atelier d’Anna “Chez nous”\n', 'windows-1252'))).toBe('windows-1252');
    expect(voteOn(iconv.encode('name,hours\nNespresso™ Boutique•Bar,Mon–Fri 9–5—closed on Sundays\n', 'windows-1252'))).toBe('windows-1252');
    expect(voteOn(iconv.encode('name\n5 €\n', 'windows-1252'))).toBe('windows-1252');
    // After capitals, ® … € end a word; Mac OS Roman has capitals there (Æ Ö Ä).
    expect(voteOn(iconv.encode('name;price\nNESPRESSO®;10EUR€\nCAFÉS ETC…;AA€\n', 'windows-1252'))).toBe('windows-1252');
  });
});

describe('EncodingVote on a file mostly UTF-8', () => {
  it('keeps UTF-8 for a UTF-8 file with a row of Windows-1252 pasted in, and a code page for the reverse', () => {
    const utf8 = Buffer.from(TEXTS.French.repeat(3));
    const pasted = iconv.encode('M9;Café de la Gare;Orléans\n', 'windows-1252');
    expect(voteOn(Buffer.concat([utf8, pasted]))).toBe('utf-8');
    expect(voteOn(Buffer.concat([iconv.encode(TEXTS.French.repeat(3), 'windows-1252'), Buffer.from('M9;Café;Orléans\n')]))).toBe('windows-1252');
  });
});
