// The computer as the opponent who decides on the player's irregularities (FMJD 5.4, Croatian,
// seed 000: "njegov protivnik ima pravo odlučiti treba li nepravilnost ispraviti ili mora ostati
// nizmijenjena"; Latvian, seed 002, 5.4: "viņa pretiniekam ir tiesības izlemt, vai pārkāpums ir
// jāizlabo vai jāturpina spēle"). Neither rulebook has an irregularity of 5.4 whose move must
// stand or that leaves the opponent one option, so the computer always has it corrected, wholly
// (5.8: "Djelomično ispravljanje nepravilnosti ili odbijanje nije dopustivo"), at once and under
// every policy; the LEDs then guide the correction as between people. One is left to the player:
// a move of theirs taken back (5.4.4), which is the player asking to take back (the takeback of
// issue 31's item 4), not an irregularity the computer judges.
//
// The English Standard Laws (seed 004) leave the opponent a choice too where they name one: 17,
// "the power to huff, or compel the capture, or let the piece remain"; 12, "may either play or
// insist on his replacing it"; 15, a man not crowned: "such play shall be put back". Laws 19 and
// 21 make a touched piece not played and "a false or improper move" forfeit the game; the
// referee leaves that to the opponent's decision as between people (host/game/referee), and the
// computer claims no forfeit: it has the move corrected, as it does under every other law.

import type { Draft } from './draft.ts';
import { say } from './draft.ts';
import type { RefereeEvent, RefereeOutput } from './referee/types.ts';
import { say as sentence } from '../words/catalogue.ts';

/**
 * The computer's decision on an irregularity of the player's that the referee has just flagged
 * (in `outputs`) and waits on: Correct, said ("The computer has the irregularity corrected
 * (article 5.4.6): ..."), as the event to give the referee; null when there is none to decide.
 */
export function computerDecides(d: Draft, outputs: readonly RefereeOutput[]): RefereeEvent | null {
  const { computer: c, referee } = d.s;
  if (!c || !referee || referee.mode.kind !== 'decide') return null;
  const flagged = outputs.find((o) => o.type === 'irregularity' && o.decision === 'decide' && o.side !== c.config.side);
  if (flagged?.type !== 'irregularity' || flagged.code === 'takeback') return null;
  say(d, sentence(d.s.config.lang ?? 'en', 'computer.decides.corrected', { article: flagged.article }));
  return { type: 'press', button: 'correct', t: referee.now };
}
