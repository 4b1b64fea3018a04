import { geometry } from '../geometry.ts';
import type { Variant } from '../variant.ts';
import { fmjdArticles, fmjdCaptureHands, fmjdDrawRules, fmjdEndings, fmjdHandling, fmjdIrregularities } from './fmjd.ts';
import { twoPointScoring } from './scoring.ts';

/** International draughts: the official FMJD rules (seeds 000, Croatian; 002, Latvian). */
export const international: Variant = {
  name: 'international',
  gameType: 20,
  geometry: geometry(10), // 2.1-2.6: 100 squares, 50 dark, numbered 1-50
  firstToMove: 'white', // 3.3
  startFen: 'W:W31-50:B1-20', // 2.8
  notation: 'numeric', // 8.1
  algebraicFrom: 'white',
  menCaptureBackwards: true, // 4.1
  flyingKings: true, // 3.9, 4.3
  captureChoice: 'maximum', // 4.13, 4.14
  promotionInCapture: 'pass-through', // 4.15
  draw: fmjdDrawRules,
  captureHands: fmjdCaptureHands, // 4.4-4.16
  irregularities: fmjdIrregularities,
  endings: fmjdEndings,
  handling: fmjdHandling,
  articles: fmjdArticles, // 3.11, 4.2
  timePerMove: null, // the clock is the competition's (FMJD 10.5)
  scoring: twoPointScoring,
};
