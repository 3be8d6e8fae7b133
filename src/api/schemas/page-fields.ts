import { z } from 'zod';

/**
 * What every paginated answer carries beside its list: spread into the page's schema. Reading the
 * pages needs `page` and `max_page` only: a `count` left out or said as null is unknown, no stop.
 */
export const PAGE_FIELDS = {
  page: z.number(),
  max_page: z.number(),
  count: z
    .number()
    .nullish()
    .transform((count) => count ?? undefined),
};
