import { z } from 'zod';
import type { EmulatorResponse } from '../pipeline/http-types.js';
import { invalidBody, notFound } from '../pipeline/responses.js';
import type { EmulatorState } from '../state.js';
import { addMessage, type ValidationDetails } from '../pipeline/validation-details.js';

/**
 * Body of `POST /custom_fields/order` (spec, Custom field ordering items). The published
 * description (2021) requires `orders`, which may be empty when only sections move.
 */
export const CustomFieldOrderSchema = z.strictObject({
  orders: z.array(z.strictObject({ id: z.int(), order: z.int(), section_id: z.int() })),
  section_orders: z.array(z.strictObject({ id: z.int(), order: z.int() })).optional(),
});
export type CustomFieldOrder = z.infer<typeof CustomFieldOrderSchema>;

/**
 * Applies a reorder body to one organization's fields and sections, entirely or not at all: every
 * change is checked before any is made. Undefined once applied, else the error to answer.
 */
export function reorderCustomFields(state: EmulatorState, orgId: number, body: CustomFieldOrder): EmulatorResponse | undefined {
  const { orders, section_orders: sectionOrders = [] } = body;

  // The same id twice would make the outcome depend on list order.
  const details: ValidationDetails = {};
  flagDuplicates(details, 'orders', orders);
  flagDuplicates(details, 'section_orders', sectionOrders);
  if (Object.keys(details).length > 0) return invalidBody(details);

  const sectionOf = (id: number) => state.customFieldSections.find((section) => section.id === id && section.org_id === orgId);
  const changes: (() => void)[] = [];
  for (const { id, order, section_id: sectionId } of orders) {
    const field = state.customFields.find((candidate) => candidate.id === id && candidate.org_id === orgId);
    if (field === undefined || sectionOf(sectionId) === undefined) return notFound();
    changes.push(() => Object.assign(field, { order, section_id: sectionId }));
  }
  for (const { id, order } of sectionOrders) {
    const section = sectionOf(id);
    if (section === undefined) return notFound();
    changes.push(() => Object.assign(section, { order }));
  }
  for (const change of changes) change();
  return undefined;
}

function flagDuplicates(details: ValidationDetails, list: string, items: readonly { id: number }[]): void {
  items.forEach(({ id }, index) => {
    if (items.findIndex((item) => item.id === id) !== index) addMessage(details, [list, index, 'id'], 'Listed more than once.');
  });
}
