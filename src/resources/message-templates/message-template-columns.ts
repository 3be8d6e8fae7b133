import { z } from 'zod';
import { MessageTemplateSchema } from '../../api/schemas/message-templates.js';
import { MESSAGE_TEMPLATE_PLACEHOLDERS } from '../../api/facts/service-facts.js';
import type { Column } from '../column.js';
import { numberColumn } from '../columns/number-column.js';
import { textColumn } from '../columns/text-column.js';

const template = MessageTemplateSchema.shape;
const readOnly = true;

/** Message templates, export only: the API has no endpoint to write them. `text` is decoded from `content`. */
export function buildMessageTemplateColumns(): Column[] {
  return [
    textColumn({ header: 'id', schema: template.id, readOnly, text: true, description: 'Id of the template' }),
    textColumn({ header: 'title', schema: template.title, readOnly, description: 'Title of the template' }),
    textColumn({
      header: 'text',
      schema: z.string(),
      readOnly,
      description: `Text of the template, placeholders kept as {{name}} (${MESSAGE_TEMPLATE_PLACEHOLDERS.join(', ')})`,
    }),
    textColumn({ header: 'icon', schema: template.icon, readOnly, description: 'Icon of the template' }),
    numberColumn({ header: 'org_id', schema: template.org_id, readOnly, description: 'Organization of the template' }),
    textColumn({ header: 'created_at', schema: template.created_at, readOnly, description: 'When the template was created (ISO 8601)' }),
    textColumn({ header: 'updated_at', schema: template.updated_at, readOnly, description: 'When the template was last changed (ISO 8601)' }),
    numberColumn({ header: 'usage_count', schema: template.usage_count, readOnly, description: 'Number of times the template was used' }),
  ];
}
