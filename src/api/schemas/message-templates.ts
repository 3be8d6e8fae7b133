import { z } from 'zod';

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

/** Answer of `GET /messaging/templates`: a bare list. */
export const MessageTemplatesSchema = z.array(MessageTemplateSchema);
