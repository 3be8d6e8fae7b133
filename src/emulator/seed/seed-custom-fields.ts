import type { EmulatorState } from '../state.js';
import type { CustomField } from '../state-types.js';

type FieldSeed = Omit<CustomField, 'id' | 'org_id' | 'order' | 'section_id' | 'slug'> & { section: number };

/** Custom fields of every type, in two sections per organization. */
const FIELDS: FieldSeed[] = [
  { name: 'has_parking', type: 'BOOLEAN', section: 0 },
  { name: 'manager_note', type: 'TEXT', max_len: 200, section: 0 },
  { name: 'seats', type: 'INTEGER', min: 0, max: 500, section: 0 },
  { name: 'surface_m2', type: 'FLOAT', min: 0, max: 10000, section: 0 },
  { name: 'store_format', type: 'SINGLE_SELECT', possible_values: ['express', 'classic', 'flagship'], section: 1 },
  { name: 'payment_methods', type: 'MULTIPLE_SELECT', possible_values: ['cash', 'card', 'contactless', 'check', 'meal_voucher'], max_selected_values: 4, section: 1 },
  { name: 'labels', type: 'MULTIPLE_SELECT_IMAGE', possible_values: ['organic', 'fair_trade', 'local_produce'], max_selected_values: 2, section: 1 },
  { name: 'gallery', type: 'IMAGES_UPLOADER', text_fields: ['caption', 'alt'], section: 1 },
];

export function seedCustomFields(state: EmulatorState, orgIds: readonly number[]): void {
  for (const orgId of orgIds) {
    const sections = ['Store details', 'Offer'].map((name, index) => {
      const section = { id: state.nextId(), org_id: orgId, name, order: index + 1 };
      state.customFieldSections.push(section);
      return section;
    });
    FIELDS.forEach(({ section, ...field }, index) => {
      state.customFields.push({
        ...field,
        id: state.nextId(),
        org_id: orgId,
        slug: field.name.replace(/_/g, '-'),
        order: index + 1,
        section_id: sections[section]?.id ?? 0,
      });
    });
  }
}
