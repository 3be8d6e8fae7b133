import { z } from 'zod';
import { numberOrDigits, integerText } from './reading/other-type.js';

/**
 * What every paginated answer carries beside its list: spread into the page's schema. Reading the
 * pages needs `page` and `max_page` only: a `count` left out, said as null or as no number is
 * unknown, no stop.
 */
export const PAGE_FIELDS = {
  page: numberOrDigits,
  max_page: numberOrDigits,
  count: z
    .preprocess(integerText, z.number().nullish())
    .catch(undefined)
    .transform((count) => count ?? undefined),
};
