import { geometry } from '../geometry.ts';
import type { Variant } from '../variant.ts';
import { onePointScoring } from './scoring.ts';

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
    // cl. 4.11: "v poradi, v jakem byly preskoceny, nebo opacnem. Neusporadane odstraňovani ... musi byt na zadost soupere opraveno"
    removalOrder: { article: '4.11' },
    complete: 'removal', // cl. 4.4, 4.12: the removal ends when the move is ended
    // cl. 4.9: "Nedostatecne znazornene vicenasobne brani musi byt na zadost soupere znazorneno znovu"
    jumpsOnRequest: { article: '4.9' },
  },
  irregularities: {
    'two-moves': '5.4.1', // "hrani dvakrat za sebou"
    'illegal-move': '5.4.2', // "nespravne premisteni figury"
    'touch-move': '5.4.3', // "provedeni tahu jinou vlastni figurou, nez ktere se predtim dotknul"
    takeback: '5.4.4', // "zpetvzeti tahu"
    'opponent-piece': '5.4.5', // "hrani souperovou figurou"
    'capture-missed': '5.4.6', // "opomenuti moznosti brani"
    'removed-without-reason': '5.4.7', // "bezdůvodne odstraneni souperovych nebo vlastnich figur"
    'not-maximum-capture': '5.4.8', // "brani kamenem, je-li moznost brani damou" (a man captured where a king could, 4.14)
    'capture-stopped': '5.4.9', // "zastaveni se v provadeni skoku (viz. cl. 4 odst.10)"
    'capture-stopped-continuable': '5.4.9', // the Czech rules do not tell it apart
    'early-removal': '5.4.10', // "nespravne odstraneni figury behem neukonceneho brani"
    'incomplete-removal': '5.4.11', // "odstraneni nizsiho poctu souperovych figur, nez jaky byl preskocen"
    'removed-not-jumped': '5.4.12', // "odstraneni souperovych figur, ktere nebyly v průbehu brani preskoceny"
    'removed-own': '5.4.14', // "odstraňovani vlastnich figur v průbehu brani"
    'touch-out-of-turn': '3.14', // "nema ... zadne důsledky, povazuje se vsak za nesportovni chovani"
  },
  endings: {
    noPieces: '7.2.3', // "nema figury"
    blocked: '7.2.2', // "je na tahu, ale jehoz figury jsou zablokovany"
    resign: '7.2.1', // "vzda partii"
    drawAgreed: '7.3.1', // "se dohodnou"; cl. 6 is the draws by rule
  },
  handling: {
    moveComplete: '3.10', // "Premisteni figury se povazuje za dokoncene v okamziku, jakmile hrac pustil figuru z ruky"
    captureComplete: '4.10', // "Vicenasobne preskoceni je ukonceno v okamziku, kdy hrac pusti preskakujici figuru"
    adjust: '3.13', // announced beforehand to the opponent: "vyrokem j'adoube"
  },
  articles: {
    touchMove: '3.11', // a touched piece must be played
    captureCompulsory: '4.1', // capturing is compulsory
  },
  timePerMove: null, // the rules set no time per move
  scoring: onePointScoring,
};
