import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js';
import type { Parsed } from '../column.js';
import { separateOtherwise, splitOtherwise } from '../columns/list-column.js';

// Spaces, dots, dashes and brackets are how people group digits; E.164 has none.
const PHONE_GROUPING = /[\s.()/-]/g;
/** `+33 (0)4 …`, `+44 (0)20 …`: the national prefix shown in brackets after the country code, not dialled from abroad. */
const BRACKETED_TRUNK_ZERO = /^(\+\d{1,3})\s*\(0\)/;
/** What may be one phone number, of six digits or more: a part of a cell of several separated otherwise. */
const PHONE_LIKE = /^\+?(?:[\s.()/-]*\d){6,}[\s.()/-]*$/;
/** An extension after the number (`ext. 12`, `x12`, `poste 12`, `Durchwahl 12`): E.164 has none, and the number alone would lose it. */
const EXTENSION = /\d\s*[,;]?\s*(?:ext\.?|extension|x|poste|p\.|durchwahl|dw\.?|int\.?|interno)\s*\d+\s*$/i;

/** A `tel:` link, as a web page or a CRM's HTML export holds a number. */
const TEL_LINK = /^\s*tel:\s*/i;

/**
 * Why an item of a phones cell is no one number whatever its country: several separated as other
 * lists are (`06 12 34 56 78; 04 95 21 00 01`), one with an extension, or a `tel:` link. Undefined otherwise.
 */
export function describePhoneFault(item: string): string | undefined {
  if (TEL_LINK.test(item)) return `must be a phone number, not a link (did you mean ${item.replace(TEL_LINK, '').trim()}?)`;
  const numbers = splitOtherwise(item);
  if (numbers?.every((number) => PHONE_LIKE.test(number)) === true) return separateOtherwise(numbers);
  return EXTENSION.test(item) ? 'must be a phone number without an extension (E.164 has none); write the number alone, and the extension elsewhere' : undefined;
}

/** One item of a phones cell, in E.164 once its grouping is removed; a national number left here was not read with a country. */
export function parsePhoneItem(text: string): Parsed<string> {
  const fault = describePhoneFault(text);
  if (fault !== undefined) return { error: fault };
  const phone = text.replace(BRACKETED_TRUNK_ZERO, '$1').replace(PHONE_GROUPING, '');
  // The person should learn that a national number can be read.
  if (!phone.startsWith('+')) return { error: `must be a phone number in E.164 format (+33302060628), or a national number of the row's country (its country column)` };
  return readInternationalNumber(phone);
}

/**
 * A number in E.164 once its length fits its country's (libphonenumber-js), sent as that library
 * writes it when valid: `+33 06 41 09 39 57` is `+33641093957`, the trunk 0 being no digit dialled
 * from abroad. A number of a possible length the metadata does not know is sent as typed.
 */
function readInternationalNumber(phone: string): Parsed<string> {
  const number = parsePhoneNumberFromString(phone);
  if (number?.isPossible() === true) return { value: number.isValid() ? number.number : phone };
  const code = number === undefined ? '' : `+${number.countryCallingCode}`;
  switch (validatePhoneNumberLength(phone)) {
    case 'INVALID_COUNTRY':
      return { error: 'must be a phone number in E.164 format (+33302060628): it starts with no country calling code' };
    case 'TOO_SHORT':
      return { error: `is too short for a phone number of ${code}` };
    case 'TOO_LONG':
      return { error: `is too long for a phone number of ${code}` };
    default:
      return { error: `has a length no phone number of ${code} has` };
  }
}
