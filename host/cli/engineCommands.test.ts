// `dambord match` as a process between two levels of the built-in engine (its PDN read back by
// our reader, every game replayed move by move), and `dambord analyse` in-process: a position,
// a game, a corrupt game, and the command lines they refuse. The built-in engine's strength is
// not asserted.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { newGame, playMove, readPdn } from '../../rules/index.ts';
import type { Game } from '../../rules/index.ts';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';
import { EXIT } from './command.ts';
import { runCliBuffered as cli } from './testing.ts';

const bin = fileURLToPath(new URL('./bin.js', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'dambord-engines-'));

describe('dambord match (a process)', () => {
  it('plays builtin:level=1 against builtin:level=3: JSON lines, and a PDN of legal games', () => {
    const pdn = path.join(scratch, 'match.pdn');
    const log = path.join(scratch, 'engine.log');
    const r = spawnSync(process.execPath, [bin, 'match', '--white', 'builtin:level=1', '--black', 'builtin:level=3', '--games', '2', '--move-time', '0.05', '--pdn', pdn, '--json', '--engine-log', log], {
      cwd: scratch, encoding: 'utf8', timeout: WAIT_LIMIT_MS,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines.slice(0, 2).map((l) => [l.type, l.n, l.white, l.black, l.opening])).toEqual([
      ['game', 1, 'builtin:level=1', 'builtin:level=3', 'start'],
      ['game', 2, 'builtin:level=3', 'builtin:level=1', 'start'],
    ]);
    expect(Object.keys(lines[2])).toEqual(['type', 'engine', 'opponent', 'wins', 'draws', 'losses', 'score', 'elo', 'elo_error']);
    expect(lines[2]).toMatchObject({ type: 'match', engine: 'builtin:level=1', opponent: 'builtin:level=3' });
    const { wins, draws, losses } = lines[2] as { wins: number; draws: number; losses: number };
    expect(wins + draws + losses).toBe(2);
    const games = readPdn(readFileSync(pdn, 'utf8')).games;
    expect(games).toHaveLength(2);
    for (const [i, g] of games.entries()) {
      expect(g.error).toBeNull();
      expect(g.result).toBe(lines[i].result);
      expect(g.line.length).toBe(lines[i].plies);
      expect(g.tags.find((t) => t.name === 'White')?.value).toMatch(i === 0 ? /^dambord \S+ level 1$/ : /^dambord \S+ level 3$/);
      // Every move legal, replayed by the rules core.
      let game: Game = newGame(g.start);
      for (const item of g.line) {
        if (item.kind !== 'ply') continue;
        const played = playMove(game, item.move);
        expect(played.ok).toBe(true);
        if (played.ok) game = played.game;
      }
    }
  });
});

describe('dambord match stopped by Ctrl-C (a process)', () => {
  it('writes and counts the finished games, closes the engines and exits 130', async () => {
    const pdn = path.join(scratch, 'stopped.pdn');
    const child = spawn(process.execPath, [bin, 'match', '--white', 'builtin:level=1', '--black', 'builtin:level=2', '--games', '5000', '--move-time', '0.01', '--pdn', pdn], { cwd: scratch });
    let out = '';
    let signalled = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!signalled && out.includes('game 1:')) {
        signalled = true;
        child.kill('SIGINT');
      }
    });
    // Bounded however it goes: a child still running when the test ends is killed.
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), WAIT_LIMIT_MS - 5000);
      child.on('exit', (c) => (clearTimeout(timer), resolve(c)));
    });
    expect(code).toBe(130);
    const played = out.split('\n').filter((l) => l.startsWith('game ')).length;
    expect(played).toBeGreaterThan(0);
    expect(played).toBeLessThan(5000);
    expect(out).toMatch(new RegExp(`Score of builtin:level=1 against builtin:level=2: \\d+-\\d+-\\d+ \\(W-D-L\\) in ${played} games?, `));
    const games = readPdn(readFileSync(pdn, 'utf8')).games;
    expect(games).toHaveLength(played);
    expect(games.every((g) => g.error === null)).toBe(true);
  }, WAIT_LIMIT_MS);
});

