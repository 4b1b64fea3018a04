/* global URLSearchParams */
// The viewer page's model and words (issue 15: every board of an event live): the round as the
// relay's events build it, the clocks counted down between two states, and what a spectator
// reads on a board's card and on its own page. Pure functions, no document: the tests run them
// in Node, the page (watch.js) draws what they give.
//
// The relay sends the round whole first (`round`: a RoundSnapshot), then each change of a board
// as that board's whole state numbered per board (`board`: a BoardEvent with `rev`). A state
// received again (a reconnection replaying events the page has) changes nothing; a state whose
// `rev` skips one or more is taken all the same, since each state is whole, and the skip is
// counted in `gaps`.

import { headerLine, moveName, pairMoves, resultLine, shownName, sideName } from './format.js';
import { irregularityPanel, listWords } from './notices.js';
import { isKing, pieceOf } from './pieces.js';
import { t } from './words.js';

/** @typedef {import('./pieces.js').Piece} Piece */

/** A board's state as the relay sends it to viewers (host/broadcast/types.ts). @typedef {import('../../broadcast/types.ts').ViewerBoard} BoardEvent */
/** @typedef {{name: string, row: number, col: number}} LayoutSquare */
/**
 * The round as the page knows it: the snapshot's fields, every board's last state in board
 * order, when each was received (the page's clock, ms), how many `round` events came, and how
 * many times a board's `rev` skipped.
 * @typedef {{
 *   event: string, round: string, date: string, site: string, delayMs: number, boards: BoardEvent[],
 *   layouts: Record<string, LayoutSquare[]>, received: Record<number, number>,
 *   rounds: number, gaps: number
 * }} RoundModel
 */

/** The model before the first event: no boards. @returns {RoundModel} */
export function emptyModel() {
  return { event: '', round: '', date: '', site: '', delayMs: 0, boards: [], layouts: {}, received: {}, rounds: 0, gaps: 0 };
}

/** @type {(x: unknown) => x is Record<string, any>} */
const isObject = (x) => typeof x === 'object' && x !== null;
const isBoardState = (/** @type {any} */ b) => isObject(b) && Number.isInteger(b.board) && b.board > 0 && Array.isArray(b.moves) && typeof b.position === 'string';

/**
 * The round model after an event of the relay's stream, received at `now` (the page's clock, ms;
 * the running clocks count down from it). `round`: the snapshot replaces the round (a
 * reconnection the relay could not answer with the missed changes, or a relay restarted, whose
 * numbering starts again); the count of gaps carries on. `board`: the board's new state, in
 * board order; one whose `rev` is not above the state the model has is ignored (the model itself
 * is returned), one that skips revisions is taken and `gaps` counts one more. Anything else, or
 * data that is not a board state, changes nothing.
 * @param {RoundModel} model
 * @param {string} type the SSE event's name
 * @param {any} data its data, parsed
 * @param {number} [now]
 * @returns {RoundModel}
 */
export function applyEvent(model, type, data, now = 0) {
  if (type === 'round') {
    if (!isObject(data) || !Array.isArray(data.boards)) return model;
    const boards = data.boards.filter(isBoardState).slice().sort((/** @type {BoardEvent} */ a, /** @type {BoardEvent} */ b) => a.board - b.board);
    /** @type {Record<number, number>} */
    const received = {};
    for (const b of boards) received[b.board] = now;
    return {
      event: String(data.event ?? ''),
      round: String(data.round ?? ''),
      date: String(data.date ?? ''),
      site: String(data.site ?? ''),
      delayMs: Number.isFinite(data.delayMs) && data.delayMs > 0 ? data.delayMs : 0,
      boards,
      layouts: isObject(data.layouts) ? data.layouts : {},
      received,
      rounds: model.rounds + 1,
      gaps: model.gaps,
    };
  }
  if (type !== 'board' || !isBoardState(data) || !Number.isInteger(data.rev)) return model;
  const at = model.boards.findIndex((b) => b.board === data.board);
  const old = at < 0 ? null : model.boards[at];
  if (old && data.rev <= old.rev) return model;
  const skipped = old !== null && data.rev > old.rev + 1;
  const boards = old ? model.boards.map((b, i) => (i === at ? data : b)) : [...model.boards, data].sort((a, b) => a.board - b.board);
  return { ...model, boards, received: { ...model.received, [data.board]: now }, gaps: model.gaps + (skipped ? 1 : 0) };
}

/** Board `n` of the model, or null. @param {RoundModel} model @param {number} n */
export function boardOf(model, n) {
  return model.boards.find((b) => b.board === n) ?? null;
}

/**
 * The clocks as shown at `now`: the running one counted down from `receivedAt`, when the state
 * that carries them was received (never below 0), the stopped one as it is. null without a clock.
 * @param {{white: number, black: number, running: 'white'|'black'|null, control?: string} | null | undefined} clock
 * @param {number} receivedAt
 * @param {number} now
 * @returns {{white: number, black: number, running: 'white'|'black'|null} | null}
 */
