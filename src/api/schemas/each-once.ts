import type { z } from 'zod';

/**
 * A check of a list that refuses an item given twice (`gcid:bakery|gcid:cafe|gcid:bakery`, a phone
 * typed twice in two notations): a slip, whose list meant is not known, and no edition says how the
 * service reads it.
 */
export function eachOnce(what: string): (ctx: z.core.ParsePayload<readonly (string | number)[]>) => void {
  return (ctx) => {
    const twice = ctx.value.find((item, index) => ctx.value.indexOf(item) !== index);
    if (twice !== undefined) ctx.issues.push({ code: 'custom', input: ctx.value, message: `must ${what} once ('${String(twice)}' twice)` });
  };
}
