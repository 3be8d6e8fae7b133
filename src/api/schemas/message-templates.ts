import { z } from 'zod';
import { eachItem } from './reading/read-each.js';

export const MessageTemplateSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  /** A stringified JSON object holding `text` and `_version`. */
  content: z.string(),
  icon: z.string(),
  org_id: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  usage_count: z.number(),
});
export type MessageTemplate = z.infer<typeof MessageTemplateSchema>;

/** Answer of `GET /messaging/templates`: a bare list, each template read on its own. */
export const MessageTemplatesSchema = eachItem(MessageTemplateSchema);
