import { z } from 'zod';

/** What every paginated answer carries beside its list: spread into the page's schema. */
export const PAGE_FIELDS = {
  page: z.number(),
  max_page: z.number(),
  count: z.number(),
};
