import { z } from 'zod';
import type { Column } from '../column.js';
import { booleanColumn } from '../columns/boolean-column.js';
import { LIST_SEPARATOR, listColumn, TEXT_ITEMS } from '../columns/list-column.js';
import { numberColumn } from '../columns/number-column.js';
import { textColumn } from '../columns/text-column.js';
import { timestampColumn } from '../columns/timestamp-column.js';

const SUBSCRIPTIONS = ['presence_management', 'review_management', 'review_booster', 'messages'] as const;
const text = z.string().nullable();

/** Fields the API gives but does not take: exports write them, imports ignore them. */
export function buildBusinessReadOnlyColumns(): Column[] {
  const readOnly = true;
  return [
    textColumn({ header: 'address', schema: text, readOnly, description: 'Street address (read-only: set address_full)' }),
    timestampColumn({ header: 'created', schema: z.number(), readOnly, description: 'When the business was created (UTC)' }),
    timestampColumn({ header: 'modified', schema: z.number(), readOnly, description: 'When the business was last modified (UTC)' }),
    textColumn({ header: 'default_lang', schema: text, readOnly, description: 'Language code of the business' }),
    textColumn({ header: 'geo_location_id', schema: text, readOnly, text: true, description: 'Id of the connected geo location' }),
    textColumn({ header: 'network_a_page_id', schema: text, readOnly, text: true, description: 'Id of the connected network A page' }),
    textColumn({ header: 'logo_url', schema: text, readOnly, description: 'URL of the logo as published' }),
    numberColumn({ header: 'completion_rate', schema: z.int(), readOnly, description: 'How complete the listing is, in percent' }),
    listColumn({
      ...TEXT_ITEMS,
      header: 'features',
      schema: z.array(z.string()),
      readOnly,
      grammar: `values separated by ${LIST_SEPARATOR}`,
      description: 'Features of the business',
    }),
    ...SUBSCRIPTIONS.map((name) =>
      booleanColumn({
        header: `subscriptions.${name}`,
        path: ['subscriptions', name, 'active'],
        schema: z.boolean(),
        readOnly,
        description: `Whether the ${name.replaceAll('_', ' ')} subscription is active`,
      }),
    ),
  ];
}
