// dambord script renders a PDN game as an action script that dambord replay reads back exactly.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatMove, readPdn } from '../../rules/index.ts';
import { ORACLE_GAMES, oracleTexts } from '../../test/oracles.ts';
import { runCliBuffered as cli } from './testing.ts';


describe('dambord script', () => {
  it.each([
    ['nk ronde 01.pdn', 'international', 3],
    ['mrcd2006.pdn', 'czech', 5],
    ['OCA_2.0.pdn', 'english', 2],
  ])('renders game %s #%i so that replay reads the same moves', async (file, variant, game) => {
    const path = fileURLToPath(new URL(file, ORACLE_GAMES));
    const script = await cli(['script', '--variant', variant, '--game', String(game), '--seed', '11', path]);
    expect(script.code).toBe(0);
    const replay = await cli(['replay', '--variant', variant, '--json', '-'], script.stdout);
    expect(replay.code).toBe(0);
    const moves = replay.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; move?: string }).filter((o) => o.type === 'move').map((o) => o.move);
    const g = readPdn(oracleTexts(file)[0] as Uint8Array).games[game - 1];
    expect(moves).toEqual(g.line.flatMap((p) => (p.kind === 'ply' ? [formatMove(p.before, p.move)] : [])));
  });

  it('names the games a file has when asked for one it has not, and a file of none as holding none', async () => {
    const r = await cli(['script', '--game', '9', '-'], '1. 32-28 19-23 *\n');
    expect(r).toMatchObject({ code: 2, stderr: 'dambord script: <stdin> has only 1 game: there is no game 9\n' });
    // Not "has 0 games; there is no game 1".
    expect(await cli(['script', '-'], '')).toMatchObject({ code: 2, stderr: 'dambord script: <stdin> holds no game\n' });
  });
});
