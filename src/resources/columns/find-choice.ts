/** Compares values the way people type them: any case, spaces or hyphens for underscores. */
function toChoiceKey(text: string): string {
  return text.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/**
 * Finds the canonical spelling of a typed value (`Temporarily closed` -> `temporarily_closed`, `fr`
 * -> `FR`); an exact match wins. A value matching no choice comes back trimmed, for the schema to refuse.
 */
export function createChoiceFinder(choices: readonly string[]): (text: string) => string {
  const exact = new Set(choices);
  const byKey = new Map<string, string>();
  for (const choice of choices) if (!byKey.has(toChoiceKey(choice))) byKey.set(toChoiceKey(choice), choice);
  return (text) => {
    const trimmed = text.trim();
    return exact.has(trimmed) ? trimmed : (byKey.get(toChoiceKey(trimmed)) ?? trimmed);
  };
}
