// The rules layer of PDN: games read by the syntax layer are replayed under their variant's
// rules, each move matched to exactly one legal move, and written back as strict PDN 3.0.

import type { FenWarning } from '../fen.ts';
import { parseFen, writeFen } from '../fen.ts';
import type { Move } from '../move.ts';
import { sameMove } from '../move.ts';
import type { MoveTextError } from '../moveText.ts';
import { formatMove, parseMoveText } from '../moveText.ts';
import type { Position } from '../position.ts';
import { legalMoves, play } from '../position.ts';
import type { Variant } from '../variant.ts';
import { gameTypeList, variantByGameType, variantByName, variants } from '../variants/index.ts';
import { decodePdnBytes } from './decode.ts';
import { ROSTER, rosterValue } from './roster.ts';
import type { PdnError, PdnErrorCode, SourcePos } from './errors.ts';
import { pdnError } from './errors.ts';
import type { PdnGameSyntax, PdnMoveNode, PdnNode, PdnTag } from './syntax.ts';
import { gamesAndErrors, pdnTextItems } from './syntax.ts';
import type { WritableNode } from './write.ts';
import { writePdnGame } from './write.ts';

/** A move of a replayed game: what was written and the legal move it names. */
export interface PdnPly {
  readonly kind: 'ply';
  readonly move: Move;
  /** The move as written in the file. */
  readonly text: string;
  readonly before: Position;
  readonly after: Position;
  readonly nags: readonly string[];
  readonly preComments: readonly string[];
  readonly comments: readonly string[];
  /** Replayed alternatives to this move (each starts from `before`). */
  readonly variations: readonly PdnLine[];
  readonly pos: SourcePos;
}

/** A position set up in the movetext (`/FEN "..."/`): play goes on from it. */
export interface PdnSetup {
  readonly kind: 'setup';
  readonly position: Position;
  readonly pos: SourcePos;
}

export type PdnLine = readonly (PdnPly | PdnSetup)[];

/** Where a game's variant came from. */
export type VariantSource = 'option' | 'GameType' | 'Variant' | 'guessed' | 'default';

/**
 * A game read from PDN and replayed. `error` is the first thing that stopped the replay (a
 * move that is not legal, not readable, or a syntax error), with its line and column;
 * `remarks` are what was read anyway (an odd tag, an illegal move inside a variation).
 */
export interface PdnGame {
  readonly variant: Variant;
  readonly variantSource: VariantSource;
  readonly tags: readonly PdnTag[];
  readonly start: Position;
  readonly preComments: readonly string[];
  /** The main line, as far as it could be replayed. */
  readonly line: PdnLine;
  /** The result as written (`2-0`, `1-0`, `*`, ...), if any. */
  readonly result: string | undefined;
  /** The position at the end of the main line. */
  readonly end: Position;
  readonly error: PdnError | null;
  readonly remarks: readonly PdnError[];
  readonly pos: SourcePos;
  /**
   * For a game whose variant was guessed (no GameType or Variant tag, moves not legal in
   * international draughts): every variant in whose rules all its moves are legal, the one it
   * was read as first. Undefined when the variant was not guessed, or no variant fits.
   */
  readonly legalIn?: readonly Variant[];
}

/** Options for reading PDN. */
export interface ReadPdnOptions {
  /** Play every game under this variant, whatever its tags say. */
  readonly variant?: Variant;
  /**
   * The variant to read a game without a GameType tag as when its moves are legal in it and in
   * other 8x8 variants alike (the variant every other game of its file fits, say), before the
   * order of notation; and a game with no moves and no FEN, which fits every variant.
   */
  readonly prefer?: Variant;
}

/**
 * Reads every game of a PDN file (bytes: UTF-8, UTF-16 or latin-1, as decodeText reads them)
 * and replays it. Never throws. {@link readPdnGames} gives the games one at a time.
 *
 * The variant of each game is, in order: `options.variant`; the `GameType` tag (PDN 3.0);
 * a `Variant` tag naming one (`American/English`, `Russian`); else international when the
 * whole main line is legal in it (the PDN default); else it is guessed among the 8x8 variants
 * under which the whole main line is legal (`legalIn`): those that write moves as the game does
 * (English for numbered games; Russian, Brazilian, Czech, in this order, for games written
 * a1-h8; `options.prefer` before them), else the others, with a remark naming them all. When
 * two of them read the moves differently (a capture that crowns in Russian and not in
 * Brazilian), the game is not guessed: a `variant-ambiguous` error at the first move they read
 * differently asks for its variant.
 */
