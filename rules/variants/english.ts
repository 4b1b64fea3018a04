import { geometry } from '../geometry.ts';
import type { Variant } from '../variant.ts';

/**
 * English draughts: the Standard Laws of Checkers (seed 004, the English half). Squares are
 * numbered 1-32 with Black's men on 1-12; American algebraic notation puts a1 at Black's left.
 */
export const english: Variant = {
  name: 'english',
  gameType: 21,
  geometry: geometry(8), // laws 1-2
  firstToMove: 'black', // law 7
  startFen: 'B:W21-32:B1-12', // law 5
  notation: 'numeric',
  algebraicFrom: 'black',
  menCaptureBackwards: false, // law 10
  flyingKings: false, // law 14: a king moves one square, backwards or forwards
  captureChoice: 'free', // law 9
  promotionInCapture: 'stop', // law 13: crowning completes the move
  draw: {
    repetition: null,
    kingMoves: null,
    endgames: [],
    claim: { plies: 80, article: '22' }, // win within 40 moves each after notice, or the game is drawn
  },
  captureHands: {
    capturedFirst: false, // law 8: the man leaps, then the piece is removed
    removalOrder: 'any', // laws 8, 11 lay down no order
    complete: 'release', // law 11: complete when the hand is withdrawn, pieces still to be removed
    jumpsOnRequest: false, // the laws ask nothing of it
  },
  articles: {
    'two-moves': '21',
    'illegal-move': '21',
    'touch-move': '19',
    takeback: '21',
    'opponent-piece': '21',
    'capture-missed': '16',
    'removed-without-reason': '21',
    'not-maximum-capture': '9',
    'capture-stopped': '9',
    'capture-stopped-continuable': '9',
    'incomplete-removal': '11',
    'removed-not-jumped': '21',
    'early-removal': '8', // the piece is removed after the leap
    'removed-own': '12',
    'touch-out-of-turn': '18',
    jadoube: '18',
    'move-complete': '11',
    'capture-complete': '11',
    'win-no-pieces': '23',
    'win-blocked': '23',
    resign: '23',
    'draw-agreed': '22',
  },
};
