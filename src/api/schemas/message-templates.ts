import { z } from 'zod';
import { numberOrDigits, textId } from './reading/other-type.js';
import { lenient } from './reading/lenient.js';
import { eachItem } from './reading/read-each.js';

const text = lenient(z.string());
const number = lenient(z.number());

/** A template as read, field by field: only its id, which names it, must read; the others are only shown (see lenient). */
export const MessageTemplateSchema = z.looseObject({
  id: textId,
  title: text,
  /** A stringified JSON object holding `text` and `_version`. */
  content: text,
  icon: text,
  org_id: lenient(numberOrDigits),
  created_at: text,
  updated_at: text,
  usage_count: number,
});
export type MessageTemplate = z.infer<typeof MessageTemplateSchema>;

/** Answer of `GET /messaging/templates`: a bare list, each template read on its own. */
export const MessageTemplatesSchema = eachItem(MessageTemplateSchema);
