/**
 * Permission names a restricted key can hold. The spec names three
 * (business_edit, business_edit_name, business_edit_categories); the rest are
 * the emulator's choice, one per family of routes, listed by `GET /permissions`.
 */
export const PERMISSIONS = [
  'business_read',
  'business_edit',
  'business_edit_name',
  'business_edit_categories',
  'services_edit',
  'attributes_edit',
  'lodging_edit',
  'custom_fields_read',
  'custom_fields_edit',
  'feedback_read',
  'messaging_read',
  'geo_read',
  'org_edit',
  'api_keys_manage',
  'webhooks_manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function hasPermission(key: { has_restricted_permissions: boolean; permissions: string[] }, permission: string): boolean {
  return !key.has_restricted_permissions || key.permissions.includes(permission);
}
