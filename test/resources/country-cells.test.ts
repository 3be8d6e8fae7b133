import { describe, expect, it } from 'vitest';
import { countryCode } from '../../src/api/schemas/business.js';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { COMMA_CONTEXT } from '../../src/resources/cells/cell-context.js';
import { readCountry } from '../../src/resources/columns/country-column.js';

describe('a country cell', () => {
  it('reads a code in any case, or a country name in the languages of the users, with or without accents', () => {
    const read = ['fr', 'France', 'allemagne', 'Deutschland', 'España', 'Espana', 'Schweiz', 'Pays-Bas', 'États-Unis', 'USA', 'UK', 'Österreich', 'Polska'].map(readCountry);
    expect(read).toEqual(['FR', 'FR', 'DE', 'DE', 'ES', 'ES', 'CH', 'NL', 'US', 'US', 'GB', 'AT', 'PL']);
  });

  it('reads a country named in its own script and language, or another of the users (日本, 中国, 대한민국, Ελλάδα, Россия, ישראל, الإمارات العربية المتحدة, भारत, Türkiye)', () => {
    const read = ['日本', '中国', '中國', '대한민국', '한국', 'Ελλάδα', 'Россия', 'Україна', 'ישראל', 'الإمارات العربية المتحدة', 'UAE', 'भारत', 'Türkiye', 'Magyarország', 'Česko'].map(readCountry);
    expect(read).toEqual(['JP', 'CN', 'CN', 'KR', 'KR', 'GR', 'RU', 'UA', 'IL', 'AE', 'AE', 'IN', 'TR', 'HU', 'CZ']);
  });

  it('offers the country a name typed with a slip may mean, and none for a word far from every name', () => {
    const readRow = buildBusinessCatalog([]).createRowReader(['code', 'country'], COMMA_CONTEXT);
    const errors = ['Deutchland', 'Grecce', 'Gaule'].map((country) => readRow({ kind: 'row', line: 2, values: { code: '000001', country } }).errors);
    expect(errors).toEqual([
      ["country: must be a two-letter country code (FR), a three-letter one (FRA) or a country name (France, Allemagne, Deutschland) (did you mean DE?), got 'Deutchland'"],
      ["country: must be a two-letter country code (FR), a three-letter one (FRA) or a country name (France, Allemagne, Deutschland) (did you mean GR?), got 'Grecce'"],
      ["country: must be a two-letter country code (FR), a three-letter one (FRA) or a country name (France, Allemagne, Deutschland), got 'Gaule'"],
    ]);
  });

  it('reads a three-letter code (FRA, deu) as its two-letter one, and no three letters that are none', () => {
    expect(['FRA', 'deu', 'Gbr', 'USA', 'XYZ'].map(readCountry)).toEqual(['FR', 'DE', 'GB', 'US', undefined]);
  });

  it('reads a name as the current code of a country whose old code shares it (France, not FX; Allemagne, not DD), and nothing else', () => {
    expect([readCountry('France'), readCountry('Allemagne'), readCountry('Absurdistan'), readCountry('')]).toEqual(['FR', 'DE', undefined, undefined]);
  });

  it('sends no code another replaced (UK, FX, DD): ISO 3166 has them no more', () => {
    expect(['GB', 'UK', 'FX', 'DD', 'ZR'].map((code) => countryCode.safeParse(code).success)).toEqual([true, false, false, false, false]);
    expect([readCountry('uk'), readCountry('FX')]).toEqual(['GB', undefined]);
  });

  it("reads a row's national phone numbers in the country its name gives", () => {
    const readRow = buildBusinessCatalog([]).createRowReader(['code', 'country', 'contacts.0.phone_numbers'], COMMA_CONTEXT);
    const outcome = readRow({ kind: 'row', line: 2, values: { code: '000001', country: 'France', 'contacts.0.phone_numbers': '04 95 21 00 01' } });
    expect(outcome.errors).toEqual([]);
    expect([...(outcome.update?.values() ?? [])]).toEqual(['FR', ['+33495210001']]);
    expect(outcome.notes).toEqual(["contacts.0.phone_numbers: '04 95 21 00 01' read as +33495210001 (a national number in FR)"]);
  });

  it('reads phones and zip codes typed in the digits of another script, full-width or Devanagari, as the ASCII digits they are', () => {
    const readRow = buildBusinessCatalog([]).createRowReader(['code', 'country', 'zipcode', 'contacts.0.phone_numbers'], COMMA_CONTEXT);
    const read = (country: string, zipcode: string, phones: string): unknown[] => {
      const outcome = readRow({ kind: 'row', line: 2, values: { code: '000001', country, zipcode, 'contacts.0.phone_numbers': phones } });
      expect(outcome.errors).toEqual([]);
      return [...(outcome.update?.values() ?? [])];
    };
    expect(read('JP', '１５０－０００２', '＋８１ ３ １２３４ ５６７８|０３－１２３４－５６７９')).toEqual(['JP', '150-0002', ['+81312345678', '+81312345679']]);
    expect(read('IN', '११०००१', '०११ २३३४ ५६७८')).toEqual(['IN', '110001', ['+911123345678']]);
    // Arabic-Indic digits, and a zip code short of the zeros its country's length gives, padded as any other.
    expect(read('FR', '٦٠٠٠', '٠٤ ٩٥ ٢١ ٠٠ ٠١')).toEqual(['FR', '06000', ['+33495210001']]);
  });

  it('reads a phone copied from right-to-left text without the direction marks around it, as the number it shows', () => {
    const readRow = buildBusinessCatalog([]).createRowReader(['code', 'country', 'zipcode', 'contacts.0.phone_numbers', 'lat'], COMMA_CONTEXT);
    const outcome = readRow({
      kind: 'row',
      line: 2,
      values: { code: '000001', country: 'AE', zipcode: '\u200f00000', 'contacts.0.phone_numbers': '\u200e+971 4 123 4568\u200e|\u202a04 123 4569\u202c', lat: '\u200e25.2' },
    });
    expect(outcome.errors).toEqual([]);
    expect([...(outcome.update?.values() ?? [])]).toEqual(['AE', '00000', 25.2, ['+97141234568', '+97141234569']]);
    expect(outcome.notes).toEqual(["contacts.0.phone_numbers: '04 123 4569' read as +97141234569 (a national number in AE)"]);
  });

  it('says a number whose + a spreadsheet dropped is one, not a national number', () => {
    const readRow = buildBusinessCatalog([]).createRowReader(['code', 'country', 'contacts.0.phone_numbers'], COMMA_CONTEXT);
    const outcome = readRow({ kind: 'row', line: 2, values: { code: '000001', country: 'FR', 'contacts.0.phone_numbers': '33240374476|02 40 37 44 77' } });
    expect([...(outcome.update?.values() ?? [])]).toEqual(['FR', ['+33240374476', '+33240374477']]);
    expect(outcome.notes).toEqual([
      "contacts.0.phone_numbers: '33240374476' read as +33240374476 (its country code 33 without the +, which a spreadsheet drops)",
      "contacts.0.phone_numbers: '02 40 37 44 77' read as +33240374477 (a national number in FR)",
    ]);
  });

  it('says a number dialled with the international prefix of the row\'s country (0049 …, 0033 … from FR) is dialled so, not a national one', () => {
    const readRow = buildBusinessCatalog([]).createRowReader(['code', 'country', 'contacts.0.phone_numbers'], COMMA_CONTEXT);
    const outcome = readRow({ kind: 'row', line: 2, values: { code: '000001', country: 'FR', 'contacts.0.phone_numbers': '0049 30 1234567|0033 1 42 68 53 00' } });
    expect([...(outcome.update?.values() ?? [])]).toEqual(['FR', ['+49301234567', '+33142685300']]);
    expect(outcome.notes).toEqual([
      "contacts.0.phone_numbers: '0049 30 1234567' read as +49301234567 (a number of +49 as dialled from FR)",
      "contacts.0.phone_numbers: '0033 1 42 68 53 00' read as +33142685300 (a number of +33 as dialled from FR)",
    ]);
  });

  it('leaves a national number with an extension to its column, which refuses it, rather than send the number without it', () => {
    const readRow = buildBusinessCatalog([]).createRowReader(['code', 'country', 'contacts.0.phone_numbers'], COMMA_CONTEXT);
    const outcome = readRow({ kind: 'row', line: 2, values: { code: '000001', country: 'FR', 'contacts.0.phone_numbers': '06 41 09 39 57 ext. 12' } });
    expect(outcome.errors).toEqual([
      "contacts.0.phone_numbers: must be a phone number without an extension (E.164 has none); write the number alone, and the extension elsewhere, got '06 41 09 39 57 ext. 12'",
    ]);
  });

  it('leaves national numbers on two lines to their column, which refuses the line break where it is', () => {
    const readRow = buildBusinessCatalog([]).createRowReader(['code', 'country', 'contacts.0.phone_numbers'], COMMA_CONTEXT);
    const outcome = readRow({ kind: 'row', line: 2, values: { code: '000001', country: 'FR', 'contacts.0.phone_numbers': '06 12 34 56 78\n04 95 21 00 01' } });
    expect(outcome.errors).toEqual([
      "contacts.0.phone_numbers: holds a line break at character 15 (Alt+Enter in a spreadsheet, or a paste), and the field takes one line; write it on one line, got '06 12 34 56 78↵04 95 21 00 01'",
    ]);
  });

  it('leaves a tel: link to its column, which refuses it with the number it holds, in a row that gives its country too', () => {
    const readRow = buildBusinessCatalog([]).createRowReader(['code', 'country', 'contacts.0.phone_numbers'], COMMA_CONTEXT);
    const outcome = readRow({ kind: 'row', line: 2, values: { code: '000001', country: 'FR', 'contacts.0.phone_numbers': 'tel:+33474000000' } });
    expect(outcome.errors).toEqual(["contacts.0.phone_numbers: must be a phone number, not a link (did you mean +33474000000?), got 'tel:+33474000000'"]);
    expect(outcome.notes ?? []).toEqual([]);
  });

  it("refuses a national number that is none of the row's country's, naming the country", () => {
    const readRow = buildBusinessCatalog([]).createRowReader(['code', 'country', 'contacts.0.phone_numbers'], COMMA_CONTEXT);
    const outcome = readRow({ kind: 'row', line: 2, values: { code: '000001', country: 'France', 'contacts.0.phone_numbers': '04 95 21 00|+33 4 95 21 00 01' } });
    expect(outcome.errors).toEqual(["contacts.0.phone_numbers: '04 95 21 00' is not a phone number of FR, the row's country; write it in E.164 format (+33302060628)"]);
  });
});
