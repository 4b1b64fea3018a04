import { geometry } from '../geometry.ts';
import type { Variant } from '../variant.ts';
import { fmjdArticles, fmjdCaptureHands, fmjdDrawRules, fmjdEndings, fmjdHandling, fmjdIrregularities } from './fmjd.ts';
import { twoPointScoring } from './scoring.ts';

/**
 * Brazilian draughts: the international (FMJD) rules played on an 8x8 board, as the
 * Brazilian federation's rules and dctl's `brazilian.hpp` state. Article numbers are FMJD's.
 */
export const brazilian: Variant = {
  name: 'brazilian',
  gameType: 26,
  geometry: geometry(8),
  firstToMove: 'white', // FMJD 3.3
  startFen: 'W:W21-32:B1-12',
  notation: 'algebraic',
  algebraicFrom: 'white',
  menCaptureBackwards: true, // FMJD 4.1
  flyingKings: true, // FMJD 3.9, 4.3
  captureChoice: 'maximum', // FMJD 4.13
  promotionInCapture: 'pass-through', // FMJD 4.15
  draw: fmjdDrawRules,
  captureHands: fmjdCaptureHands, // FMJD 4.4-4.16
  irregularities: fmjdIrregularities,
  endings: fmjdEndings,
  handling: fmjdHandling,
  articles: fmjdArticles, // FMJD 3.11, 4.2
  timePerMove: null, // the clock is the competition's (FMJD 10.5)
  scoring: twoPointScoring,
};