describe('dambord match (refusals)', () => {
  it('refuses a bad SPEC with exit 2, showing the forms', async () => {
    const r = await cli(['match', '--white', 'builtin', '--black', 'stockfish']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('engine "stockfish": "stockfish" is not a kind of engine; an engine is one of: builtin');
    expect(r.stderr).toContain('dxp-listen:HOST:PORT');
  });

  it('needs both engines, one timing, a time control PDN knows, and openings that read', async () => {
    expect((await cli(['match', '--white', 'builtin'])).stderr).toContain('--white SPEC and --black SPEC are both needed');
    expect((await cli(['match', '--white', 'builtin', '--black', 'builtin', '--move-time', '1', '--time-control', '60'])).stderr).toContain('not both');
    expect((await cli(['match', '--white', 'builtin', '--black', 'builtin', '--move-time', '0'])).stderr).toContain('--move-time must be a number of seconds above 0');
    expect((await cli(['match', '--white', 'builtin', '--black', 'builtin', '--time-control', 'laws'])).stderr).toContain('english variant only');
    const file = path.join(scratch, 'bad-openings.txt');
    writeFileSync(file, 'W:W31-50:B1-20\nnot a fen\n');
    const r = await cli(['match', '--white', 'builtin', '--black', 'builtin', '--openings', file]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain(`${file} line 2: "not a fen"`);
  });

  it('says which engine could not be started, exit 3', async () => {
    const r = await cli(['match', '--white', 'builtin', '--black', 'hub:/nonexistent/scan hub', '--games', '1']);
    expect(r.code).toBe(EXIT.io);
    expect(r.stderr).toContain('the engine hub:/nonexistent/scan hub could not be started');
  });
});

describe('dambord analyse', () => {
  it('a position with one legal move, a capture (FMJD 4.2): it is the best move; --json as issue 30 shows it', async () => {
    // White's man on 28, Black's on 23 with 19 empty behind it: 28x19 is White's only move.
    const r = await cli(['analyse', '--fen', 'W:W28:B23,3', '--depth', '2', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const a = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(Object.keys(a).filter((k) => k !== 'win' && k !== 'loss' && k !== 'score')).toEqual(['type', 'fen', 'best', 'pv', 'depth', 'nodes', 'ms']);
    expect(['score', 'win', 'loss'].filter((k) => k in a)).toHaveLength(1);
    expect(a).toMatchObject({ type: 'analysis', fen: 'W:W28:B3,23', best: '28x19' });
    expect((a.pv as string[])[0]).toBe('28x19');
  });

  it('a game: every move with its scores as PDN our reader reads back (the built-in engine, shape only)', async () => {
    const game = '[GameType "21"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n1. 11-15 23-19 2. 8-11 22-17 *\n';
    const r = await cli(['analyse', '--depth', '1', '-'], game);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const back = readPdn(r.stdout).games;
    expect(back).toHaveLength(1);
    expect(back[0].variant.name).toBe('english');
    const plies = back[0].line.flatMap((i) => (i.kind === 'ply' ? [i] : []));
    expect(plies.map((p) => p.text)).toEqual(['11-15', '23-19', '8-11', '22-17']);
    for (const p of plies) expect(p.comments[0]).toMatch(/^(\S+|win in \d+ plies?|loss in \d+ plies?) -> /);
    const json = await cli(['analyse', '--depth', '1', '--json', '-'], game);
    const lines = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.type, l.ply, l.move])).toEqual([['ply', 1, '11-15'], ['ply', 2, '23-19'], ['ply', 3, '8-11'], ['ply', 4, '22-17']]);
    expect(Object.keys(lines[0])).toEqual(['type', 'game', 'ply', 'move', 'before', 'after', 'mark', 'better']);
  });

  it('a corrupt game: the reader\'s error with its line, exit 1 as pdn check', async () => {
    const r = await cli(['analyse', '--depth', '1', '-'], '[Event "x"]\n1. 32-28 19-23\n2. 37-32 *\n');
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stderr).toMatch(/^dambord analyse: <stdin>:3:\d+: .*37-32/);
  });

  it('refuses a file of games of two variants: an engine is opened for one', async () => {
    const r = await cli(['analyse', '--depth', '1', '-'], '[GameType "20"]\n1. 32-28 *\n\n[GameType "21"]\n1. 11-15 *\n');
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('holds games of international and english draughts');
  });

  it('refuses a position with no move, both a FEN and a game, and --depth with --move-time', async () => {
    expect((await cli(['analyse', '--fen', 'W:W46:B41,37'])).stderr).toContain('white has no move');
    expect((await cli(['analyse', '--fen', 'W:W46:B41,37', 'game.pdn'])).code).toBe(EXIT.usage);
    expect((await cli(['analyse', '--depth', '3', '--move-time', '1', '--fen', 'W:W28:B23'])).stderr).toContain('not both');
    expect((await cli(['analyse', '--engine', 'dxp:nowhere', '--fen', 'W:W28:B23'])).stderr).toContain('HOST:PORT');
  });
});
