// An analysed game as PDN (`dambord analyse GAME.pdn`): the game's own tags, an Annotator tag
// naming the engine, and at each move its mark (`?`, `??`) and a comment with the scores.

import { ROSTER, normaliseResult, parseFen, rosterValue, writeFen, writePdnGame } from '../../rules/index.ts';
import type { PdnTag, Position } from '../../rules/index.ts';
import type { WritableTag } from '../../rules/pdn/write.ts';
import type { PlyAnalysis } from './analysis.ts';
import { scoreText } from './analysis.ts';
import { movetext } from './matchPdn.ts';

/** The comment of an analysed move: `+0.35 -> -1.20; 33-28 was better (+0.30)`, scores for the mover. */
export function plyComment(p: PlyAnalysis): string {
  return `${scoreText(p.scoreBefore)} -> ${scoreText(p.scoreAfter)}${p.better ? `; ${p.better} was better` : ''}`;
}

/**
 * The game with its analysis: the seven-tag roster from its tags, GameType, FEN when it does
 * not start from the start position, its other tags, `Annotator` the engine's name, each move
 * with its mark and a comment ({@link plyComment}), and its result.
 */
export function analysedGamePdn(start: Position, tags: readonly PdnTag[], result: string | undefined, plies: readonly PlyAnalysis[], annotator: string): string {
  const v = start.variant;
  const value = (name: string) => tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value;
  const res = normaliseResult(result ?? value('Result') ?? '*', v);
  const out: WritableTag[] = ROSTER.map((name) => ({ name, value: name === 'Result' ? res : rosterValue(name, value(name)) }));
  out.push({ name: 'GameType', value: String(v.gameType) });
  const standard = parseFen(v, v.startFen);
  if (!standard.ok || writeFen(standard.position) !== writeFen(start)) out.push({ name: 'FEN', value: writeFen(start) });
  const skip = new Set([...ROSTER, 'GameType', 'FEN', 'SetUp', 'Annotator'].map((n) => n.toLowerCase()));
  for (const t of tags) if (!skip.has(t.name.toLowerCase()) && /^[A-Za-z][A-Za-z0-9_]*$/.test(t.name)) out.push({ name: t.name, value: t.value });
  out.push({ name: 'Annotator', value: annotator });
  const moves = movetext(plies.map((p) => ({ before: p.before, move: p.move, comments: [plyComment(p)], nags: p.mark ? [p.mark] : [] })), v);
  return writePdnGame({ tags: out, moves, result: res });
}
