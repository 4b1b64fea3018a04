// The copy steps of two boards (host/play/pair.ts) in words, for the blind players who copy the
// opponent's move onto their own board: the first square where their board differs from the game
// named, one step at a time, and their board said to show the game once it does. Pure: the
// catalogues' messages `copy.clear`, `copy.fill` and `copy.done` (host/words/messages).

import type { Color } from '../../rules/index.ts';
import { pieceKey, squareWords } from '../speech/words.ts';
import { say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';
import type { CopyStep } from './pair.ts';

/** Something to say about copying, shaped as the announcer's announcements are (a correction). */
export interface CopyWords {
  readonly kind: 'correction';
  readonly text: string;
}

/**
 * A board's next copy step in words (`Black's board: take the piece off 32.`, `... put a white
 * man on 28.`), or, `step` null, the board said to show the game.
 */
export function copyWords(lang: Language, board: Color, step: CopyStep | null): CopyWords {
  if (!step) return { kind: 'correction', text: say(lang, 'copy.done', { side: board }) };
  const square = squareWords(lang, step.target, step.square);
  const text = step.kind === 'clear' ? say(lang, 'copy.clear', { side: board, square }) : say(lang, 'copy.fill', { side: board, square, piece: pieceKey(step.piece) });
  return { kind: 'correction', text };
}
