// The viewer page's model and words (host/web/static/watchModel.js), run in Node: the round built
// from the relay's events without doubled moves when a reconnection replays some, a skipped
// revision taken and counted, the running clock counted down from when its state came, and what
// a spectator reads on a card and on a board's page.
import { describe, expect, it } from 'vitest';
import type { BoardEvent, RoundSnapshot } from '../broadcast/types.ts';
import type { IrregularityView } from '../game/types.ts';

type Model = { event: string; round: string; date: string; site: string; delayMs: number; boards: BoardEvent[]; layouts: RoundSnapshot['layouts']; received: Record<number, number>; rounds: number; gaps: number };
type Clock = NonNullable<BoardEvent['clock']>;
type Square = { name: string; row: number; col: number; piece: string | null; last: boolean; captured: boolean };
interface WatchModel {
  emptyModel(): Model;
  applyEvent(model: Model, type: string, data: unknown, now?: number): Model;
  boardOf(model: Model, n: number): BoardEvent | null;
  clockShown(clock: Clock | null, receivedAt: number, now: number): { white: number; black: number; running: 'white' | 'black' | null } | null;
  boardClock(state: BoardEvent, receivedAt: number, now: number): { white: number; black: number; running: 'white' | 'black' | null } | null;
  linkDown(link: string): boolean;
  cardWords(state: BoardEvent): { title: string; white: string; black: string; players: string; moves: string; turn: string; result: string; score: string; lastMove: string; link: string; irregularity: string; label: string };
  boardSquares(state: BoardEvent, layouts: RoundSnapshot['layouts']): Square[] | null;
  positionWords(squares: Square[] | null): string;
  moveRows(state: BoardEvent): { number: number; late: boolean; moves: { ply: number; text: string; name: string; irregular: { code: string; article: string } | null; last: boolean }[] }[];
  delayWords(delayMs: number): string;
  connectionWords(readyState: number, hadRound: boolean): string;
  roundTitle(model: Model): string;
  boardFromQuery(search: string): number | null;
  irregularityWords(state: BoardEvent): (Record<string, unknown> & { statusWords: string; who: string; required: string; code: string; article: string }) | null;
}
const url = new URL('./static/watchModel.js', import.meta.url).href;
const w = (await import(/* @vite-ignore */ url)) as WatchModel;

/** The international start position: 20 black men, 10 empty squares, 20 white men. */
const START = `${'b'.repeat(20)}${'.'.repeat(10)}${'w'.repeat(20)}`;
/** The 10x10 board's 50 dark squares as the relay names and places them. */
const LAYOUT = Array.from({ length: 50 }, (_, i) => ({ name: String(i + 1), row: Math.floor(i / 5), col: 2 * (i % 5) + (Math.floor(i / 5) % 2 === 0 ? 1 : 0) }));

function board(over: Partial<BoardEvent> = {}): BoardEvent {
  return {
    event: 'Club night',
    round: '3',
    board: 1,
    variant: 'international',
    size: 10,
    players: { white: 'Anna', black: 'Bert' },
    position: START,
    turn: 'white',
    moves: [],
    lastMove: null,
    clock: { white: 60_000, black: 60_000, running: null, control: '1:00' },
    result: null,
    irregularity: null,
    link: 'connected',
    pdn: '',
    t: 1_000,
    rev: 1,
    ...over,
  };
}

function snapshot(boards: BoardEvent[], delayMs = 0, over: Partial<RoundSnapshot> = {}): RoundSnapshot {
  return { id: 'a1b2c3d4.7', event: 'Club night', round: '3', date: '', site: '', delayMs, boards, layouts: { international: LAYOUT }, ...over };
}

const move = (ply: number, text: string, irregular: { code: string; article: string } | null = null) => ({ ply, side: ply % 2 === 1 ? ('white' as const) : ('black' as const), text, irregular });

