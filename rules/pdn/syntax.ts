// The syntax layer of PDN 3.0: a liberal reader that turns PDN text into games of tags, moves as
// written, comments, variations and results, without knowing any draughts rules. It follows the
// reading grammar of the standard (wiegerw/pdn, doc/grammar.rst) and never throws.

import type { PdnError, PdnErrorCode, SourcePos } from './errors.ts';
import { pdnError } from './errors.ts';
import { PdnLexer } from './lexer.ts';

/**
 * A tag pair such as `[Event "NK 2009"]`, with `\"` and `\\` unescaped. Names are kept as written
 * (Italian and other names are fine); `[FEN ...]` and `[SetUp "1"]` are plain tags here.
 */
export interface PdnTag {
  name: string;
  value: string;
  pos: SourcePos;
}

/**
 * A move as written, with what is attached to it.
 *
 * `text` is the move without spaces: `32-28`, `32x23x14`, `c3:e5`, `a3b4`; `1- 6` becomes `1-6`
 * and a four-digit `3228` becomes `32-28`. Leading zeros (`06-11`) and the separator are kept
 * as written; the rules layer decides what the move means.
 *
 * @example // 12... 19-23!? $3 {good} (19-24 30x19)
 * { kind: 'move', text: '19-23', number: 12, blackFirst: true, nags: ['!?', '$3'], comments: ['good'],
 *   variations: [[{ kind: 'move', text: '19-24', ... }, { kind: 'move', text: '30x19', ... }]], pos }
 */
export interface PdnMoveNode {
  kind: 'move';
  text: string;
  pos: SourcePos;
  /** The move number written before this move (`12.` or `12...`). */
  number?: number;
  /** The move number was written with an ellipsis (`12...`, `12. ...`) or an ellipsis came before the move: a move by black. */
  blackFirst?: boolean;
  /** Move strengths glued to the move (`!`, `?!`, `*`, without parentheses) and NAGs (`$3`) after it, in order. */
  nags: string[];
  /** Comments before this move when it opens a variation, or follows a setup, and so has no earlier move to follow. */
  preComments?: string[];
  /** Comments after this move, whitespace collapsed. */
  comments: string[];
  /** Variations after this move: each is a line of alternatives to this move. */
  variations: PdnNode[][];
}

/** A position set up inside the movetext: `/FEN "W:W31-50:B1-20"/`; `fen` is the text between the quotes. */
export interface PdnSetupNode {
  kind: 'setup';
  fen: string;
  pos: SourcePos;
}

/** One element of a game's movetext. */
export type PdnNode = PdnMoveNode | PdnSetupNode;

/**
 * One game as written: its tags, the comments before its first move, its moves and its result.
 *
 * `result` is the game terminator as written (`2-0`, `1/2-1/2`, `*`, Delfts `4-6` or
 * `1 1/2 - 1/2`), absent when the game ends without one.
 *
 * @example parsePdnText('[Event "NK"]\n1. 32-28 19-23 2-0').games[0]
 * // { tags: [{ name: 'Event', value: 'NK', pos }], preComments: [], moves: [32-28, 19-23], result: '2-0', pos, errors: [] }
 */
export interface PdnGameSyntax {
  tags: PdnTag[];
  preComments: string[];
  moves: PdnNode[];
  result?: string;
  /** Where the game starts. */
  pos: SourcePos;
  /** Remarks and at most one fatal error, which is then the last one. */
  errors: PdnError[];
}

/** All games of a text, and remarks about text outside any game (a stray `)`, a comment or a lone move number after the last game). */
export interface PdnParseResult {
  games: PdnGameSyntax[];
  errors: PdnError[];
}

interface Frame {
  nodes: PdnNode[];
  parent: PdnMoveNode | null;
  open: SourcePos | null;
  pending: string[] | null; // comments waiting for the next move
  number: number | undefined;
  black: boolean;
}

/** What a PDN text holds, in its order: a game, or a remark about text outside any game. */
export type PdnTextItem = { readonly kind: 'game'; readonly game: PdnGameSyntax } | { readonly kind: 'outside'; readonly error: PdnError };

/**
 * Reads every game of a PDN text (decode bytes first with `decodePdnBytes`). Liberal: it accepts
 * the PDN 3.0 reading grammar and what real files do (move numbers glued to moves, `1- 6`,
 * strengths glued to moves, `%` escape lines, `;` comments, Delfts results, unquoted tag values).
 * Games are separated by a result or by a new tag section. Never throws and always terminates;
 * what it cannot read is reported in `errors` with line, column and reason.
 *
 * @example
 * const { games } = parsePdnText('[White "Sijbrands"]\n1. 32-28 19-23 (18-23) 2. 28x19 14x23 *');
 * games[0].moves.map((m) => m.kind === 'move' && m.text); // ['32-28', '19-23', '28x19', '14x23']
 * games[0].result; // '*'
 */
