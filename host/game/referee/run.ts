import type { Position } from '../../../rules/index.ts';
import { closeOpenMove, createReferee, step } from './referee.ts';
import type { RefereeState } from './referee.ts';
import type { Policy, RefereeEvent, RefereeOutput } from './types.ts';

/**
 * Runs events through a fresh referee and returns everything it said, in order, with the
 * index of the event that caused each output. At the end the hands are withdrawn for good, so a
 * move still open (a king that could have slid further) is announced; nothing else is decided
 * (a piece still in the air stays a move in progress).
 */
export function runEvents(position: Position, policy: Policy, events: readonly RefereeEvent[]): { outputs: { output: RefereeOutput; event: number }[]; state: RefereeState } {
  let state = createReferee(position, policy, events[0]?.t ?? 0);
  const outputs: { output: RefereeOutput; event: number }[] = [];
  events.forEach((e, i) => {
    const r = step(state, e);
    state = r.state;
    for (const output of r.outputs) outputs.push({ output, event: i });
  });
  const r = closeOpenMove(state);
  state = r.state;
  for (const output of r.outputs) outputs.push({ output, event: events.length });
  return { outputs, state };
}
