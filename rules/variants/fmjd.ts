import type { CaptureHands, DrawRules } from '../variant.ts';

/**
 * The FMJD draw rules (article 6 of the official rules, seed 000; seed 002 numbers the same
 * rules 6.2-6.5).
 */
export const fmjdDrawRules: DrawRules = {
  repetition: { count: 3, article: '6.1' }, // the same position a third time, the same side to move
  kingMoves: { plies: 50, article: '6.2' }, // 25 successive moves of kings only, no man move, no capture
  endgames: [
    {
      article: '6.4', // two kings, a king and a man, or a king, against one king: five further moves each
      plies: 10,
      matches: (s, w) => w.kings === 1 && w.men === 0 && s.kings >= 1 && s.kings + s.men <= 2,
    },
    {
      article: '6.3', // three kings, two kings and a man, or a king and two men, against one king: sixteen moves each
      plies: 32,
      matches: (s, w) => w.kings === 1 && w.men === 0 && s.kings >= 1 && s.kings + s.men === 3,
    },
  ],
  claim: null,
};

/** Captures by hand under the FMJD rules (seed 000). */
export const fmjdCaptureHands: CaptureHands = {
  capturedFirst: true, // 4.16
  removalOrder: 'capture-or-reverse', // 4.5, 4.6, 4.11
  complete: 'removal', // 4.4, 4.12
  jumpsOnRequest: true, // 4.9
};

/**
 * Articles of the FMJD rules for each irregularity the referee reports (5.4; 3.11-3.14; 4.11).
 */
export const fmjdIrregularityArticles = {
  'two-moves': '5.4.1',
  'illegal-move': '5.4.2',
  'touch-move': '5.4.3',
  takeback: '5.4.4',
  'opponent-piece': '5.4.5',
  'capture-missed': '5.4.6',
  'removed-without-reason': '5.4.7',
  'not-maximum-capture': '5.4.8',
  'capture-stopped': '5.4.9',
  'capture-stopped-continuable': '5.4.13',
  'early-removal': '5.4.10',
  'incomplete-removal': '5.4.11',
  'removed-not-jumped': '5.4.12',
  'removed-own': '5.4.14',
  'removal-order': '4.11',
  'touch-out-of-turn': '3.14',
  'jadoube': '3.13',
  'move-complete': '3.10',
  'capture-complete': '4.10',
  'captured-first': '4.16',
  'jumps-not-shown': '4.9',
  'win-no-pieces': '7.2.3',
  'win-blocked': '7.2.2',
  'resign': '7.2.1',
  'draw-agreed': '7.3.1',
} as const;
