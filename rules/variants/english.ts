import { geometry } from '../geometry.ts';
import type { Variant } from '../variant.ts';
import { onePointScoring } from './scoring.ts';

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
    removalOrder: null, // laws 8, 11 lay down no order
    complete: 'release', // law 11: complete when the hand is withdrawn, pieces still to be removed
    jumpsOnRequest: null, // the laws ask nothing of it
  },
  irregularities: {
    'two-moves': '21', // "a false or improper move"
    'illegal-move': '21',
    'touch-move': '19', // "if the person whose turn it is to play touches one, he must either play it or forfeit the game"
    takeback: '21',
    'opponent-piece': '21',
    'capture-missed': '16', // "fails to capture one or more men that he should have taken": the huff
    'removed-without-reason': '21', // the laws name no removal without reason: a false or improper move
    'not-maximum-capture': '9', // "he is not required to play the move which captures the greatest number of men"
    'capture-stopped': '9', // "once he begins a capturing move he must continue until all the men available on the path chosen have been captured"
    'capture-stopped-continuable': '9',
    'incomplete-removal': '11',
    'removed-not-jumped': '21', // nor one of a piece not jumped after a capture
    'early-removal': '8', // the man leaps "and then captures the piece (or pieces) by removing it from the board"
    'removed-own': '12', // "if a player removes one of his own pieces, he may not replace it"
    'touch-out-of-turn': '18', // "touch or arrange without giving intimation to his opponent"
  },
  endings: {
    noPieces: '23', // "a player captures all his opponent's men"
    blocked: '23', // "or renders them unable to move"
    resign: '23', // the laws name no resignation; the article of won games
    drawAgreed: '22', // "a draw results when neither of the players can force a win"
  },
  handling: {
    moveComplete: '11', // "completed whenever the hand is withdrawn from the piece played"
    captureComplete: '11', // "a capturing play, as well as an ordinary one, is completed whenever the hand is withdrawn"
    adjust: '18', // "on giving intimation, to arrange his own or his opponent's pieces properly on the squares"
  },
  articles: {
    touchMove: '19', // "if the person whose turn it is to play touches one, he must either play it or forfeit the game"
    captureCompulsory: '9', // capturing is compulsory; the player chooses which
  },
  timePerMove: { call: '24', oneWay: '25' }, // time called at 5 min, at 1 min with only one way of taking; lost a minute later
  scoring: onePointScoring,
};