export function clockShown(clock, receivedAt, now) {
  if (!clock) return null;
  const gone = Math.max(0, now - receivedAt);
  const run = (/** @type {'white'|'black'} */ side) => (clock.running === side ? Math.max(0, clock[side] - gone) : clock[side]);
  return { white: run('white'), black: run('black'), running: clock.running === 'white' || clock.running === 'black' ? clock.running : null };
}

/**
 * The clocks of a board as shown at `now`: stopped once the game is over (a host that left one
 * running at the result is not counted down).
 * @param {BoardEvent} state
 * @param {number} receivedAt
 * @param {number} now
 */
export function boardClock(state, receivedAt, now) {
  if (!state.clock) return null;
  return clockShown(state.result ? { ...state.clock, running: null } : state.clock, receivedAt, now);
}

/** The link states in which the board is not seen (notices.js says the same of the play page). */
const LINK_DOWN = new Set(['lost', 'closed', 'incompatible']);

/** Whether the board's link is down: moves made on it are not seen until it is back. @param {string} link */
export function linkDown(link) {
  return LINK_DOWN.has(String(link));
}

/** A player's name as people read it (shownName: no control, isolated when right to left); the side's name when the pairing does not know it. @param {BoardEvent} state @param {'white'|'black'} side */
export function playerName(state, side) {
  return shownName(state.players && state.players[side]) || sideName(side);
}

/**
 * `n move(s)`, counted as draughts counts them: a move is White's and Black's (move 32 is 63 or
 * 64 plies), so the count is the last ply's move number. @param {readonly {ply: number}[]} moves
 */
function movesWords(moves) {
  const last = moves.length > 0 ? moves[moves.length - 1].ply : 0;
  return t('watch.moves', { count: Math.ceil(last / 2) });
}

/**
 * The words of a board's card: its title, players (White – Black), whose turn or the result, the
 * last move, the badges (link lost, an irregularity waiting or being corrected) and the whole as
 * one name for the card's link: `Board 3: Anna (White) – Bert (Black), 12 moves, White to move,
 * last move 12... 19-23`.
 * @param {BoardEvent} state
 */
export function cardWords(state) {
  const white = playerName(state, 'white');
  const black = playerName(state, 'black');
  const named = (/** @type {string} */ name, /** @type {'white'|'black'} */ side) => (name === sideName(side) ? name : t('watch.named', { name, side }));
  const moves = state.moves;
  const last = moves.length > 0 ? moves[moves.length - 1] : null;
  const lastMove = last ? moveName(last, moves[0].ply) : '';
  const result = state.result ? resultLine(state.result) : '';
  const turn = state.result ? t('common.gameOver') : t('common.toMove', { side: state.turn });
  const link = linkDown(state.link) ? t('watch.badgeLost') : '';
  const panel = irregularityPanel(state);
  const irregularity = !panel || panel.status === 'noted' ? '' : t('watch.badgeIrregularity', { status: panel.status === 'pending' ? panel.decides ?? 'pending' : 'correcting' });
  const parts = [t('watch.cardTitle', { board: state.board, white: named(white, 'white'), black: named(black, 'black') }), movesWords(moves), result ? t('watch.cardResult', { result }) : turn];
  if (lastMove) parts.push(t('watch.lastMove', { move: lastMove }));
  if (link) parts.push(link.toLowerCase());
  if (irregularity) parts.push(irregularity.toLowerCase());
  return {
    title: t('watch.board', { board: state.board }),
    white,
    black,
    players: `${white} – ${black}`,
    moves: movesWords(moves),
    turn,
    result,
    /** The score alone, for the card: `2-0`. */
    score: state.result ? state.result.result : '',
    lastMove,
    link,
    irregularity,
    label: parts.join(', '),
  };
}

/**
 * The dark squares of a board to draw: the layout's squares with the piece each holds (`wm`
 * `wk` `bm` `bk` or null, from `position`), and whether the last move left or reached it (`last`)
 * or captured a piece there (`captured`). null when the variant's layout is not known or does
 * not fit the position.
 * @param {BoardEvent} state
 * @param {Record<string, LayoutSquare[]>} layouts
 * @returns {{name: string, row: number, col: number, piece: Piece | null, last: boolean, captured: boolean}[] | null}
 */
export function boardSquares(state, layouts) {
  const layout = layouts && layouts[state.variant];
  if (!Array.isArray(layout) || layout.length !== state.position.length) return null;
  const last = new Set(state.lastMove ? state.lastMove.squares : []);
  const captured = new Set(state.lastMove ? state.lastMove.captured : []);
  return layout.map((sq, i) => {
    const ch = state.position[i];
    const piece = pieceOf(ch) ?? null;
    return { name: sq.name, row: sq.row, col: sq.col, piece, last: last.has(sq.name), captured: captured.has(sq.name) };
  });
}

