import { expect } from 'vitest';
import { EngineError } from '../engine.ts';

/** The EngineError `p` rejects with; fails the test when it resolves or rejects with anything else. */
export async function engineErrorOf(p: Promise<unknown>): Promise<EngineError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}
