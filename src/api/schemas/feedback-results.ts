import { z } from 'zod';
import { FEEDBACK_STATES } from '../facts/service-facts.js';
import { PAGE_FIELDS } from './page-fields.js';
import { eachItem } from './reading/read-each.js';

export const FeedbackResultSchema = z.looseObject({
  id: z.number(),
  business_id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  nps: z.number(),
  content: z.string(),
  state: z.enum(FEEDBACK_STATES),
  optin: z.boolean(),
  created: z.string(),
  feedback_form: z.looseObject({ id: z.string(), display_name: z.string() }),
  feedback_result_fields: z.array(
    z.looseObject({
      rating: z.number().nullable(),
      content: z.string().nullable(),
      choices: z.array(z.string()).nullable(),
      feedback_form_field: z.looseObject({ id: z.string(), field_type: z.string(), field_label: z.string() }),
    }),
  ),
  comments: z.array(
    z.looseObject({ id: z.number(), created: z.string(), author_name: z.string(), content: z.string(), is_reply_suggestion: z.boolean() }),
  ),
  extra: z.record(z.string(), z.string()),
});
export type FeedbackResult = z.infer<typeof FeedbackResultSchema>;

/** A page of `GET /feedback/feedback_result` (30 results per page); a result that does not read is set aside in `unreadable`. */
export const FeedbackPageSchema = z
  .looseObject({ ...PAGE_FIELDS, items: eachItem(FeedbackResultSchema) })
  .transform(({ items, ...page }) => ({ ...page, items: items.items, unreadable: items.unreadable }));
export type FeedbackPage = z.infer<typeof FeedbackPageSchema>;
