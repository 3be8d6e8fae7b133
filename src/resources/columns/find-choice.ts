import { toComparableName } from '../../find-closest-name.js';

/**
 * Finds the canonical spelling of a typed value (`Temporarily closed` -> `temporarily_closed`, `fr`
 * -> `FR`); an exact match wins. A value matching no choice comes back trimmed, for the schema to refuse.
 */
export function createChoiceFinder(choices: readonly string[]): (text: string) => string {
  const exact = new Set(choices);
  const byKey = new Map<string, string>();
  for (const choice of choices) if (!byKey.has(toComparableName(choice))) byKey.set(toComparableName(choice), choice);
  return (text) => {
    const trimmed = text.trim();
    return exact.has(trimmed) ? trimmed : (byKey.get(toComparableName(trimmed)) ?? trimmed);
  };
}
