import { countryCode } from '../../api/schemas/business.js';

const LETTERS = Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index));

/** Every code the API's country schema accepts, for dropdowns: the schema stays the one source of truth. */
export function listCountryCodes(): string[] {
  return LETTERS.flatMap((first) => LETTERS.map((second) => first + second)).filter((code) => countryCode.safeParse(code).success);
}
