import { z } from 'zod';
import type { EmulatorResponse } from '../pipeline/http-types.js';
import { invalidBody, notFound } from '../pipeline/responses.js';
import type { EmulatorState } from '../state.js';
import type { CustomField, CustomFieldSection } from '../state-types.js';
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

/** Changes checked in full before any is applied, so a request applies entirely or not at all. */
export interface CustomFieldOrderPlan {
  fields: { field: CustomField; order: number; sectionId: number }[];
  sections: { section: CustomFieldSection; order: number }[];
}

/** Checks a reorder body against one organization's fields and sections: the plan, or the error to answer. */
export function planCustomFieldOrder(state: EmulatorState, orgId: number, body: CustomFieldOrder): CustomFieldOrderPlan | EmulatorResponse {
  const { orders, section_orders: sectionOrders = [] } = body;

  // The same id twice would make the outcome depend on list order.
  const details: ValidationDetails = {};
  flagDuplicates(details, 'orders', orders);
  flagDuplicates(details, 'section_orders', sectionOrders);
  if (Object.keys(details).length > 0) return invalidBody(details);

  const sectionOf = (id: number) => state.customFieldSections.find((section) => section.id === id && section.org_id === orgId);
  const plan: CustomFieldOrderPlan = { fields: [], sections: [] };
  for (const { id, order, section_id: sectionId } of orders) {
    const field = state.customFields.find((candidate) => candidate.id === id && candidate.org_id === orgId);
    if (field === undefined || sectionOf(sectionId) === undefined) return notFound();
    plan.fields.push({ field, order, sectionId });
  }
  for (const { id, order } of sectionOrders) {
    const section = sectionOf(id);
    if (section === undefined) return notFound();
    plan.sections.push({ section, order });
  }
  return plan;
}

export function applyCustomFieldOrder(plan: CustomFieldOrderPlan): void {
  for (const { field, order, sectionId } of plan.fields) {
    field.order = order;
    field.section_id = sectionId;
  }
  for (const { section, order } of plan.sections) section.order = order;
}

function flagDuplicates(details: ValidationDetails, list: string, items: readonly { id: number }[]): void {
  items.forEach(({ id }, index) => {
    if (items.findIndex((item) => item.id === id) !== index) addMessage(details, [list, index, 'id'], 'Listed more than once.');
  });
}