export function readPdn(input: Uint8Array | string, options: ReadPdnOptions = {}): { games: PdnGame[]; errors: PdnError[] } {
  return gamesAndErrors(readPdnGames(input, options));
}

/** What a PDN file holds, in its order: a game replayed, or a remark about text outside any game. */
export type PdnFileItem = { readonly kind: 'game'; readonly game: PdnGame } | { readonly kind: 'outside'; readonly error: PdnError };

/**
 * The games of a PDN file one at a time, as {@link readPdn} reads and replays them, with the
 * remarks about text outside any game where they occur. Each game is read and replayed when it
 * is asked for: a caller that keeps only what it needs of each game (a line of a report) holds
 * one game at a time however large the file, where readPdn holds every game replayed (tens of
 * times the size of the file).
 *
 * @example for (const item of readPdnGames(bytes)) if (item.kind === 'game') console.log(item.game.error ?? 'OK');
 */
export function* readPdnGames(input: Uint8Array | string, options: ReadPdnOptions = {}): Generator<PdnFileItem, void, undefined> {
  const text = typeof input === 'string' ? input : decodePdnBytes(input);
  for (const item of pdnTextItems(text)) yield item.kind === 'game' ? { kind: 'game', game: replayGame(item.game, options) } : item;
}

/** A game read by the syntax layer ({@link pdnTextItems}), replayed under its variant as {@link readPdnGames} replays it. */
export function replayGame(syntax: PdnGameSyntax, options: ReadPdnOptions = {}): PdnGame {
  if (options.variant) return replayUnder(syntax, options.variant, 'option', []);
  const tag = (name: string): string | undefined => syntax.tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value;
  const gameType = tag('GameType');
  if (gameType !== undefined) {
    const number = Number(gameType.split(',')[0].trim());
    const v = variantByGameType(number);
    if (v) return replayUnder(syntax, v, 'GameType', []);
    const at = syntax.tags.find((t) => t.name.toLowerCase() === 'gametype')!.pos;
    const g = replayUnder(syntax, variants.international, 'default', []);
    const error = pdnError('unknown-game-type', at, `GameType "${gameType}" at line ${at.line} is not a variant dambord plays (${gameTypeList()})`);
    return { ...g, line: [], end: g.start, error };
  }
  const named = tag('Variant');
  const byName = named !== undefined ? variantByName(named) : undefined;
  if (byName) return replayUnder(syntax, byName, 'Variant', []);
  // A game with no moves (a forfeit) fits every variant: it is of its file's, when that is known.
  if (options.prefer && !syntax.moves.some((n) => n.kind === 'move') && tag('FEN') === undefined) return replayUnder(syntax, options.prefer, 'guessed', []);
  const international = replayUnder(syntax, variants.international, 'guessed', []);
  if (!international.error) return { ...international, variantSource: 'default' };
  // Numbers on an 8x8 board are English notation; continental 8x8 games are written a1-h8.
  const firstMove = syntax.moves.find((n) => n.kind === 'move');
  const algebraic = firstMove !== undefined && /^[a-h]/i.test(firstMove.text);
  // The variants written that way first; the others only when none of those fits.
  const written = algebraic ? [variants.russian, variants.brazilian, variants.czech] : [variants.english];
  const otherwise = algebraic ? [variants.english] : [variants.russian, variants.brazilian, variants.czech];
  const fits = (list: readonly Variant[]) => preferredFirst(list, options.prefer).map((v) => replayUnder(syntax, v, 'guessed', [])).filter((g) => !g.error);
  let legal = fits(written);
  if (legal.length === 0) legal = fits(otherwise);
  if (legal.length === 0) return international;
  const [chosen, ...others] = legal;
  const legalIn = legal.map((g) => g.variant);
  const names = listed(legalIn.map((v) => v.name));
  for (const other of others) {
    const at = firstDifference(chosen.line, other.line);
    if (at < 0) continue;
    const ply = chosen.line[at] as PdnPly;
    const crowned = (g: PdnGame) => ((g.line[at] as PdnPly).move.promotes ? `crowns in ${g.variant.name}` : `does not crown in ${g.variant.name}`);
    const error = at0('variant-ambiguous', ply.pos, `the game has no GameType tag and its moves are legal in ${names} draughts, which read them differently: ${ply.text} ${sameMove(ply.move, (other.line[at] as PdnPly).move) ? `${crowned(chosen)} and ${crowned(other)}` : `is not the same move in ${chosen.variant.name} and ${other.variant.name}`}; its variant must be named`);
    return { ...chosen, line: chosen.line.slice(0, at), end: ply.before, error, legalIn };
  }
  const why = others.length === 0 ? `its moves are legal only in ${chosen.variant.name} draughts` : `its moves are legal in ${names} draughts alike, which read them the same`;
  const remark = pdnError('variant-guessed', syntax.pos, `the game has no GameType tag; ${why}; it was read as ${chosen.variant.name}`);
  return { ...chosen, remarks: [remark, ...chosen.remarks], legalIn };
}

