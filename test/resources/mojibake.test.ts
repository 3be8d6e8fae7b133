import { describe, expect, it } from 'vitest';
import { undoMojibake } from '../../src/resources/cells/mojibake.js';

describe('undoMojibake', () => {
  it.each([
    ['CrÃªperie HÃ©lÃ¨ne', 'Crêperie Hélène'],
    ['lâ€™atelier', 'l’atelier'],
    ['StraÃŸe', 'Straße'],
    ['CafÃ© ðŸ¥\u0090', 'Café 🥐'],
    ['Ã\u0081vila', 'Ávila'],
  ])('reads %j back as %j', (garbled, text) => {
    expect(undoMojibake(garbled)).toBe(text);
  });

  it.each(['Crêperie', 'José’s Tacos', 'São Paulo', '« Café »', 'Ã', 'Łódź Ã©', 'plain'])('leaves %j alone: no UTF-8 read as Windows-1252', (text) => {
    expect(undoMojibake(text)).toBeUndefined();
  });
});
