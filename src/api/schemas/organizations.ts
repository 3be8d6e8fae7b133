import { z } from 'zod';
import { SUCCESS_STATUS } from './status-result.js';

/** Fields of `POST /org/{id}`; `max_businesses` is settable by PROVIDER users only. */
export interface OrganizationUpdate {
  name?: string;
  alias?: string;
  max_businesses?: number | null;
}

export const OrganizationUpdateResultSchema = z.looseObject({ org_id: z.number(), status: SUCCESS_STATUS });
export type OrganizationUpdateResult = z.infer<typeof OrganizationUpdateResultSchema>;