/** The variants of `list` in its order, `prefer` moved first when it is among them. */
export function preferredFirst(list: readonly Variant[], prefer: Variant | undefined): readonly Variant[] {
  return prefer && list.includes(prefer) ? [prefer, ...list.filter((v) => v !== prefer)] : list;
}

/** `a`, `a and b`, `a, b and c`. */
function listed(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * The index of the first ply at which two replays of the same moves differ, in the move named
 * (its captured pieces) or in whether it crowns, or -1 when they read alike to the end.
 */
function firstDifference(a: PdnLine, b: PdnLine): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.kind !== 'ply' || y.kind !== 'ply') continue;
    if (!sameMove(x.move, y.move) || x.move.promotes !== y.move.promotes) return i;
  }
  return -1;
}

function replayUnder(syntax: PdnGameSyntax, v: Variant, source: VariantSource, remarks: PdnError[]): PdnGame {
  const fatal = syntax.errors.find((e) => e.fatal) ?? null;
  const notes = [...remarks, ...syntax.errors.filter((e) => !e.fatal)];
  const fenTag = syntax.tags.find((t) => t.name.toLowerCase() === 'fen');
  let start: Position;
  let error: PdnError | null = null;
  const startFen = fenTag ? parseFen(v, fenTag.value) : parseFen(v, v.startFen);
  if (startFen.ok) {
    start = startFen.position;
    for (const w of startFen.notes) notes.push(pdnError(FEN_WARNING[w.code], fenTag!.pos, `FEN tag at line ${fenTag!.pos.line}: ${w.reason}`));
  } else {
    const start0 = parseFen(v, v.startFen);
    start = start0.ok ? start0.position : (undefined as never);
    error = pdnError('invalid-fen-tag', fenTag!.pos, `the FEN tag at line ${fenTag!.pos.line} cannot be set up: ${startFen.error.reason}`);
  }
  const replay = error ? { line: [], end: start, error } : replayLine(syntax.moves, start, notes);
  return {
    variant: v,
    variantSource: source,
    tags: syntax.tags,
    start,
    preComments: syntax.preComments,
    line: replay.line,
    result: syntax.result,
    end: replay.end,
    error: replay.error ?? fatal,
    remarks: notes,
    pos: syntax.pos,
  };
}

/** The replay of a line: the plies and setups played, the position reached, and what stopped it. */
interface Replayed {
  line: (PdnPly | PdnSetup)[];
  end: Position;
  error: PdnError | null;
}

/** A line being replayed: where it is, and the move whose variations are being replayed, if any. */
interface LineFrame {
  readonly nodes: readonly PdnNode[];
  next: number;
  pos: Position;
  readonly line: (PdnPly | PdnSetup)[];
  /** The move at `next` (to `last`, for a capture written as several moves) and its variations replayed so far. */
  waiting: { readonly move: Move; readonly last: number; readonly alts: readonly PdnNode[][]; readonly variations: PdnLine[] } | null;
}

/**
 * Replays a line and its variations (each from the position before its move), depth first, with
 * a stack of the lines open instead of recursion, so variations may nest as deep as memory
 * allows. A variation that stops is kept up to where it stopped, with an `in-variation` remark.
 */
function replayLine(nodes: readonly PdnNode[], start: Position, notes: PdnError[]): Replayed {
  const stack: LineFrame[] = [{ nodes, next: 0, pos: start, line: [], waiting: null }];
  for (;;) {
    const f = stack[stack.length - 1];
    const done = f.waiting ? awaitVariations(f, stack) : replayUntilVariations(f, notes);
    if (!done) continue;
    stack.pop();
    const parent = stack[stack.length - 1];
    if (!parent) return done;
    if (done.error) notes.push(pdnError('in-variation', done.error.pos, `in a variation: ${done.error.reason}`));
    parent.waiting!.variations.push(done.line);
  }
}

