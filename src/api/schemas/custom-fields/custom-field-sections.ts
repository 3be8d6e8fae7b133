import { z } from 'zod';

/**
 * The sections `GET /custom_fields` may add beside the definitions (the emulator does; the spec
 * shows none), with their order.
 */
export const CustomFieldSectionsSchema = z.looseObject({
  sections: z.array(z.looseObject({ id: z.number(), order: z.number() })),
});
