import { z } from 'zod';
import { FEEDBACK_STATES } from '../../api/facts/service-facts.js';
import { booleanColumn } from '../columns/boolean-column.js';
import { choiceColumn } from '../columns/choice-column.js';
import { jsonColumn } from '../columns/json-column.js';
import { numberColumn } from '../columns/number-column.js';
import { textColumn } from '../columns/text-column.js';
import type { ResourceCatalog } from '../resource-catalog.js';

const JSON_GRAMMAR = 'JSON';
// The spec's types: the answer is read leniently (feedback-results.ts), a cell is described by what the service documents.
const text = z.string();

/** Feedback results are read-only in the API: every column is export-only. */
export function buildFeedbackCatalog(): ResourceCatalog {
  const readOnly = true;
  return {
    resource: 'feedback',
    columns: [
      numberColumn({ header: 'id', schema: z.number(), readOnly, description: 'Id of the feedback result' }),
      textColumn({ header: 'business_id', schema: text, readOnly, text: true, description: 'Business the feedback is about' }),
      textColumn({ header: 'created', schema: text, readOnly, description: 'When the feedback was given (ISO 8601)' }),
      numberColumn({ header: 'nps', schema: z.int(), readOnly, description: 'Net promoter score, 0 to 10' }),
      choiceColumn({ header: 'state', schema: z.enum(FEEDBACK_STATES), choices: FEEDBACK_STATES, readOnly, description: 'Whether the feedback was treated' }),
      booleanColumn({ header: 'optin', schema: z.boolean(), readOnly, description: 'Whether the respondent accepts to be contacted' }),
      textColumn({ header: 'firstname', schema: text, readOnly, description: 'First name of the respondent' }),
      textColumn({ header: 'lastname', schema: text, readOnly, description: 'Last name of the respondent' }),
      textColumn({ header: 'content', schema: text, readOnly, description: 'Text of the feedback' }),
      textColumn({ header: 'feedback_form.id', schema: text, readOnly, description: 'Id of the feedback form' }),
      textColumn({ header: 'feedback_form.display_name', schema: text, readOnly, description: 'Name of the feedback form' }),
      jsonColumn({ header: 'feedback_result_fields', schema: z.array(z.looseObject({})), readOnly, grammar: JSON_GRAMMAR, description: 'Answers to the form fields' }),
      jsonColumn({ header: 'comments', schema: z.array(z.looseObject({})), readOnly, grammar: JSON_GRAMMAR, description: 'Comments on the feedback' }),
      jsonColumn({ header: 'extra', schema: z.record(z.string(), z.string()), readOnly, grammar: JSON_GRAMMAR, description: 'Extra data of the feedback' }),
    ],
  };
}
