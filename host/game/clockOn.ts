import { clocksText, handOver, isPerMove, moved, stop } from './clock/clock.ts';
import type { Clock } from './clock/clock.ts';
import { oneWayOfTaking } from './clock/laws.ts';
import type { Position } from '../../rules/index.ts';
import { clockRecord } from './journal/record.ts';
import type { ClockRecord } from './journal/record.ts';
import type { RefereeOutput } from './referee/types.ts';
import { clockAt } from './draft.ts';
import type { Draft } from './draft.ts';

/** What the clock did on one referee output: the entry to journal and the scoresheet's comment. */
export interface ClockPress {
  readonly entry: ClockRecord;
  readonly comment: { readonly kind: 'move' | 'setup'; readonly text: string } | null;
}

/**
 * What the clock does on one referee output (FMJD 10; Latvian 10.3: the player presses the
 * clock with the hand that moved); null when it does nothing.
 * - a move: the mover's clock is pressed (the first move of the game, or the first after a
 *   resume, starts the clock: the mover is charged nothing);
 * - an irregularity accepted that leaves the other side to move (an illegal move let stand,
 *   FMJD 5.4, 5.7): the mover's clock is pressed as for a move; a takeback accepted (5.4.4)
 *   hands the turn back with nothing credited; one that leaves the same side to move changes
 *   nothing;
 * - the game's result: the clock stops.
 * In the English laws' time per move, the turn that begins gets one minute to the call when the
 * side to move has only one way of taking (law 25), five otherwise (law 24).
 */
export function clockOn(d: Draft, o: RefereeOutput): ClockPress | null {
  const clock = d.s.clock;
  if (!clock || clock.state === 'stopped') return null;
  if (o.type === 'move') {
    const t = clockAt(d, o.t);
    const r = moved(clock, o.side, t, oneWay(clock, o.after));
    if (!r.ok) return null;
    d.s.clock = r.clock;
    const entry = clockRecord(r.clock, t, 'move');
    // Both times left after the move, the one now running in capitals (PDN 3.0's two-clock form,
    // connected to the preceding move): what lidraughts' relay reads as each side's clock.
    return { entry, comment: { kind: 'move', text: clocksText(entry.white, entry.black, entry.running) } };
  }
  if (o.type === 'accepted' && o.position.turn !== clock.toMove) {
    const t = clockAt(d, o.t);
    const takeback = o.code === 'takeback';
    const r = takeback ? handOver(clock, t, oneWay(clock, o.position)) : moved(clock, clock.toMove, t, oneWay(clock, o.position));
    if (!r.ok) return null;
    d.s.clock = r.clock;
    const entry = clockRecord(r.clock, t, takeback ? 'takeback' : 'accepted');
    // The position that stands is no move of the scoresheet but a setup, whose comment goes
    // on the opponent's last move: both clocks, each named, so that neither is taken for the
    // opponent's (PDN 3.0's two-clock form, the running one in capitals).
    return { entry, comment: takeback ? null : { kind: 'setup', text: clocksText(entry.white, entry.black, entry.running) } };
  }
  if (o.type === 'result') {
    const t = clockAt(d, o.t);
    d.s.clock = stop(clock, t);
    return { entry: clockRecord(d.s.clock, t, 'stopped'), comment: null };
  }
  return null;
}

/** Law 25 for the side to move in `pos`, where `clock` keeps the English laws' time per move (else no need to look). */
export function oneWay(clock: Clock, pos: Position): boolean {
  return isPerMove(clock.tc) && oneWayOfTaking(pos);
}
