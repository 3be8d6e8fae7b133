import { z } from 'zod';
import { parseUtc } from '../../../api/checks/read-field.js';
import type { FeedbackAnswer, FeedbackComment, FeedbackResult } from '../../../api/schemas/feedback-results.js';
import type { Lenient } from '../../../api/schemas/reading/lenient.js';
import { describeOddValue, findOddValues, OddValue } from '../../../api/schemas/reading/odd-value.js';
import type { Column } from '../../../resources/column.js';
import { booleanColumn } from '../../../resources/columns/boolean-column.js';
import { listColumn, TEXT_ITEMS } from '../../../resources/columns/list-column.js';
import { numberColumn } from '../../../resources/columns/number-column.js';
import { textColumn } from '../../../resources/columns/text-column.js';
import { buildFeedbackCatalog } from '../../../resources/feedback/feedback-catalog.js';

/** Parts of a form field's answer, each its own column: a rating, a text, chosen values. */
const ANSWER_PARTS = ['rating', 'content', 'choices'] as const;
type AnswerPart = (typeof ANSWER_PARTS)[number];

/** The catalog's nested values: the export flattens them into columns and, in XLSX, sheets of their own. */
const NESTED = new Set(['feedback_result_fields', 'comments', 'extra']);

const readOnly = true;
const number = z.number().nullable();
const text = z.string().nullable();

/** What the results hold, gathered over every page before the header is written. */
export interface FeedbackShape {
  /** Form field labels in order of first appearance, with the answer parts some result fills. */
  answers: Map<string, Set<AnswerPart>>;
  extraKeys: Set<string>;
}

export function noteFeedbackShape(shape: FeedbackShape, result: FeedbackResult): void {
  for (const [label, answer] of readLabelledAnswers(result)) {
    const parts = shape.answers.get(label) ?? new Set<AnswerPart>();
    for (const part of ANSWER_PARTS) if (answer[part] !== undefined) parts.add(part);
    shape.answers.set(label, parts);
  }
  for (const key of Object.keys(readable(result.extra) ?? {})) shape.extraKeys.add(key);
}

/**
 * One row per result: its own fields, `fields.<label>.<part>` per form field label (forms that
 * share a label share the column), the number of comments and the latest one, `extra.<key>`.
 */
export function buildFeedbackColumns(shape: FeedbackShape): Column[] {
  const answers = [...shape.answers].flatMap(([label, parts]) => ANSWER_PARTS.filter((part) => parts.has(part)).map((part) => answerColumn(label, part)));
  return [
    ...buildFeedbackCatalog().columns.filter((column) => !NESTED.has(column.header)),
    ...answers,
    numberColumn({ header: 'comments.count', schema: number, readOnly, description: 'Number of comments on the feedback' }),
    textColumn({ header: 'comments.latest.created', schema: text, readOnly, description: 'When the latest comment was written (ISO 8601)' }),
    textColumn({ header: 'comments.latest.author_name', schema: text, readOnly, description: 'Who wrote the latest comment' }),
    textColumn({ header: 'comments.latest.content', schema: text, readOnly, description: 'Text of the latest comment' }),
    ...[...shape.extraKeys].map((key) => textColumn({ header: `extra.${key}`, schema: text, readOnly, description: `Extra data '${key}'` })),
  ];
}

function answerColumn(label: string, part: AnswerPart): Column {
  const spec = { header: `fields.${label}.${part}`, readOnly, description: `Answer to '${label}': ${part}` };
  switch (part) {
    case 'rating':
      return numberColumn({ ...spec, schema: number });
    case 'content':
      return textColumn({ ...spec, schema: text });
    case 'choices':
      return listColumn({ ...TEXT_ITEMS, ...spec, schema: z.array(z.string()).nullable() });
  }
}

/** The values of the flattened columns of one result, by header. */
export function flattenFeedback(result: FeedbackResult): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [label, answer] of readLabelledAnswers(result)) {
    for (const part of ANSWER_PARTS) {
      const header = `fields.${label}.${part}`;
      // A label repeated within one form keeps its first answer.
      if (answer[part] !== undefined && !flat.has(header)) flat.set(header, answer[part]);
    }
  }
  const { comments } = result;
  if (comments instanceof OddValue) {
    // Comments that are no list stand in each comment column, as the JSON text the service sent.
    for (const header of COMMENT_HEADERS) flat.set(header, comments);
  } else {
    const latest = readItems(comments).reduce<FeedbackComment | undefined>((found, comment) => (found === undefined || timeOf(comment) > timeOf(found) ? comment : found), undefined);
    flat.set('comments.count', comments?.length);
    flat.set('comments.latest.created', latest?.created);
    flat.set('comments.latest.author_name', latest?.author_name);
    flat.set('comments.latest.content', latest?.content);
  }
  for (const [key, value] of Object.entries(readable(result.extra) ?? {})) flat.set(`extra.${key}`, value);
  return flat;
}