/** Opens the next variation of the move `f` waits on, or plays the move once they are all replayed. Never ends the line. */
function awaitVariations(f: LineFrame, stack: LineFrame[]): null {
  const w = f.waiting!;
  if (w.variations.length < w.alts.length) {
    stack.push({ nodes: w.alts[w.variations.length], next: 0, pos: f.pos, line: [], waiting: null });
    return null;
  }
  f.pos = addPly(f.line, f.nodes, f.next, w.last, w.move, f.pos, w.variations);
  f.next = w.last + 1;
  f.waiting = null;
  return null;
}

/** Plays the moves of `f` up to one with variations (then `f` waits on it: null) or to the end of the line or the first move that cannot be played. */
function replayUntilVariations(f: LineFrame, notes: PdnError[]): Replayed | null {
  const { nodes, line } = f;
  let pos = f.pos;
  for (let i = f.next; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.kind === 'setup') {
      const r = parseFen(pos.variant, node.fen);
      if (!r.ok) return { line, end: pos, error: at('invalid-setup', node.pos, `the setup /FEN "${node.fen}"/ cannot be set up: ${r.error.reason}`) };
      pos = r.position;
      line.push({ kind: 'setup', position: pos, pos: node.pos });
      continue;
    }
    let found = parseMoveText(pos, node.text);
    let last = i;
    if (!found.ok) {
      const joined = joinSplitCapture(pos, nodes, i, legalMoves(pos));
      if (joined) {
        found = { ok: true, move: joined.move };
        last = joined.last;
        notes.push(pdnError('split-capture', node.pos, `line ${node.pos.line}, column ${node.pos.column}: one capture is written as ${last - i + 1} moves (${joined.text}); read as one move`));
      }
    }
    if (!found.ok) return { line, end: pos, error: at(MOVE_ERROR[found.error.kind], node.pos, `move ${node.text}: ${found.error.reason}`) };
    const alts = (nodes[last] as PdnMoveNode).variations;
    if (alts.length > 0) {
      f.pos = pos;
      f.next = i;
      f.waiting = { move: found.move, last, alts, variations: [] };
      return null;
    }
    pos = addPly(line, nodes, i, last, found.move, pos, []);
    i = last;
  }
  return { line, end: pos, error: null };
}

/** Adds the ply of the move written at `nodes[i]` (to `nodes[last]`, for a capture written as several moves) to `line`; returns the position after it. */
function addPly(line: (PdnPly | PdnSetup)[], nodes: readonly PdnNode[], i: number, last: number, move: Move, before: Position, variations: PdnLine[]): Position {
  const node = nodes[i] as PdnMoveNode;
  const after = play(before, move);
  const comments = last > i ? [...node.comments, ...(nodes[last] as PdnMoveNode).comments] : node.comments;
  line.push(plyOf(node, comments, move, before, after, variations));
  return after;
}

/**
 * A capture written jump by jump as several moves (`e1xc3 58. c3xe5`, as some servers
 * export them): joins the following moves that start where the last one ended until they
 * name one legal move.
 */
function joinSplitCapture(pos: Position, nodes: readonly PdnNode[], i: number, legal: readonly Move[]): { move: Move; last: number; text: string } | null {
  const first = nodes[i] as PdnMoveNode;
  if (!/[x:]/i.test(first.text) || !legal.some((m) => m.captured.length > 1)) return null;
  let text = first.text;
  for (let k = i + 1; k < nodes.length && k <= i + 16; k++) {
    const next = nodes[k];
    if (next.kind !== 'move') return null;
    const parts = next.text.split(/[-x:X]/);
    const prev = text.split(/[-x:X]/);
    if (parts[0].toLowerCase() !== prev[prev.length - 1].toLowerCase()) return null;
    text = `${text}x${parts.slice(1).join('x')}`;
    const r = parseMoveText(pos, text, legal);
    if (r.ok) return { move: r.move, last: k, text };
  }
  return null;
}

function plyOf(node: PdnMoveNode, comments: readonly string[], move: Move, before: Position, after: Position, variations: PdnLine[]): PdnPly {
  return {
    kind: 'ply',
    move,
    text: node.text,
    before,
    after,
    nags: node.nags,
    preComments: node.preComments ?? [],
    comments,
    variations,
    pos: node.pos,
  };
}

/** An error at a place the reason does not name (the caller prints the place). */
function at0(code: PdnErrorCode, pos: SourcePos, reason: string): PdnError {
  return pdnError(code, pos, reason);
}

function at(code: PdnErrorCode, pos: SourcePos, reason: string): PdnError {
  return pdnError(code, pos, `line ${pos.line}, column ${pos.column}: ${reason}`);
}

