// An analysed game as PDN (`dambord analyse GAME.pdn`): the game as the rules core writes it
// (writePdn: its tags, comments and variations kept), with an Annotator tag naming the engine
// and at each move of the main line its mark (`?`, `??`) and a comment with the scores.

import { writePdn } from '../../rules/index.ts';
import type { PdnGame } from '../../rules/index.ts';
import type { PlyAnalysis } from './analysis.ts';
import { scoreText } from './analysis.ts';

/** The comment of an analysed move: `+0.35 -> -1.20; 33-28 was better`, scores for the mover. */
export function plyComment(p: PlyAnalysis): string {
  return `${scoreText(p.scoreBefore)} -> ${scoreText(p.scoreAfter)}${p.better ? `; ${p.better} was better` : ''}`;
}

/**
 * The game with its analysis: `plies` are its main line's moves in order, each written with its
 * mark after the game's own annotations and {@link plyComment} after its own comments;
 * `Annotator` is the engine's name.
 */
export function analysedGamePdn(game: PdnGame, plies: readonly PlyAnalysis[], annotator: string): string {
  let k = 0;
  const line = game.line.map((item) => {
    if (item.kind !== 'ply') return item;
    const p = plies[k++];
    return { ...item, nags: [...item.nags, ...(p.mark ? [p.mark] : [])], comments: [...item.comments, plyComment(p)] };
  });
  const tags = [...game.tags.filter((t) => t.name.toLowerCase() !== 'annotator'), { name: 'Annotator', value: annotator, pos: game.pos }];
  return writePdn({ ...game, tags, line });
}
