import { z } from 'zod';
import { MESSAGE_TEMPLATE_PLACEHOLDERS } from '../../api/facts/service-facts.js';
import type { Column } from '../column.js';
import { numberColumn } from '../columns/number-column.js';
import { textColumn } from '../columns/text-column.js';

// The spec's types: the answer is read leniently (message-templates.ts).
const text = z.string();
const readOnly = true;

/** Message templates, export only: the API has no endpoint to write them. `text` is decoded from `content`. */
export function buildMessageTemplateColumns(): Column[] {
  return [
    textColumn({ header: 'id', schema: text, readOnly, text: true, description: 'Id of the template' }),
    textColumn({ header: 'title', schema: text, readOnly, description: 'Title of the template' }),
    textColumn({
      header: 'text',
      schema: text,
      readOnly,
      description: `Text of the template, placeholders kept as {{name}} (${MESSAGE_TEMPLATE_PLACEHOLDERS.join(', ')})`,
    }),
    textColumn({ header: 'icon', schema: text, readOnly, description: 'Icon of the template' }),
    numberColumn({ header: 'org_id', schema: z.number(), readOnly, description: 'Organization of the template' }),
    textColumn({ header: 'created_at', schema: text, readOnly, description: 'When the template was created (ISO 8601)' }),
    textColumn({ header: 'updated_at', schema: text, readOnly, description: 'When the template was last changed (ISO 8601)' }),
    numberColumn({ header: 'usage_count', schema: z.number(), readOnly, description: 'Number of times the template was used' }),
  ];
}
