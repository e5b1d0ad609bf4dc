import { useCallback } from 'react';
import { useText } from '../../i18n/use-text';
import { type Problem } from './item-builder';

/**
 * The sentence to show under a field for its problem: a wrong value at once, a missing one only
 * after the owner tried to save (an empty form does not open covered in red).
 */
export function useProblemText(attempted: boolean): (problem: Problem | undefined) => string | undefined {
  const text = useText();
  return useCallback(
    (problem) =>
      problem && (attempted || problem.key !== 'form.required') ? text(problem.key, problem.params) : undefined,
    [attempted, text],
  );
}
