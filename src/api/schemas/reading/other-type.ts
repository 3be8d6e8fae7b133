import { z } from 'zod';

/*
 * Values a service may say in the other JSON type than the spec's: an integer as its text
 * (`"160"`), a text id as a whole number (`12345`), a price as decimal text (`"12.50"`, as some
 * frameworks write decimals). Each reads as the same value; nothing else does.
 */

/** A number written as decimal text (`"48.85"`, `"-3"`). */
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** A whole number said as text is that number; anything else is left as it came. */
export function integerText(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
}

/** A number, or a whole number said as text. */
export const numberOrDigits = z.preprocess(integerText, z.number());

/** A text, or a whole number said for it. */
export const textId = z.preprocess((value) => (Number.isSafeInteger(value) ? String(value) : value), z.string());

/** A number, or one said as decimal text. */
export const decimalNumber = z.preprocess((value) => (typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value), z.number());