export function parsePdnText(text: string): PdnParseResult {
  return gamesAndErrors(pdnTextItems(text));
}

/** The games of a stream of games and remarks outside them (as {@link pdnTextItems} gives them), and the remarks, each in their order. */
export function gamesAndErrors<G>(items: Iterable<{ readonly kind: 'game'; readonly game: G } | { readonly kind: 'outside'; readonly error: PdnError }>): { games: G[]; errors: PdnError[] } {
  const games: G[] = [];
  const errors: PdnError[] = [];
  for (const item of items) {
    if (item.kind === 'game') games.push(item.game);
    else errors.push(item.error);
  }
  return { games, errors };
}

/**
 * The games of a PDN text one at a time, as {@link parsePdnText} reads them, with the remarks
 * about text outside any game where they occur: a game is read when it is asked for, so a
 * caller that lets each game go before asking for the next holds one game at a time, however
 * long the text.
 *
 * @example for (const item of pdnTextItems(text)) if (item.kind === 'game') console.log(item.game.moves.length);
 */
export function* pdnTextItems(text: string): Generator<PdnTextItem, void, undefined> {
  const lx = new PdnLexer(text);
  lx.next();
  while (lx.kind !== 'eof') {
    if (lx.kind === 'close' || lx.kind === 'nag' || lx.kind === 'strength') {
      const what = lx.kind === 'close' ? "A ')' with no variation open" : `The annotation '${lx.text}'`;
      yield outside(remark(lx, lx.kind === 'close' ? 'unmatched-close' : 'annotation-without-move', `${what} at line ${lx.line}, column ${lx.column} is outside any game and was ignored.`));
      lx.next();
      continue;
    }
    const game = readGame(lx);
    if (game.tags.length || game.moves.length || game.result !== undefined || game.errors.some((e) => e.fatal)) {
      yield { kind: 'game', game };
    } else {
      // Only comments, move numbers or empty variations, as after the last game: not a game.
      const p = game.pos;
      const what = game.preComments.length ? 'The comment' : 'The text';
      yield outside(pdnError('no-game', p, `${what} at line ${p.line}, column ${p.column} holds no game and was ignored.`));
      for (const error of game.errors) yield outside(error);
    }
  }
}

function outside(error: PdnError): PdnTextItem {
  return { kind: 'outside', error };
}

function remark(lx: PdnLexer, code: PdnErrorCode, reason: string): PdnError {
  return pdnError(code, lx.pos(), reason);
}

function lastMove(nodes: PdnNode[]): PdnMoveNode | null {
  const last = nodes[nodes.length - 1];
  return last !== undefined && last.kind === 'move' ? last : null;
}

