import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { createChoiceFinder } from './find-choice.js';

/**
 * One value of a list of choices, offered as a dropdown in templates. `meant`: words people write
 * for a choice (`Fermé`), refused with the choice they may mean rather than read as it, when two
 * choices are close (`closed`, `temporarily_closed`).
 */
export function choiceColumn(spec: FactorySpec<string | null> & { choices: readonly string[]; meant?: Readonly<Record<string, string>> }): Column<string | null> {
  const { meant = {}, ...rest } = spec;
  const findChoice = createChoiceFinder(spec.choices);
  const grammar = `one of ${spec.choices.join(', ')}`;
  return defineColumn<string | null>({
    grammar,
    ...rest,
    parse: (cell) => {
      const choice = findChoice(String(cell));
      const hint = spec.choices.includes(choice) ? undefined : meant[choice.toLowerCase()];
      return hint === undefined ? { value: choice } : { error: `must be ${grammar} (did you mean ${hint}?)` };
    },
    format: (value) => value ?? '',
  });
}