describe('the round as the events build it', () => {
  it('takes the round whole, in board order, and each board\'s newer state', () => {
    let m = w.applyEvent(w.emptyModel(), 'round', snapshot([board({ board: 2 }), board({ board: 1 })]), 5);
    expect(m.boards.map((b) => b.board)).toEqual([1, 2]);
    expect(m.received).toEqual({ 1: 5, 2: 5 });
    expect(m.rounds).toBe(1);
    m = w.applyEvent(m, 'board', board({ board: 2, rev: 2, moves: [move(1, '32-28')] }), 9);
    expect(w.boardOf(m, 2)!.moves).toHaveLength(1);
    expect(m.received[2]).toBe(9);
    expect(m.received[1]).toBe(5);
    expect(m.gaps).toBe(0);
  });

  it('ignores a state it has or an older one (a reconnection replaying events): no doubled moves', () => {
    let m = w.applyEvent(w.emptyModel(), 'round', snapshot([board({ rev: 3 })]));
    const same = w.applyEvent(m, 'board', board({ rev: 3, moves: [move(1, '32-28')] }));
    expect(same).toBe(m);
    expect(w.applyEvent(m, 'board', board({ rev: 2 }))).toBe(m);
    m = w.applyEvent(m, 'board', board({ rev: 4, moves: [move(1, '32-28')] }));
    m = w.applyEvent(m, 'board', board({ rev: 4, moves: [move(1, '32-28')] }));
    expect(w.boardOf(m, 1)!.moves.map((x) => x.text)).toEqual(['32-28']);
  });

  it('takes a state whose rev skips (the state is whole) and counts the gap', () => {
    let m = w.applyEvent(w.emptyModel(), 'round', snapshot([board({ rev: 1 })]));
    m = w.applyEvent(m, 'board', board({ rev: 4, moves: [move(1, '32-28'), move(2, '19-23')] }));
    expect(w.boardOf(m, 1)!.rev).toBe(4);
    expect(m.gaps).toBe(1);
    // A fresh round (the relay restarted: its numbering starts again) is taken whole; the gaps seen stay counted.
    m = w.applyEvent(m, 'round', snapshot([board({ rev: 1 })]));
    expect(w.boardOf(m, 1)!.rev).toBe(1);
    expect(m.gaps).toBe(1);
    expect(m.rounds).toBe(2);
  });

  it('adds a board it did not have in its place, and ignores what is not an event of the stream', () => {
    let m = w.applyEvent(w.emptyModel(), 'round', snapshot([board({ board: 1 }), board({ board: 3 })]));
    m = w.applyEvent(m, 'board', board({ board: 2, rev: 5 }));
    expect(m.boards.map((b) => b.board)).toEqual([1, 2, 3]);
    expect(m.gaps).toBe(0);
    expect(w.applyEvent(m, 'board', { board: 'x' })).toBe(m);
    expect(w.applyEvent(m, 'board', { ...board(), rev: undefined })).toBe(m);
    expect(w.applyEvent(m, 'heartbeat', {})).toBe(m);
    expect(w.applyEvent(m, 'round', null)).toBe(m);
  });
});

describe('the clocks', () => {
  it('counts the running clock down from when its state came, never below 0; the stopped one as it is', () => {
    const clock: Clock = { white: 5_000, black: 90_000, running: 'white', control: '' };
    expect(w.clockShown(clock, 1_000, 3_500)).toEqual({ white: 2_500, black: 90_000, running: 'white' });
    expect(w.clockShown(clock, 1_000, 10_000)!.white).toBe(0);
    expect(w.clockShown({ ...clock, running: 'black' }, 1_000, 3_000)).toEqual({ white: 5_000, black: 88_000, running: 'black' });
    expect(w.clockShown({ ...clock, running: null }, 0, 99_000)).toEqual({ white: 5_000, black: 90_000, running: null });
    // A page clock that went back (a new page's zero) counts nothing.
    expect(w.clockShown(clock, 5_000, 1_000)!.white).toBe(5_000);
    expect(w.clockShown(null, 0, 0)).toBeNull();
  });

  it('stops both clocks once the game is over', () => {
    const over = board({ clock: { white: 5_000, black: 9_000, running: 'black', control: '' }, result: { result: '2-0', reason: 'resignation', article: '7.2.1' } });
    expect(w.boardClock(over, 0, 3_000)).toEqual({ white: 5_000, black: 9_000, running: null });
  });
});

