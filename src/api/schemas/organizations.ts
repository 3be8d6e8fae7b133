import { z } from 'zod';

/** Fields of `POST /org/{id}`; `max_businesses` is settable by PROVIDER users only. */
export interface OrganizationUpdate {
  name?: string;
  alias?: string;
  max_businesses?: number | null;
}

export const OrganizationUpdateResultSchema = z.looseObject({ org_id: z.number(), status: z.string() });
export type OrganizationUpdateResult = z.infer<typeof OrganizationUpdateResultSchema>;
