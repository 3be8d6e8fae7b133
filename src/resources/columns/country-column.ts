import { alpha3ToAlpha2 } from 'i18n-iso-countries/index.js';
import { countryCode } from '../../api/schemas/business.js';
import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { findClosestName } from '../../find-closest-name.js';
import { createChoiceFinder } from './find-choice.js';

const LETTERS = Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index));

let listed: readonly string[] | undefined;

/** Every code the API's country schema accepts, for dropdowns: the schema stays the one source of truth. Listed once. */
export function listCountryCodes(): readonly string[] {
  listed ??= LETTERS.flatMap((first) => LETTERS.map((second) => first + second)).filter((code) => countryCode.safeParse(code).success);
  return listed;
}

/** The languages whose country names a country cell may hold (`France`, `Allemagne`, `Deutschland`, `España`, `日本`, `Ελλάδα`). */
const NAME_LOCALES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'nb', 'fi', 'cs', 'hu', 'ro', 'tr', 'el', 'ru', 'uk', 'he', 'ar', 'hi', 'ja', 'zh', 'zh-Hant', 'ko'];
/** Names CRMs and people write that are no country's name in those languages. */
const OTHER_NAMES: Readonly<Record<string, string>> = { usa: 'US', uk: 'GB', 'great britain': 'GB', uae: 'AE', 한국: 'KR' };

let codes: { find: (text: string) => string; known: ReadonlySet<string> } | undefined;
let byName: Map<string, string | null> | undefined;

/**
 * The country code a cell names: a code in any case (`fr`), a three-letter code as CRMs and
 * databases keep them (`FRA`, `deu`), or a country's name in one of the languages of the users
 * (`France`, `Allemagne`, `Deutschland`), in any case and with or without its accents. Undefined
 * for anything else, and for a name two countries share across languages.
 */
export function readCountry(text: string): string | undefined {
  // Every row of a sheet with a country asks: the codes are listed once.
  if (codes === undefined) {
    const known = listCountryCodes();
    codes = { find: createChoiceFinder(known), known: new Set(known) };
  }
  const code = codes.find(text);
  if (codes.known.has(code)) return code;
  // The package without its names (index.js) holds the table of codes only.
  const three = /^[A-Za-z]{3}$/.test(text) ? alpha3ToAlpha2(text.toUpperCase()) : undefined;
  if (three !== undefined && codes.known.has(three)) return three;
  byName ??= listCountryNames();
  return byName.get(toNameKey(text)) ?? undefined;
}

/** A country, as a code or a name (readCountry); anything else is left to the schema to refuse. */
export function countryColumn(spec: FactorySpec<string | null>): Column<string | null> {
  return defineColumn<string | null>({
    ...spec,
    choices: listCountryCodes(),
    grammar: 'a two-letter country code (ISO 3166), e.g. FR, a three-letter one (FRA), or a country name (France)',
    parse: (cell) => {
      const text = String(cell).trim();
      const code = readCountry(text);
      if (code !== undefined) return { value: code };
      // Two letters go to the schema, which says whether ISO 3166 has them; a longer text is a name no language here gives.
      return /^[A-Za-z]{2}$/.test(text) ? { value: text } : { error: `must be a two-letter country code (FR), a three-letter one (FRA) or a country name (France, Allemagne, Deutschland)${describeCountryMeant(text)}` };
    },
    format: (value) => value ?? '',
  });
}

/** ` (did you mean DE?)` for a country name typed with a slip (`Deutchland`, `Frnace`); '' when none is close. */
export function describeCountryMeant(text: string): string {
  byName ??= listCountryNames();
  const named = [...byName].flatMap(([name, code]) => (code === null ? [] : [name]));
  const meant = findClosestName(toNameKey(text), named);
  const code = meant === undefined ? undefined : byName.get(meant);
  return code === undefined || code === null ? '' : ` (did you mean ${code}?)`;
}

function listCountryNames(): Map<string, string | null> {
  const names = new Map<string, string | null>(Object.entries(OTHER_NAMES).map(([name, code]) => [toNameKey(name), code]));
  for (const locale of NAME_LOCALES) {
    const display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    for (const code of listCountryCodes()) {
      const name = display.of(code);
      if (name === undefined) continue;
      const key = toNameKey(name);
      const known = names.get(key);
      // A code replaced by another (FX by FR, DD by DE) shares its name: the name is the current code's.
      const current = Intl.getCanonicalLocales(`und-${code}`)[0]?.slice(4) ?? code;
      // A name two countries share across languages names neither.
      names.set(key, known === undefined || known === current ? current : null);
    }
  }
  return names;
}

const toNameKey = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