function readGame(lx: PdnLexer): PdnGameSyntax {
  const game: PdnGameSyntax = { tags: [], preComments: [], moves: [], pos: lx.pos(), errors: [] };
  const root: Frame = { nodes: game.moves, parent: null, open: null, pending: null, number: undefined, black: false };
  const stack: Frame[] = [root];
  let top = root;
  let started = false; // movetext has begun: a tag now starts the next game
  let resultTag: string | undefined;
  let rootHasMove = false;
  let escapeReported = false;

  const finish = (endedByError: boolean): PdnGameSyntax => {
    while (stack.length > 1) {
      const f = top;
      if (!endedByError && f.open) {
        game.errors.push(pdnError('unclosed-variation', f.open, `The variation opened at line ${f.open.line}, column ${f.open.column} is never closed with ')'.`));
      }
      closeFrame(f, game, lx, !endedByError);
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (root.pending) {
      const m = findLastMove(root.nodes);
      appendAll(m ? m.comments : game.preComments, root.pending);
    }
    return game;
  };

  for (;;) {
    if (lx.escapedBreak && !(lx.kind === 'tag' && started)) {
      const p = lx.escapedBreak;
      lx.escapedBreak = null;
      if (!escapeReported) {
        escapeReported = true;
        game.errors.push(
          pdnError('escaped-line-break', p, `A backslash escape such as \\n stands between tokens at line ${p.line}, column ${p.column}, as in text escaped twice; read as whitespace.`),
        );
      }
    }
    switch (lx.kind) {
      case 'eof':
        return finish(false);
      case 'tag':
        if (started) return finish(false);
        game.tags.push({ name: lx.text, value: lx.value, pos: lx.pos() });
        if (lx.text === 'Result') resultTag = lx.value.replace(/\s+/g, '');
        if (lx.note) game.errors.push(remark(lx, lx.note.code, lx.note.reason));
        break;
      case 'comment': {
        const m = lastMove(top.nodes);
        if (m) m.comments.push(lx.text);
        else if (top === root && !rootHasMove) game.preComments.push(lx.text);
        else (top.pending ??= []).push(lx.text);
        break;
      }
      case 'movenum':
        started = true;
        top.number = lx.number;
        top.black = lx.black;
        break;
      case 'ellipsis':
        started = true;
        top.black = true;
        break;
      case 'move': {
        started = true;
        // A Delfts result such as 4-6 reads like a move: it is the result when it repeats the
        // Result tag and ends the game.
        if (stack.length === 1 && lx.glued === null && lx.text === resultTag && lx.atGameBoundary()) {
          game.result = lx.text;
          lx.next();
          return finish(false);
        }
        const node: PdnMoveNode = { kind: 'move', text: lx.text, pos: lx.pos(), nags: lx.glued ?? [], comments: [], variations: [] };
        if (top.number !== undefined) node.number = top.number;
        if (top.black) node.blackFirst = true;
        if (top.pending) {
          node.preComments = top.pending;
          top.pending = null;
        }
        top.number = undefined;
        top.black = false;
        top.nodes.push(node);
        if (top === root) rootHasMove = true;
        break;
      }
      case 'strength':
      case 'nag': {
        started = true;
        const m = lastMove(top.nodes);
        if (m) m.nags.push(lx.text);
        else game.errors.push(remark(lx, 'annotation-without-move', `The annotation '${lx.text}' at line ${lx.line}, column ${lx.column} does not follow a move and was ignored.`));
        break;
      }
      case 'open': {
        started = true;
        const parent = lastMove(top.nodes);
        if (!parent) game.errors.push(remark(lx, 'variation-without-move', `The variation at line ${lx.line}, column ${lx.column} does not follow a move and was ignored.`));
        top = { nodes: [], parent, open: lx.pos(), pending: null, number: undefined, black: false };
        stack.push(top);
        break;
      }
      case 'close':
        if (stack.length === 1) {
          game.errors.push(remark(lx, 'unmatched-close', `The ')' at line ${lx.line}, column ${lx.column} closes no variation and was ignored.`));
        } else {
          closeFrame(top, game, lx, true);
          stack.pop();
          top = stack[stack.length - 1];
        }
        break;
      case 'setup':
        started = true;
        top.nodes.push({ kind: 'setup', fen: lx.text, pos: lx.pos() });
        if (lx.note) game.errors.push(remark(lx, lx.note.code, lx.note.reason));
        break;
      case 'result':
        if (stack.length > 1) {
          game.errors.push(remark(lx, 'result-in-variation', `The result '${lx.text}' at line ${lx.line}, column ${lx.column} is inside a variation and was ignored.`));
          break;
        }
        game.result = lx.text;
        lx.next();
        return finish(false);
      case 'bad':
        game.errors.push(pdnError(lx.code, lx.pos(), lx.text));
        lx.resync();
        return finish(true);
    }
    lx.next();
  }
}

/** Appends every item of `from` to `to`; unlike `to.push(...from)`, for lists of any length (arguments are limited by the stack). */
function appendAll<T>(to: T[], from: readonly T[]): void {
  for (const x of from) to.push(x);
}

function findLastMove(nodes: PdnNode[]): PdnMoveNode | null {
  for (let k = nodes.length - 1; k >= 0; k--) {
    const n = nodes[k];
    if (n.kind === 'move') return n;
  }
  return null;
}

/** Ends a variation: its waiting comments go to its last move, and it joins its parent move. */
function closeFrame(f: Frame, game: PdnGameSyntax, lx: PdnLexer, remarks: boolean): void {
  const open = f.open ?? lx.pos();
  const at = `the variation at line ${open.line}, column ${open.column}`;
  if (f.pending) {
    const m = findLastMove(f.nodes);
    if (m) appendAll(m.comments, f.pending);
    else if (remarks) game.errors.push(pdnError('comment-without-move', open, `The comments in ${at} have no move to belong to and were ignored.`));
  }
  if (!f.parent) return;
  if (f.nodes.length) f.parent.variations.push(f.nodes);
  else if (!f.pending && remarks) game.errors.push(pdnError('empty-variation', open, `${at.charAt(0).toUpperCase()}${at.slice(1)} is empty and was ignored.`));
}
