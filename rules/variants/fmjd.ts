import type { CaptureHands, DrawRules, EndingArticles, HandlingArticles, IrregularityArticles, RuleArticles } from '../variant.ts';

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
  capturedFirst: true, // 4.16: taking one piece, the captured piece may be taken off first and the jump made after
  removalOrder: { article: '4.11' }, // "in the order of capture or the reverse ... another order is irregular"
  complete: 'removal', // 4.4, 4.12
  jumpsOnRequest: { article: '4.9' }, // "clearly shown ... failing to show it is irregular and the opponent may ask for a correction"
};

/**
 * Articles of the FMJD rules for each irregularity the referee reports (5.4; 3.11-3.14).
 */
export const fmjdIrregularities: IrregularityArticles = {
  'two-moves': '5.4.1', // playing two moves in a row
  'illegal-move': '5.4.2', // moving a man or king in an irregular way
  'touch-move': '5.4.3', // touching one piece and moving another
  takeback: '5.4.4', // taking back a move already played
  'opponent-piece': '5.4.5', // moving the opponent's piece
  'capture-missed': '5.4.6', // an ordinary move when a capture is possible
  'removed-without-reason': '5.4.7', // taking a piece off the board without reason, "bilo vlastite, bilo protivničke" (own or the opponent's)
  'not-maximum-capture': '5.4.8', // capturing more or fewer pieces than may be captured
  'capture-stopped': '5.4.9', // stopping during a multiple capture (piece let go, see 4.10)
  'capture-stopped-continuable': '5.4.13', // stopping during a multiple capture where it can go on
  'early-removal': '5.4.10', // lifting a piece irregularly during an unfinished multiple capture
  'incomplete-removal': '5.4.11', // taking off fewer pieces than were jumped
  'removed-not-jumped': '5.4.12', // "nakon uzimanja": after a capture, taking off pieces that were not jumped
  'removed-own': '5.4.14', // taking off one or more own pieces after a capture
  'touch-out-of-turn': '3.14', // touching or adjusting pieces when not on move
};

/** The FMJD rules' wins (7.2) and draw by agreement (7.3.1). */
export const fmjdEndings: EndingArticles = {
  noPieces: '7.2.3', // "the opponent has no more pieces on the board"
  blocked: '7.2.2', // "the opponent is to move but cannot, all his pieces being blocked"
  resign: '7.2.1', // "the opponent resigns, with or without a reason"
  drawAgreed: '7.3.1', // "both players accept a draw by mutual agreement"
};

/** The FMJD rules on completing a move and adjusting pieces. */
export const fmjdHandling: HandlingArticles = {
  moveComplete: '3.10', // "a move is complete when the player lets go of the piece after moving it"
  captureComplete: '4.10', // "a multiple capture is complete when the player lets go of the capturing piece"
  adjust: '3.13', // announced beforehand: "I adjust", "j'adoube"
};

/** The FMJD rules people are pointed to: touch-move and compulsory capture. */
export const fmjdArticles: RuleArticles = {
  touchMove: '3.11', // a touched piece must be played
  captureCompulsory: '4.2', // capturing is compulsory (4.13: the choice of capture)
};
