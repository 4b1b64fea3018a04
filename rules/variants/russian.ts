import { geometry } from '../geometry.ts';
import type { Variant } from '../variant.ts';
import { fmjdArticles, fmjdCaptureHands, fmjdEndings, fmjdHandling, fmjdIrregularities } from './fmjd.ts';
import { onePointScoring } from './scoring.ts';

/**
 * Russian draughts (shashki), as the Russian draughts federation's rules and dctl's
 * `russian.hpp` state: flying kings, men capture backwards, free choice of capture, and a man
 * reaching the far row during a capture is crowned and goes on capturing as a king. The
 * rulebook is not among dambord's seeds: irregularities, endings and handling cite the FMJD numbers.
 */
export const russian: Variant = {
  name: 'russian',
  gameType: 25,
  geometry: geometry(8),
  firstToMove: 'white',
  startFen: 'W:W21-32:B1-12',
  notation: 'algebraic',
  algebraicFrom: 'white',
  menCaptureBackwards: true,
  flyingKings: true,
  captureChoice: 'free',
  promotionInCapture: 'continue-as-king',
  draw: {
    repetition: { count: 3, article: 'FSR threefold repetition' },
    kingMoves: { plies: 30, article: 'FSR 15 king moves' }, // 15 moves each with only kings moved, no capture
    endgames: [
      {
        article: 'FSR three kings against one', // three kings against a lone king: 15 moves each
        plies: 30,
        matches: (s, w) => w.kings === 1 && w.men === 0 && s.men === 0 && s.kings === 3,
      },
    ],
    claim: null,
  },
  captureHands: fmjdCaptureHands, // the FMJD hand rules (the Russian rulebook is not among the seeds)
  irregularities: fmjdIrregularities,
  endings: fmjdEndings,
  handling: fmjdHandling,
  articles: fmjdArticles, // the FMJD numbers
  timePerMove: null, // the clock is the competition's (FMJD 10.5)
  scoring: onePointScoring,
};
