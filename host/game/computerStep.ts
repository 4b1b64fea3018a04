// The computer's part of a step of the game (host/game/step.ts): its question asked when it is
// to move, its answer taken and said, and the referee's word on the hands that make its move.

import { currentPosition, formatMove, squareName } from '../../rules/index.ts';
import { SHOWN_NOTE, computerAnswered, computerMoved, computerNext, wrongWay } from './computer.ts';
import type { EngineReply } from './computer.ts';
import { computerDecides } from './computerDecides.ts';
import { hintAnswered } from './computerHint.ts';
import type { Draft } from './draft.ts';
import { journal, say } from './draft.ts';
import { foresee } from './referee/foresee.ts';
import type { RefereeEvent, RefereeOutput } from './referee/types.ts';
import type { Scoresheet } from './referee/record.ts';
import type { Language } from '../words/catalogue.ts';
import { say as sentence } from '../words/catalogue.ts';

/** The computer after the step: a stale question or move forgotten, a question asked (a `think` effect) when it is to move. */
export function computerOn(d: Draft): void {
  const s = d.s;
  if (!s.computer) return;
  const r = computerNext(s.computer, s.referee, s.result !== null);
  if (r.computer === s.computer) return;
  s.computer = r.computer;
  if (r.think) d.effects.push({ type: 'think', id: r.think.id, game: r.think.game });
}

/** The engine's answer: shown (the LEDs first) and said when it answers the last question, and journaled for a resume to show it again; dropped when stale. */
export function engineAnswered(d: Draft, reply: EngineReply, show: (d: Draft) => void): void {
  const s = d.s;
  if (!s.computer || hintAnswered(d, reply)) return;
  const next = computerAnswered(s.computer, s.referee, reply);
  if (!next || !next.move || !s.referee) return;
  s.computer = next;
  const pos = currentPosition(s.referee.game);
  const lang = s.config.lang ?? 'en';
  // The LEDs first: the note is for a resume to show the move again, and a host that stops
  // before it is on disk only has the engine asked again.
  show(d);
  journal(d, [{ k: 'note', t: Math.max(s.journalT, s.referee.now), text: `${SHOWN_NOTE}${formatMove(pos, next.move)}` }]);
  say(d, sentence(lang, 'computer.plays', { move: formatMove(pos, next.move) }));
}

/**
 * What the referee said of the hands: an irregularity of the player's decided by the computer
 * (host/game/computerDecides.ts: Correct); of the computer's hands, another legal move taken as
 * the computer's with `--alt-move`, said; an irregular execution named and corrected (the event
 * to give the referee: Correct, for the computer never accepts its own hands' slip). Null:
 * nothing to give.
 */
export function computerHands(d: Draft, outputs: readonly RefereeOutput[]): RefereeEvent | null {
  const s = d.s;
  const c = s.computer;
  if (!c || !s.referee) return null;
  const decided = computerDecides(d, outputs);
  if (decided) return decided;
  const moved = computerMoved(c, outputs);
  if (!moved) tellWrongWay(d);
  // The hands have left a complete move that is not the one shown, nor legal: the computer's
  // turn is ended (its clock pressed) for the referee to judge it, and it is then corrected.
  if (!moved && c.activity === 'showing' && s.referee.mode.kind === 'play' && foresee(s.referee).some((f) => f.side === c.config.side)) return { type: 'press', button: 'clock', t: s.referee.now };
  if (!moved || moved.kind === 'made') return null;
  const lang = s.config.lang ?? 'en';
  const before = outputs.find((o) => o.type === 'move' && o.side === c.config.side);
  if (moved.kind === 'other') {
    if (before?.type !== 'move') return null;
    const made = before.text;
    if (c.config.altMove || !c.move) say(d, sentence(lang, 'computer.alt-move', { move: made }));
    else {
      say(d, sentence(lang, 'computer.other-move', { move: made, shown: formatMove(before.before, c.move) }));
      s.computer = { ...c, putRight: moved.move };
    }
    return null;
  }
  // The move made for it, put back by the hands (5.4.4, a takeback): the computer, which asked for it, accepts it.
  if (c.putRight && moved.code === 'takeback') return { type: 'press', button: 'accept', t: s.referee.now };
  tellWrongWay(d);
  const pos = currentPosition(s.referee.game);
  if (c.move) say(d, sentence(lang, 'computer.wrong', { move: formatMove(pos, c.move) }));
  return { type: 'press', button: 'correct', t: s.referee.now };
}

/**
 * The scoresheet once another legal move made for the computer is taken back (`before`: as it
 * was before the takeback, `after`: as the referee's takeback left it): the takeback's notes,
 * which name the player as accepting it, give way to one that says what happened ("18-22 was
 * made for the computer, whose move was 19-23: put right.").
 */
export function putRightOnSheet(before: Scoresheet, after: Scoresheet, made: string, shown: string, lang: Language): Scoresheet {
  let same = 0;
  while (same < after.items.length && after.items[same] === before.items[same]) same++;
  const kept = after.items.slice(same).filter((item) => item.kind !== 'note');
  return { ...after, items: [...after.items.slice(0, same), ...kept, { kind: 'note', comment: sentence(lang, 'sheet.computer-put-right', { move: made, shown }) }] };
}

/**
 * The move shown being made wrongly where one square says how ("The computer's piece goes to
 * 28, not 22."; "Take the piece off 19, not 18.": a piece taken off, which the board cannot tell
 * from one held, FMJD 3.10, named before anything is judged), said once.
 */
function tellWrongWay(d: Draft): void {
  const { computer: c, referee } = d.s;
  if (!c || !referee || c.activity !== 'showing' || c.putRight) return;
  const how = wrongWay(c, referee);
  const lang = d.s.config.lang ?? 'en';
  const name = (sq: number) => squareName(referee.game.start.variant, sq);
  const text = how?.kind === 'square'
    ? sentence(lang, 'computer.wrong-square', { to: name(how.to), square: name(how.square) })
    : how?.kind === 'piece' ? sentence(lang, 'computer.wrong-piece', { square: name(how.square), wrong: name(how.wrong) }) : null;
  if (text === c.told) return;
  d.s.computer = { ...c, told: text };
  if (text) say(d, text);
}