/**
 * The position in words, the text alternative of a drawn board: `White: men on 31, 32 and 33;
 * a king on 5. Black: men on 1 and 2.` A side with nothing left: `White: no pieces.`
 * @param {ReturnType<typeof boardSquares>} squares
 */
export function positionWords(squares) {
  if (!squares) return t('watch.positionUnknown');
  const side = (/** @type {'w'|'b'} */ c) => {
    const men = squares.filter((s) => s.piece === `${c}m`).map((s) => s.name);
    const kings = squares.filter((s) => s.piece === `${c}k`).map((s) => s.name);
    const parts = [];
    if (men.length) parts.push(t('watch.menOn', { count: men.length, squares: listWords(men) }));
    if (kings.length) parts.push(t('watch.kingsOn', { count: kings.length, squares: listWords(kings) }));
    return t('watch.sidePieces', { side: c === 'w' ? 'white' : 'black', pieces: parts.length ? parts.join('; ') : 'none' });
  };
  return `${side('w')} ${side('b')}`;
}

/** What a piece is called on its own: `man` or `king`. @param {Piece} piece */
export function pieceWord(piece) {
  return t('watch.pieceWord', { piece: isKing(piece) ? 'king' : 'man' });
}

/**
 * The move list in PDN pairs (`1. 32-28 19-23`), each move with its name for a screen reader and,
 * when it stands irregular, its code and article.
 * @param {BoardEvent} state
 * `late`: the row's first move is not in the record (a record that starts with the second move).
 * @returns {{number: number, late: boolean, moves: {ply: number, text: string, name: string, irregular: {code: string, article: string} | null, last: boolean}[]}[]}
 */
export function moveRows(state) {
  const moves = state.moves;
  if (moves.length === 0) return [];
  const first = moves[0].ply;
  const lastPly = moves[moves.length - 1].ply;
  const byPly = new Map(moves.map((m) => [m.ply, m]));
  return pairMoves(moves).map((row) => ({
    number: row.number,
    late: row.first === null,
    moves: [row.first, row.second].flatMap((c) => {
      const m = c ? byPly.get(c.ply) : undefined;
      return m ? [{ ply: m.ply, text: m.text, name: moveName(m, first), irregular: m.irregular ?? null, last: m.ply === lastPly }] : [];
    }),
  }));
}

/**
 * The delay in words for the notice: `Moves and clocks are shown 15 minutes late.`; '' when the
 * broadcast is live. Whole minutes as minutes, anything shorter or in between in seconds.
 * @param {number} delayMs
 */
export function delayWords(delayMs) {
  if (!(delayMs > 0)) return '';
  const s = Math.round(delayMs / 1000);
  const amount = s >= 60 && s % 60 === 0 ? t('watch.minutes', { count: s / 60 }) : s >= 120 ? t('watch.minutes', { count: Math.round(s / 6) / 10 }) : t('watch.seconds', { count: Math.max(1, s) });
  return t('watch.delay', { amount });
}

/**
 * The connection to the relay in words, from the EventSource's readyState (0 connecting, 1
 * open, 2 closed) and whether the page has had the round yet.
 * @param {number} readyState
 * @param {boolean} hadRound
 */
export function connectionWords(readyState, hadRound) {
  if (readyState === 1) return t('common.live');
  if (readyState === 0) return hadRound ? t('common.reconnecting') : t('common.connecting');
  return t('watch.disconnected');
}

/**
 * The round's title: `Club night, round 3 · Utrecht · 2026.11.24` (the event, round, site and
 * date the feed carries, each left out when not known: never `round ?`); `Live boards` when none
 * is known. @param {RoundModel} model
 */
export function roundTitle(model) {
  return headerLine(model) || t('watch.roundTitle');
}

/**
 * The board the page's address asks for (`?board=3`), or null for the round.
 * @param {string} search `location.search`
 */
export function boardFromQuery(search) {
  const m = /^[1-9]\d{0,3}$/.exec(new URLSearchParams(search).get('board') ?? '');
  return m ? Number(m[0]) : null;
}

/**
 * The irregularity as the arbiter sees it, for the board's page: its code, article, message,
 * where it stands in words (`Waiting for Black's decision`, `Being corrected`, `Noted`), who
 * decides and what the rules required. null without one.
 * @param {BoardEvent} state
 */
export function irregularityWords(state) {
  const panel = irregularityPanel(state);
  if (!panel) return null;
  const status = t('watch.irrStatus', { status: panel.status === 'pending' ? panel.decides ?? 'pending' : panel.status });
  return { ...panel, statusWords: status };
}
