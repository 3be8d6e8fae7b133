import { describe, expect, it } from 'vitest';
import { undoMojibake } from '../../src/resources/cells/mojibake.js';

describe('undoMojibake', () => {
  it.each([
    ['CrÃªperie HÃ©lÃ¨ne', 'Crêperie Hélène'],
    ['lâ€™atelier', 'l’atelier'],
    ['StraÃŸe', 'Straße'],
    ['CafÃ© ðŸ¥\u0090', 'Café 🥐'],
    ['Ã\u0081vila', 'Ávila'],
  ])('reads %j back as %j (Windows-1252)', (garbled, text) => {
    expect(undoMojibake(garbled)).toEqual({ text, codePage: 'Windows-1252' });
  });

  it.each([
    ['Cr√™perie H√©l√®ne', 'Crêperie Hélène'],
    ['l‚Äôatelier', 'l’atelier'],
    ['Stra√üe', 'Straße'],
    ['√Åvila', 'Ávila'],
  ])('reads %j back as %j (Mac OS Roman, as Excel for Mac opens a CSV)', (garbled, text) => {
    expect(undoMojibake(garbled)).toEqual({ text, codePage: 'Mac OS Roman' });
  });

  it.each(['Crêperie', 'José’s Tacos', 'São Paulo', '« Café »', 'Ã', 'Łódź Ã©', 'plain', 'CRÊPERIE ÉTÉ', 'Œuvre √', '«Ça va»'])('leaves %j alone: no UTF-8 read in another code page', (text) => {
    expect(undoMojibake(text)).toBeUndefined();
  });
});