const COMMENT_HEADERS = ['comments.count', 'comments.latest.created', 'comments.latest.author_name', 'comments.latest.content'];

/** The answers whose form field has a label to name their columns; one without is left to the XLSX "Fields" sheet. */
function readLabelledAnswers(result: FeedbackResult): [string, FeedbackAnswer][] {
  return readItems(result.feedback_result_fields).flatMap((answer) => {
    const label = readable(answer.feedback_form_field)?.field_label;
    return typeof label === 'string' ? [[label, answer] as [string, FeedbackAnswer]] : [];
  });
}

/**
 * What keeps an answer out of the main sheet's columns: a list of answers, an answer, its form field
 * or its label that did not read (only the XLSX "Fields" sheet writes it, as JSON text), an answer
 * whose field has no label, or one whose label an earlier answer of the result has (its column
 * keeps the first), each told as its path and why.
 */
export function findAnswersLeftOut(result: FeedbackResult): string[] {
  const odd = findOddValues(result.feedback_result_fields, ['feedback_result_fields'])
    .filter(({ path: [, , field, key] }) => field === undefined || (field === 'feedback_form_field' && (key === undefined || key === 'field_label')))
    .map((found) => describeOddValue(found));
  const answers = result.feedback_result_fields;
  if (!Array.isArray(answers)) return odd;
  // Which answer holds each column, as flattenFeedback fills them: the first with that label and part.
  const holders = new Map<string, number>();
  const unplaced = answers.flatMap((answer, index) => {
    if (answer instanceof OddValue) return [];
    const parts = ANSWER_PARTS.filter((part) => answer[part] !== undefined);
    const label = readable(answer.feedback_form_field)?.field_label;
    if (parts.length === 0 || label instanceof OddValue) return [];
    if (label === undefined) return [`feedback_result_fields.${index} answers a form field without a label`];
    const held = parts.map((part) => holders.get(`${label}.${part}`)).find((holder) => holder !== undefined);
    for (const part of parts) if (!holders.has(`${label}.${part}`)) holders.set(`${label}.${part}`, index);
    return held === undefined ? [] : [`feedback_result_fields.${index} answers '${label}' again (the column has feedback_result_fields.${held})`];
  });
  return [...odd, ...unplaced];
}

function readItems<T>(list: Lenient<(T | OddValue)[]>): T[] {
  return Array.isArray(list) ? list.filter((item): item is T => !(item instanceof OddValue)) : [];
}

function readable<T>(value: Lenient<T>): T | undefined {
  return value instanceof OddValue ? undefined : value;
}

/** Read as the filters are: an offset of the hour alone (`+02`) or none (UTC), which Date.parse misreads. */
function timeOf(comment: FeedbackComment): number {
  return typeof comment.created === 'string' ? parseUtc(comment.created) : Number.NaN;
}

/** The "Fields" sheet of an XLSX export: one row per answer, with the id of its result. */
export const FIELD_SHEET_COLUMNS: readonly Column[] = [
  numberColumn({ header: 'result_id', schema: z.number(), readOnly, description: 'Id of the feedback result' }),
  textColumn({ header: 'feedback_form_field.id', schema: text, readOnly, description: 'Id of the form field' }),
  textColumn({ header: 'feedback_form_field.field_type', schema: text, readOnly, description: 'Type of the form field, e.g. CSAT' }),
  textColumn({ header: 'feedback_form_field.field_label', schema: text, readOnly, description: 'Label of the form field' }),
  numberColumn({ header: 'rating', schema: number, readOnly, description: 'Rating given' }),
  textColumn({ header: 'content', schema: text, readOnly, description: 'Text given' }),
  listColumn({ ...TEXT_ITEMS, header: 'choices', schema: z.array(z.string()).nullable(), readOnly, description: 'Values chosen' }),
];

/** The "Comments" sheet of an XLSX export: one row per comment, with the id of its result. */
export const COMMENT_SHEET_COLUMNS: readonly Column[] = [
  numberColumn({ header: 'result_id', schema: z.number(), readOnly, description: 'Id of the feedback result' }),
  numberColumn({ header: 'id', schema: z.number(), readOnly, description: 'Id of the comment' }),
  textColumn({ header: 'created', schema: text, readOnly, description: 'When the comment was written (ISO 8601)' }),
  textColumn({ header: 'author_name', schema: text, readOnly, description: 'Who wrote the comment' }),
  textColumn({ header: 'content', schema: text, readOnly, description: 'Text of the comment' }),
  textColumn({ header: 'user_id', schema: text, readOnly, description: 'Id of the user who wrote it' }),
  booleanColumn({ header: 'is_reply_suggestion', schema: z.boolean(), readOnly, description: 'Whether it is a suggested reply' }),
];
