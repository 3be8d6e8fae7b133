import type { CustomFieldList } from '../../../api/schemas/custom-fields/custom-field-list.js';
import { CustomFieldSectionsSchema } from '../../../api/schemas/custom-fields/custom-field-sections.js';

/** Where the custom fields and sections of an organization are now. */
export interface CustomFieldLayout {
  fields: ReadonlyMap<number, { order: number; section_id: number | null }>;
  /** Order of each section; undefined when the answer does not list the sections. */
  sections: ReadonlyMap<number, number> | undefined;
}

export function readCustomFieldLayout(list: CustomFieldList): CustomFieldLayout {
  const sections = CustomFieldSectionsSchema.safeParse(list);
  return {
    fields: new Map(list.custom_fields.map((field) => [field.id, { order: field.order, section_id: field.section_id ?? null }])),
    sections: sections.success ? new Map(sections.data.sections.map((section) => [section.id, section.order])) : undefined,
  };
}
