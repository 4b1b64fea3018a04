import { geometry } from '../geometry.ts';
import type { Variant } from '../variant.ts';

/** Czech draughts (ceska dama), the rules of the Czech draughts federation (seed 001). */
export const czech: Variant = {
  name: 'czech',
  gameType: 29,
  geometry: geometry(8), // cl. 2.1-2.2: 64 squares, 32 dark
  firstToMove: 'white', // cl. 3.3
  startFen: 'W:W21-32:B1-12', // cl. 2.8
  notation: 'algebraic', // cl. 2.6: files a-h, rows 1-8 from White's side
  algebraicFrom: 'white',
  menCaptureBackwards: false, // cl. 4.1: a man captures forward only
  flyingKings: true, // cl. 3.9, 4.3
  captureChoice: 'king-first', // cl. 4.13 free choice; 4.14 a king's capture has priority
  promotionInCapture: 'stop', // cl. 3.5: crowned on completing its move on the far row
  draw: {
    repetition: { count: 3, article: '6.1' },
    kingMoves: { plies: 30, article: '6.2' }, // 15 moves with no man move and no capture
    endgames: [
      {
        article: '6.4', // two kings, a king and a man, or a king against a king; up to three kings against a king on the main diagonal: five moves each
        plies: 10,
        matches: (s, w, onMain) =>
          w.kings === 1 && w.men === 0 && ((s.men === 0 && s.kings <= 2) || (s.kings === 1 && s.men === 1) || (s.men === 0 && s.kings <= 3 && onMain)),
      },
      {
        article: '6.3', // up to three kings against a king off the main diagonal: fifteen moves each
        plies: 30,
        matches: (s, w, onMain) => w.kings === 1 && w.men === 0 && s.men === 0 && s.kings <= 3 && !onMain,
      },
    ],
    claim: null,
  },
  captureHands: {
    capturedFirst: false, // cl. 4.4: jump, then remove; 4.11: removed only after the jump
    removalOrder: 'capture-or-reverse', // cl. 4.5, 4.6, 4.11
    complete: 'removal', // cl. 4.4, 4.12: the removal ends when the move is ended
    jumpsOnRequest: true, // cl. 4.9
  },
  articles: {
    'two-moves': '5.4.1',
    'illegal-move': '5.4.2',
    'touch-move': '5.4.3',
    takeback: '5.4.4',
    'opponent-piece': '5.4.5',
    'capture-missed': '5.4.6',
    'removed-without-reason': '5.4.7',
    'not-maximum-capture': '5.4.8', // a man captured where a king could (4.14)
    'capture-stopped': '5.4.9',
    'capture-stopped-continuable': '5.4.9',
    'early-removal': '5.4.10',
    'incomplete-removal': '5.4.11',
    'removed-not-jumped': '5.4.12',
    'removed-own': '5.4.14',
    'removal-order': '4.11',
    'jumps-not-shown': '4.9',
    'touch-out-of-turn': '3.14',
    jadoube: '3.13',
    'move-complete': '3.10',
    'capture-complete': '4.10',
    'win-no-pieces': '7.2.3', // "nema figury"
    'win-blocked': '7.2.2', // "je na tahu, ale jehoz figury jsou zablokovany"
    resign: '7.2.1', // "vzda partii"
    'draw-agreed': '7.3.1', // "se dohodnou"; cl. 6 is the draws by rule
  },
};
