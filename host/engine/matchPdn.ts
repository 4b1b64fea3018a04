// The PDN of what engines played: a match game (`dambord match --pdn`) and the movetext of an
// analysed game (`dambord analyse`), written by the rules core's strict writer.

import { formatMove, parseFen, writeFen, writePdnGame } from '../../rules/index.ts';
import type { Move, Position, Variant } from '../../rules/index.ts';
import type { WritableMove, WritableTag } from '../../rules/pdn/write.ts';
import type { MatchGame } from './match.ts';

/** A move to write, with the position it was played in and what is said of it. */
export interface NotedPly {
  readonly before: Position;
  readonly move: Move;
  readonly comments?: readonly string[];
  /** `?`, `??` and the like. */
  readonly nags?: readonly string[];
}

/**
 * The moves as the PDN writer takes them: each in the variant's notation (formatMove), numbered
 * from 1 at the first, the second player's move numbered (`1...`) when it opens the movetext or
 * follows a comment.
 */
export function movetext(plies: readonly NotedPly[], v: Variant): WritableMove[] {
  const out: WritableMove[] = [];
  let number = 1;
  let needNumber = true;
  for (const p of plies) {
    const first = p.before.turn === v.firstToMove;
    const node: WritableMove = { kind: 'move', text: formatMove(p.before, p.move), comments: [...(p.comments ?? [])], nags: [...(p.nags ?? [])] };
    if (first) node.number = number;
    else if (needNumber) Object.assign(node, { number, blackFirst: true });
    out.push(node);
    if (!first) number++;
    needNumber = (p.comments?.length ?? 0) > 0;
  }
  return out;
}

/** The tags every match game shares: Event, Site, Date (`YYYY.MM.DD`) and the TimeControl when there is one. */
export interface MatchTags {
  readonly event: string;
  readonly date: string;
  readonly timeControl?: string;
}

/**
 * A match game as PDN: the roster (White and Black the engines' names, Round the game's number,
 * the Result), GameType, FEN when the game does not start from the start position, the
 * opening's moves and the engines', and a last comment saying how it ended.
 */
export function matchGamePdn(g: MatchGame, t: MatchTags): string {
  const v = g.game.start.variant;
  const standard = parseFen(v, v.startFen);
  const fen = writeFen(g.game.start);
  const tags: WritableTag[] = [
    { name: 'Event', value: t.event },
    { name: 'Site', value: '?' },
    { name: 'Date', value: t.date },
    { name: 'Round', value: String(g.n) },
    { name: 'White', value: g.whiteName },
    { name: 'Black', value: g.blackName },
    { name: 'Result', value: g.result },
    { name: 'GameType', value: String(v.gameType) },
    ...(standard.ok && writeFen(standard.position) === fen ? [] : [{ name: 'FEN', value: fen }]),
    ...(t.timeControl ? [{ name: 'TimeControl', value: t.timeControl }] : []),
    { name: 'Opening', value: g.opening.name },
  ];
  const plies = g.game.moves.map((move, i) => ({ before: g.game.positions[i], move }));
  const moves = movetext(plies, v);
  const last = moves[moves.length - 1];
  if (last) last.comments = [...(last.comments ?? []), g.reason];
  return writePdnGame({ tags, moves, result: g.result, preComments: last ? [] : [g.reason] });
}
