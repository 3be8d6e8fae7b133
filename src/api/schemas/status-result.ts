import { z } from 'zod';

/** Answer of writes that return only `{status: "success"}` (attributes, custom field order). */
export const StatusResultSchema = z.looseObject({ status: z.string() });
export type StatusResult = z.infer<typeof StatusResultSchema>;
