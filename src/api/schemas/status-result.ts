import { z } from 'zod';

/** The status of every write's answer: anything but `success` means the write may not be applied. */
export const SUCCESS_STATUS = z.literal('success');

/** Answer of writes that return only `{status: "success"}` (attributes, custom field order). */
export const StatusResultSchema = z.looseObject({ status: SUCCESS_STATUS });
export type StatusResult = z.infer<typeof StatusResultSchema>;
