import type { Column, Parsed } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { findClosestName } from '../../find-closest-name.js';
import { createChoiceFinder } from './find-choice.js';

/**
 * One value of a list of choices, offered as a dropdown in templates. `meant`: words people write
 * for a choice (`Fermé`), refused with the choice they may mean rather than read as it, when two
 * choices are close (`closed`, `temporarily_closed`).
 */
export function choiceColumn(spec: FactorySpec<string | null> & { choices: readonly string[]; meant?: Readonly<Record<string, string>> }): Column<string | null> {
  const { meant, ...rest } = spec;
  const readChoice = createChoiceReader(spec.choices, meant);
  return defineColumn<string | null>({
    grammar: `one of ${spec.choices.join(', ')}`,
    ...rest,
    parse: (cell) => readChoice(String(cell)),
    format: (value) => value ?? '',
  });
}

/**
 * Reads a typed choice in its canonical spelling; one it is not, but close to (a typo, an accent
 * left out: `Especes`), is refused with the choice meant. Any other value comes back for the
 * column's schema to refuse.
 */
export function createChoiceReader(choices: readonly string[], meant: Readonly<Record<string, string>> = {}): (text: string) => Parsed<string> {
  const findChoice = createChoiceFinder(choices);
  return (text) => {
    const choice = findChoice(text);
    if (choices.includes(choice)) return { value: choice };
    const hint = meant[choice.toLowerCase()] ?? findClosestName(choice, choices);
    return hint === undefined ? { value: choice } : { error: `must be one of ${choices.join(', ')} (did you mean ${hint}?)` };
  };
}