describe('the words of a card', () => {
  it('names the board, the players with their colours, the moves, whose turn and the last move', () => {
    const s = board({ board: 3, moves: [move(1, '32-28'), move(2, '19-23')], turn: 'white' });
    const c = w.cardWords(s);
    expect(c.label).toBe('Board 3: Anna (White) – Bert (Black), 1 move, White to move, last move 1... 19-23');
    expect(c.players).toBe('Anna – Bert');
    expect(c.lastMove).toBe('1... 19-23');
    expect(c.turn).toBe('White to move');
    expect(c.link).toBe('');
    expect(c.irregularity).toBe('');
    expect(w.cardWords(board({ moves: [move(1, '32-28')], turn: 'black' })).label).toBe('Board 1: Anna (White) – Bert (Black), 1 move, Black to move, last move 1. 32-28');
    // Moves as draughts counts them (issue 29: a card said "63 moves" at move 32): White's and Black's are one move.
    const plies = Array.from({ length: 63 }, (_, i) => move(i + 1, i % 2 === 0 ? '32-28' : '19-23'));
    expect(w.cardWords(board({ moves: plies, turn: 'black' })).moves).toBe('32 moves');
  });

  it('says the board is disconnected, an irregularity waits for a side\'s decision, and the result', () => {
    const irregularity: IrregularityView = { code: 'touch-move', article: '3.11', message: 'White touched 31 and moved 33.', decision: 'decide', status: 'pending', decides: 'black', choices: null, required: 'White must play the piece on 31' };
    const c = w.cardWords(board({ link: 'lost', irregularity }));
    expect(c.link).toBe('Board disconnected');
    expect(c.irregularity).toBe('Irregularity: Black decides');
    expect(c.label).toMatch(/, board disconnected, irregularity: black decides$/);
    expect(w.cardWords(board({ irregularity: { ...irregularity, status: 'correcting' } })).irregularity).toBe('Irregularity: being corrected');
    expect(w.cardWords(board({ irregularity: { ...irregularity, decision: 'note', status: 'noted', decides: null } })).irregularity).toBe('');
    const over = w.cardWords(board({ result: { result: '0-2', reason: 'time', article: '7.3' } }));
    expect(over.result).toBe('0-2: Black wins, time (article 7.3)');
    expect(over.turn).toBe('Game over');
    expect(over.label).toContain('result 0-2: Black wins, time (article 7.3)');
    expect(w.linkDown('connected')).toBe(false);
    expect(w.linkDown('closed')).toBe(true);
  });

  it('reads an unknown player as the side', () => {
    const c = w.cardWords(board({ players: { white: '?', black: '' } }));
    expect(c.label.startsWith('Board 1: White – Black, 0 moves')).toBe(true);
  });

  // Issue 26, finding 10: a right-to-left override in a name reversed the rest of the sentence.
  it('a name\'s bidirectional overrides and control characters are left out, a right-to-left name isolated: the sentence keeps its order', () => {
    const c = w.cardWords(board({ players: { white: 'Anna\u202e evil', black: 'Bert\u2066\u001b[2J\u200f' } }));
    expect(c.label).toBe('Board 1: Anna evil (White) – Bert [2J (Black), 0 moves, White to move');
    expect([c.white, c.black, c.players]).toEqual(['Anna evil', 'Bert [2J', 'Anna evil – Bert [2J']);
    const rtl = w.cardWords(board({ players: { white: '\u202bמשה\u202c', black: 'محمد' } }));
    expect(rtl.label).toBe('Board 1: \u2068משה\u2069 (White) – \u2068محمد\u2069 (Black), 0 moves, White to move');
    expect(w.roundTitle({ ...w.emptyModel(), event: 'Open\u202e 2026', round: '3' })).toBe('Open 2026, round 3');
  });
});

