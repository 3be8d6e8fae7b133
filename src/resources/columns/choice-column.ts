import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { createChoiceFinder } from './find-choice.js';

/** One value of a list of choices, offered as a dropdown in templates. */
export function choiceColumn(spec: FactorySpec<string | null> & { choices: readonly string[] }): Column<string | null> {
  const findChoice = createChoiceFinder(spec.choices);
  return defineColumn<string | null>({
    grammar: `one of ${spec.choices.join(', ')}`,
    ...spec,
    parse: (cell) => ({ value: findChoice(String(cell)) }),
    format: (value) => value ?? '',
  });
}
