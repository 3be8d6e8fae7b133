import { z } from 'zod';
import { PAGE_FIELDS } from './page-fields.js';
import { numberOrDigits, textId } from './reading/other-type.js';
import { eachItem } from './reading/read-each.js';
import { lenient, lenientList, lenientObject } from './reading/lenient.js';

/*
 * A feedback result as the export reads it, field by field: only its id (which names it, in a
 * listing and in the XLSX sheets) and its business (which the filters and `--org` check) must read.
 * Every other field is only shown: null, "" and a missing key are empty, a state the spec does not
 * name is kept as its text, and a value that fits nothing stays in place as an OddValue.
 */

const text = lenient(z.string());
const number = lenient(z.number());
const flag = lenient(z.boolean());

const AnswerSchema = z.looseObject({
  rating: number,
  content: text,
  // Not lenientList: a null list is no answer, where an empty one is an answer choosing nothing.
  choices: lenient(z.array(z.string())),
  feedback_form_field: lenientObject({ id: text, field_type: text, field_label: text }),
});
export type FeedbackAnswer = z.infer<typeof AnswerSchema>;

const CommentSchema = z.looseObject({ id: number, created: text, author_name: text, content: text, user_id: text, is_reply_suggestion: flag });
export type FeedbackComment = z.infer<typeof CommentSchema>;

export const FeedbackResultSchema = z.looseObject({
  id: numberOrDigits,
  business_id: textId,
  firstname: text,
  lastname: text,
  nps: number,
  content: text,
  state: text,
  optin: flag,
  created: text,
  feedback_form: lenientObject({ id: text, display_name: text }),
  feedback_result_fields: lenientList(AnswerSchema),
  comments: lenientList(CommentSchema),
  extra: lenient(z.record(z.string(), text)),
});
export type FeedbackResult = z.infer<typeof FeedbackResultSchema>;

/** A page of `GET /feedback/feedback_result` (30 results per page); a result that does not read is set aside in `unreadable`. */
export const FeedbackPageSchema = z
  .looseObject({ ...PAGE_FIELDS, items: eachItem(FeedbackResultSchema) })
  .transform(({ items, ...page }) => ({ ...page, items: items.items, unreadable: items.unreadable }));
export type FeedbackPage = z.infer<typeof FeedbackPageSchema>;
