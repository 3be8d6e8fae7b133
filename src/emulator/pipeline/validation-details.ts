import type { z } from 'zod';

export type ValidationDetails = { [field: string]: string[] | ValidationDetails };

/**
 * Turns Zod issues into the service's `errors.json` shape: nested by field,
 * list indexes as keys, messages in a list at each leaf.
 */
export function toValidationDetails(issues: readonly z.core.$ZodIssue[]): ValidationDetails {
  const details: ValidationDetails = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) addMessage(details, [...issue.path, key], 'Unknown field.');
    } else {
      addMessage(details, issue.path, issue.message);
    }
  }
  return details;
}

export function addMessage(details: ValidationDetails, path: readonly PropertyKey[], message: string): void {
  const keys = path.length === 0 ? ['_schema'] : path.map(String);
  const leaf = keys.pop() ?? '_schema';
  let node = details;
  for (const key of keys) {
    const next = node[key];
    const child: ValidationDetails = next === undefined || Array.isArray(next) ? {} : next;
    node[key] = child;
    node = child;
  }
  const existing = node[leaf];
  if (Array.isArray(existing)) existing.push(message);
  else node[leaf] = [message];
}