describe('the board drawn and in words', () => {
  it('places the pieces of the position on the layout, tints the last move and marks the captured squares', () => {
    const position = `${'b'.repeat(19)}.${'.'.repeat(4)}B${'.'.repeat(5)}${'w'.repeat(19)}W`;
    const s = board({ position, lastMove: { squares: ['25', '20'], captured: ['14'] } });
    const sq = w.boardSquares(s, { international: LAYOUT })!;
    expect(sq).toHaveLength(50);
    expect(sq[0]).toEqual({ name: '1', row: 0, col: 1, piece: 'bm', last: false, captured: false });
    expect(sq[24]).toMatchObject({ name: '25', piece: 'bk', last: true });
    expect(sq[19]).toMatchObject({ name: '20', piece: null, last: true });
    expect(sq[13].captured).toBe(true);
    expect(sq[49].piece).toBe('wk');
    expect(w.boardSquares(s, {})).toBeNull();
    expect(w.boardSquares(board({ position: 'bbb' }), { international: LAYOUT })).toBeNull();
    expect(w.positionWords(sq)).toMatch(/^White: men on 31, 32, .* and 49; a king on 50\. Black: men on 1, 2, .* and 19; a king on 25\.$/);
    expect(w.positionWords(w.boardSquares(board({ position: `w${'.'.repeat(49)}` }), { international: LAYOUT }))).toBe('White: a man on 1. Black: no pieces.');
  });

  it('lists the moves in PDN pairs, an irregular one with its code and article', () => {
    const s = board({ moves: [move(1, '32-28'), move(2, '19-23'), move(3, '33-28', { code: 'touch-move', article: '3.11' })] });
    const rows = w.moveRows(s);
    expect(rows.map((r) => [r.number, r.moves.map((m) => m.text)])).toEqual([[1, ['32-28', '19-23']], [2, ['33-28']]]);
    expect(rows[1].moves[0]).toMatchObject({ irregular: { code: 'touch-move', article: '3.11' }, last: true, name: '2. 33-28, irregular: touch-move, article 3.11' });
    expect(rows[0].late).toBe(false);
    const fromBlack = w.moveRows(board({ moves: [move(2, '19-23'), move(3, '32-28')] }));
    expect(fromBlack[0]).toMatchObject({ number: 1, late: true });
    expect(w.moveRows(board())).toEqual([]);
  });

  it('says the irregularity as the arbiter sees it: where it stands and who decides', () => {
    const irregularity: IrregularityView = { code: 'touch-move', article: '3.11', message: 'White touched 31 and moved 33.', decision: 'decide', status: 'pending', decides: 'black', choices: { accept: '33-28 stands', correct: 'White plays 31' }, required: 'White must play the piece on 31 (touched, 3.11)' };
    const i = w.irregularityWords(board({ irregularity }))!;
    expect(i.statusWords).toBe('Pending: waiting for Black\'s decision');
    expect(i.who).toBe('Black decides (FMJD 5.4): accept the move or have it corrected.');
    expect(i.required).toBe('White must play the piece on 31 (touched, 3.11)');
    expect(w.irregularityWords(board({ irregularity: { ...irregularity, status: 'correcting' } }))!.statusWords).toMatch(/^Correcting/);
    expect(w.irregularityWords(board({ irregularity: { ...irregularity, decision: 'note', status: 'noted', decides: null } }))!.statusWords).toBe('Noted');
    expect(w.irregularityWords(board())).toBeNull();
  });
});

describe('the page\'s other words', () => {
  it('says how late a delayed broadcast is shown, nothing when live', () => {
    expect(w.delayWords(0)).toBe('');
    expect(w.delayWords(15 * 60_000)).toBe('Moves and clocks are shown 15 minutes late.');
    expect(w.delayWords(60_000)).toBe('Moves and clocks are shown 1 minute late.');
    expect(w.delayWords(30_000)).toBe('Moves and clocks are shown 30 seconds late.');
    expect(w.delayWords(150_000)).toBe('Moves and clocks are shown 2.5 minutes late.');
  });

  it('says the connection: connecting first, reconnecting once the round came, live', () => {
    expect(w.connectionWords(0, false)).toBe('connecting…');
    expect(w.connectionWords(0, true)).toBe('reconnecting…');
    expect(w.connectionWords(1, true)).toBe('live');
    expect(w.connectionWords(2, true)).toMatch(/^disconnected/);
  });

  it('titles the round and reads the board asked for in the address', () => {
    const m = w.applyEvent(w.emptyModel(), 'round', snapshot([]));
    expect(w.roundTitle(m)).toBe('Club night, round 3');
    expect(w.roundTitle(w.emptyModel())).toBe('Live boards');
    expect(w.boardFromQuery('?board=12')).toBe(12);
    expect(w.boardFromQuery('')).toBeNull();
    expect(w.boardFromQuery('?board=0')).toBeNull();
    expect(w.boardFromQuery('?board=2x')).toBeNull();
  });

  // Issue 29, finding 6: the header had no date or site, and PDN's unknown values must not show.
  it('titles the round with the event, round, site and date the feed carries, an unknown one left out', () => {
    const m = w.applyEvent(w.emptyModel(), 'round', snapshot([], 0, { date: '2009.04.11', site: 'Wageningen' }));
    expect(w.roundTitle(m)).toBe('Club night, round 3 · Wageningen · 2009.04.11');
    const unknown = w.applyEvent(w.emptyModel(), 'round', snapshot([], 0, { round: '?', date: '????.??.??', site: '' }));
    expect(w.roundTitle(unknown)).toBe('Club night');
    expect(w.roundTitle(w.applyEvent(w.emptyModel(), 'round', snapshot([], 0, { event: '?', round: '-', site: 'Utrecht' })))).toBe('Utrecht');
  });
});
