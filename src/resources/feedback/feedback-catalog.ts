import { z } from 'zod';
import { FeedbackResultSchema } from '../../api/schemas/feedback-results.js';
import { FEEDBACK_STATES } from '../../api/facts/service-facts.js';
import { booleanColumn } from '../columns/boolean-column.js';
import { choiceColumn } from '../columns/choice-column.js';
import { jsonColumn } from '../columns/json-column.js';
import { numberColumn } from '../columns/number-column.js';
import { textColumn } from '../columns/text-column.js';
import type { ResourceCatalog } from '../resource-catalog.js';

const result = FeedbackResultSchema.shape;
const JSON_GRAMMAR = 'JSON';

/** Feedback results are read-only in the API: every column is export-only. */
export function buildFeedbackCatalog(): ResourceCatalog {
  const readOnly = true;
  return {
    resource: 'feedback',
    columns: [
      numberColumn({ header: 'id', schema: result.id, readOnly, description: 'Id of the feedback result' }),
      textColumn({ header: 'business_id', schema: result.business_id, readOnly, text: true, description: 'Business the feedback is about' }),
      textColumn({ header: 'created', schema: result.created, readOnly, description: 'When the feedback was given (ISO 8601)' }),
      numberColumn({ header: 'nps', schema: z.int(), readOnly, description: 'Net promoter score, 0 to 10' }),
      choiceColumn({ header: 'state', schema: result.state, choices: FEEDBACK_STATES, readOnly, description: 'Whether the feedback was treated' }),
      booleanColumn({ header: 'optin', schema: result.optin, readOnly, description: 'Whether the respondent accepts to be contacted' }),
      textColumn({ header: 'firstname', schema: result.firstname, readOnly, description: 'First name of the respondent' }),
      textColumn({ header: 'lastname', schema: result.lastname, readOnly, description: 'Last name of the respondent' }),
      textColumn({ header: 'content', schema: result.content, readOnly, description: 'Text of the feedback' }),
      textColumn({ header: 'feedback_form.id', schema: result.feedback_form.shape.id, readOnly, description: 'Id of the feedback form' }),
      textColumn({ header: 'feedback_form.display_name', schema: result.feedback_form.shape.display_name, readOnly, description: 'Name of the feedback form' }),
      jsonColumn({ header: 'feedback_result_fields', schema: result.feedback_result_fields, readOnly, grammar: JSON_GRAMMAR, description: 'Answers to the form fields' }),
      jsonColumn({ header: 'comments', schema: result.comments, readOnly, grammar: JSON_GRAMMAR, description: 'Comments on the feedback' }),
      jsonColumn({ header: 'extra', schema: result.extra, readOnly, grammar: JSON_GRAMMAR, description: 'Extra data of the feedback' }),
    ],
  };
}
