import type { CustomFieldList } from '../../../api/schemas/custom-fields/custom-field-list.js';
import { CustomFieldSectionsSchema } from '../../../api/schemas/custom-fields/custom-field-sections.js';

/** Where a field is, and what the sheet shows of it beside (read-only). */
export interface LaidOutField {
  order: number;
  section_id: number | null;
  name: string;
  type: string;
  section_name: string | null;
}

/** Where the custom fields and sections of an organization are now. */
export interface CustomFieldLayout {
  fields: ReadonlyMap<number, LaidOutField>;
  /** Order of each section; undefined when the answer does not list the sections. */
  sections: ReadonlyMap<number, number> | undefined;
  /** Name of each section that holds a field, as its fields give it. */
  sectionNames: ReadonlyMap<number, string>;
  /** Why each definition the client cannot read does not, by its id as the service gave it. */
  unreadable: ReadonlyMap<string, string>;
}

export function readCustomFieldLayout(list: CustomFieldList): CustomFieldLayout {
  const sections = CustomFieldSectionsSchema.safeParse(list);
  const fields = new Map(
    list.custom_fields.map(({ id, order, section_id, name, type, section_name }) => [id, { order, section_id: section_id ?? null, name, type, section_name: section_name ?? null }]),
  );
  return {
    fields,
    sections: sections.success ? new Map(sections.data.sections.map((section) => [section.id, section.order])) : undefined,
    sectionNames: new Map([...fields.values()].flatMap(({ section_id, section_name }) => (section_id === null || section_name === null ? [] : [[section_id, section_name] as const]))),
    unreadable: new Map(list.unreadable.flatMap(({ id, problem }) => (id === undefined ? [] : [[id, problem] as const]))),
  };
}
