import type { IrregularityCode, Policy } from './types.ts';

const none = new Set<IrregularityCode>();

/** Every irregularity waits for the opponent's decision (FMJD 5.4). */
export const tournament: Policy = { name: 'tournament', noted: none, silent: none, recording: false, feel: false, showJumps: false };

/** Touch-move and the order of removal are noted; play goes on. */
export const casual: Policy = {
  name: 'casual',
  noted: new Set<IrregularityCode>(['touch-move', 'removal-order', 'early-removal', 'touch-out-of-turn', 'jumps-not-shown']),
  silent: none,
  recording: false,
  feel: false,
  showJumps: false,
};

/** As tournament, but a piece lifted and put back on its own square was felt, not touched, however long it was held. */
export const blind: Policy = { name: 'blind', noted: none, silent: none, recording: false, feel: true, showJumps: false };

/**
 * A game recorded from its paper scoresheet (`dambord digitise`): the secretary touches, lifts
 * and puts back pieces and takes captured pieces off in any order, and none of it is said
 * (touch-move 3.11 and 5.4.3, touching out of turn 3.14, the order and time of removal 4.11 and
 * 5.4.10, jumps shown 4.9); a move taken back (5.4.4) is taken back at once, as many as the
 * hands put back; anything else irregular is put right, never accepted: the record is legal.
 */
export const digitise: Policy = {
  name: 'digitise',
  noted: none,
  silent: new Set<IrregularityCode>(['touch-move', 'removal-order', 'early-removal', 'touch-out-of-turn', 'jumps-not-shown']),
  recording: true,
  feel: true,
  showJumps: false,
};

export const policies = { tournament, casual, blind, digitise } as const;

/**
 * A policy by its name, or null for a name that is not one (only the policies' own names: never
 * an inherited key such as `constructor`).
 */
export function policyNamed(name: string): Policy | null {
  return Object.hasOwn(policies, name) ? policies[name as keyof typeof policies] : null;
}

/**
 * Whether the squares a lifted piece may go to are lit under `p` (`--hints`): never under the
 * tournament policy, where a board that shows legal moves would be playing for the player.
 */
export function hintsShown(p: Policy): boolean {
  return p.name !== 'tournament';
}

/** The same policy once the opponent has asked for multiple captures to be shown jump by jump (FMJD 4.9; Czech cl. 4.9). */
export function withShowJumps(p: Policy, showJumps = true): Policy {
  return p.showJumps === showJumps ? p : { ...p, showJumps };
}
