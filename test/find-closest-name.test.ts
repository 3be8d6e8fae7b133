import { describe, expect, it } from 'vitest';
import { findClosestName, isSameName } from '../src/find-closest-name.js';
import { createChoiceFinder } from '../src/resources/columns/find-choice.js';

const HEADERS = ['business_id', 'code', 'name', 'city', 'zipcode', 'description_short', 'country'];

describe('findClosestName', () => {
  it.each([
    ['nmae', 'name'],
    ['ctiy', 'city'],
    ['zipcdoe', 'zipcode'],
    ['descripton_short', 'description_short'],
    ['Countyr', 'country'],
    ['Description Short', 'description_short'],
    ['zip-code', 'zipcode'],
  ])('reads %s as a typo of %s, two letters swapped being one edit and a space or hyphen an underscore', (typed, meant) => {
    expect(findClosestName(typed, HEADERS)).toBe(meant);
  });

  it.each(['colour', 'phone', 'xy'])('suggests nothing for %s, which is no typo of a header', (typed) => {
    expect(findClosestName(typed, HEADERS)).toBeUndefined();
  });
});

describe('a choice or a name typed with its accents decomposed (as a Mac may write é: e and its accent)', () => {
  const decomposed = (text: string): string => text.normalize('NFD');

  it('reads as the choice written with them composed', () => {
    expect(createChoiceFinder(['crème_brûlée', 'café'])(decomposed('Crème brûlée'))).toBe('crème_brûlée');
  });

  it('is the same name', () => {
    expect(isSameName(decomposed('Préfecture'), 'préfecture')).toBe(true);
  });
});
