import { z } from 'zod';

/*
 * What names an item must read, but a service may say it in the other JSON type than the spec's:
 * an integer as its text (`"160"`), a text id as a whole number (`12345`). Each reads as the same
 * value; nothing else does.
 */

/** A whole number said as text is that number; anything else is left as it came. */
export function integerText(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
}

/** A number, or a whole number said as text. */
export const integerId = z.preprocess(integerText, z.number());

/** A text, or a whole number said for it. */
export const textId = z.preprocess((value) => (Number.isSafeInteger(value) ? String(value) : value), z.string());
