import { CustomFieldDefinitionSchema, type CustomFieldDefinition } from '../../src/api/schemas/custom-fields/custom-fields.js';
import { createEmulator } from '../../src/emulator/emulator.js';

/** The emulator's seeded custom fields of organization 1, one of every type, as the client reads them. */
export function seededCustomFields(): CustomFieldDefinition[] {
  return createEmulator({ businesses: 0 })
    .state.customFields.filter((field) => field.org_id === 1)
    .map((field) => CustomFieldDefinitionSchema.parse(field));
}