/** The code of a FEN tag's warning. */
const FEN_WARNING: Readonly<Record<FenWarning['code'], PdnErrorCode>> = { 'turn-assumed': 'fen-turn-assumed', 'field-ignored': 'fen-field-ignored' };

/** The code of a move that does not name one legal move. */
const MOVE_ERROR: Readonly<Record<MoveTextError['kind'], PdnErrorCode>> = { syntax: 'unreadable-move', illegal: 'illegal-move', ambiguous: 'ambiguous-move' };

/**
 * Writes a replayed game as strict PDN 3.0: the seven-tag roster first (its values as
 * {@link rosterValue} writes them: `Date "1950."` as `1950.??.??`, `Round ""` as `?`), `GameType` for the
 * variant, `FEN` when the game does not start from the start position, every move in the
 * shortest unambiguous form, move numbers counted from the variant's first player, comments,
 * NAGs, replayed variations and the result. Only the replayed part of a game is written.
 */
export function writePdn(game: PdnGame): string {
  const v = game.variant;
  const result = normaliseResult(game.result ?? tagValue(game.tags, 'Result') ?? '*', v);
  const tags: { name: string; value: string }[] = ROSTER.map((name) => ({
    name,
    value: name === 'Result' ? result : rosterValue(name, tagValue(game.tags, name)),
  }));
  tags.push({ name: 'GameType', value: String(v.gameType) });
  const startFen = writeFen(game.start);
  const standard = parseFen(v, v.startFen);
  if (!standard.ok || writeFen(standard.position) !== startFen) tags.push({ name: 'FEN', value: startFen });
  const skip = new Set([...ROSTER, 'GameType', 'FEN', 'SetUp'].map((n) => n.toLowerCase()));
  for (const t of game.tags) if (!skip.has(t.name.toLowerCase()) && /^[A-Za-z][A-Za-z0-9_]*$/.test(t.name)) tags.push({ name: t.name, value: t.value });
  return writePdnGame({ tags, preComments: [...game.preComments], moves: writableLine(game.line, v), result });
}

/**
 * A replayed line as the writer's nodes, move numbers counted from the variant's first player;
 * each variation is numbered from the move it replaces. A list of lines still to convert stands
 * in for recursion, so variations may nest as deep as memory allows.
 */
function writableLine(line: PdnLine, v: Variant): WritableNode[] {
  const root: WritableNode[] = [];
  const todo: { line: PdnLine; out: WritableNode[]; number: number }[] = [{ line, out: root, number: 1 }];
  for (let task = todo.pop(); task; task = todo.pop()) {
    const { out } = task;
    let number = task.number;
    let needNumber = true;
    for (const item of task.line) {
      if (item.kind === 'setup') {
        out.push({ kind: 'setup', fen: writeFen(item.position) });
        needNumber = true;
        continue;
      }
      const first = item.before.turn === v.firstToMove;
      const variations = item.variations.map((alt) => {
        const nodes: WritableNode[] = [];
        todo.push({ line: alt, out: nodes, number });
        return nodes;
      });
      const n: WritableNode = {
        kind: 'move',
        text: formatMove(item.before, item.move),
        nags: item.nags.filter((x) => /^(\$\d+|!!|\?\?|!\?|\?!|!|\?|\*)$/.test(x)),
        preComments: [...item.preComments],
        comments: [...item.comments],
        variations,
      };
      if (first) n.number = number;
      else if (needNumber || item.preComments.length > 0) Object.assign(n, { number, blackFirst: true });
      out.push(n);
      if (!first) number++;
      needNumber = item.comments.length > 0 || item.variations.length > 0;
    }
  }
  return root;
}

function tagValue(tags: readonly PdnTag[], name: string): string | undefined {
  return tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value;
}

/**
 * A result in the variant's own scoring ({@link Variant.scoring}): 2-0 / 1-1 / 0-2 in
 * international and Brazilian draughts (FMJD), 1-0 / 1/2-1/2 / 0-1 elsewhere; unknown results
 * become `*`.
 */
export function normaliseResult(result: string, v: Variant): string {
  const r = result.replace(/\s+/g, '').replace(/½/g, '1/2');
  if (['2-0', '1-0'].includes(r)) return v.scoring.whiteWins;
  if (['0-2', '0-1'].includes(r)) return v.scoring.blackWins;
  if (['1-1', '1/2-1/2'].includes(r)) return v.scoring.draw;
  if (r === '0-0') return '0-0';
  return '*';
}
