import { z } from 'zod';

// An integer said as text (`"160"`), as some services write their numbers, is that number.
const integerText = (value: unknown): unknown => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value);

/**
 * What every paginated answer carries beside its list: spread into the page's schema. Reading the
 * pages needs `page` and `max_page` only: a `count` left out, said as null or as no number is
 * unknown, no stop.
 */
export const PAGE_FIELDS = {
  page: z.preprocess(integerText, z.number()),
  max_page: z.preprocess(integerText, z.number()),
  count: z
    .preprocess(integerText, z.number().nullish())
    .catch(undefined)
    .transform((count) => count ?? undefined),
};
