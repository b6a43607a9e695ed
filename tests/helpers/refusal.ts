/** The expected failure of a step: the ScaffoldError it throws (the test fails if it throws nothing else). */

import { expect } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';

export function refusal(fn: () => unknown, accepted = 'expected a refusal'): ScaffoldError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ScaffoldError);
    return e as ScaffoldError;
  }
  throw new Error(accepted);
}
