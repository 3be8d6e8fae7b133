import type { CustomFieldDefinition } from '../../src/api/schemas/custom-fields/custom-fields.js';

/** One custom field of every type, with constraints, as `GET /custom_fields` gives them. */
export const CUSTOM_FIELDS: CustomFieldDefinition[] = [
  { id: 1, name: 'has_parking', type: 'BOOLEAN', order: 1, section_id: 1, section_name: 'Store details' },
  { id: 2, name: 'manager_note', type: 'TEXT', max_len: 30, order: 2, section_id: 1 },
  { id: 3, name: 'seats', type: 'INTEGER', min: 0, max: 500, order: 3, section_id: 1 },
  { id: 4, name: 'surface_m2', type: 'FLOAT', min: 0, max: 10000, order: 4, section_id: 1 },
  { id: 5, name: 'store_format', type: 'SINGLE_SELECT', possible_values: ['express', 'classic', 'flagship'], order: 5, section_id: 2 },
  {
    id: 6,
    name: 'payment_methods',
    type: 'MULTIPLE_SELECT',
    possible_values: ['cash', 'card', 'contactless', 'check', 'meal_voucher'],
    max_selected_values: 4,
    order: 6,
    section_id: 2,
  },
  { id: 7, name: 'labels', type: 'MULTIPLE_SELECT_IMAGE', possible_values: ['organic', 'fair_trade', 'local_produce'], max_selected_values: 2, order: 7, section_id: 2 },
  { id: 8, name: 'gallery', type: 'IMAGES_UPLOADER', text_fields: ['caption', 'alt'], order: 8, section_id: 2 },
  { id: 9, name: 'opening.year', type: 'INTEGER', order: 9, section_id: 2 },
];
