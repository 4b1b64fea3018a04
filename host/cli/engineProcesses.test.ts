// `dambord match` as a user runs it against external engines: a Hub engine (the fake of
// host/engine/testing/fakeHub.js, a real process that knows no rules) and a DXP engine (the fake
// of host/engine/testing/fakeDxp.ts on a real socket, its messages written here by hand from
// the DamExchange pages, its moves chosen with the rules core). What is checked is the path a
// user has: the SPEC, the engine started or reached, each move checked, an engine's fault
// losing its game and the engine started again, the protocol log, the PDN read back.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentPosition, international, legalMoves, newGame, parseFen, playMove, readPdn } from '../../rules/index.ts';
import type { Game, Move } from '../../rules/index.ts';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';
import { listeningFakeDxp, pad32 } from '../engine/testing/fakeDxp.ts';
import type { FakeDxpPeer } from '../engine/testing/fakeDxp.ts';

const bin = fileURLToPath(new URL('./bin.js', import.meta.url));
const fakeHub = fileURLToPath(new URL('../engine/testing/fakeHub.js', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'dambord-engine-processes-'));

/** Runs dambord with `args` to its end (killed at the wait limit): exit code, stdout, stderr. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: scratch });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), WAIT_LIMIT_MS - 5000);
    child.on('exit', (code) => (clearTimeout(timer), resolve({ code, stdout, stderr })));
  });
}

// The fakes answer at once and the built-in engine's low levels stop at their node caps, so a
// generous time a move costs nothing; a short one would make a fake on a loaded machine 'slow'.
describe('dambord match against a Hub engine (a process that knows no rules)', () => {
  it("the engine's second 32-28 is illegal: it loses that game, is started again for the next, and --engine-log has the protocol", async () => {
    const pdn = path.join(scratch, 'hub.pdn');
    const log = path.join(scratch, 'hub.log');
    const r = await run(['match', '--white', `hub:${process.execPath} ${fakeHub} --move=32-28 --name=Fake`, '--black', 'builtin:level=1', '--games', '2', '--move-time', '1', '--pdn', pdn, '--engine-log', log]);
    expect(r.code).toBe(0);
    // Game 1: Fake is White, 32-28 is legal once; its second 32-28 is not. Game 2: Fake is Black and 32-28 is never Black's.
    expect(r.stderr).toMatch(/Fake.*32-28/);
    expect(r.stdout).toMatch(/game 1: .* 0-2 /);
    expect(r.stdout).toMatch(/game 2: .* 2-0 /);
    expect(r.stdout).toMatch(/: 0-0-2 \(W-D-L\) in 2 games/);
    const text = readFileSync(log, 'utf8');
    // protocol.txt: the GUI sends "hub", the engine answers "id ..." then "wait"; "init" -> "ready"; "go think" -> "done move=...".
    for (const line of ['> hub', '< id name=Fake', '< wait', '> init', '< ready', '> go think', '< done move=32-28']) expect(text).toContain(line);
    expect(text.match(/> hub$/gm)).toHaveLength(2); // started again for game 2
    const games = readPdn(readFileSync(pdn, 'utf8')).games;
    expect(games.map((g) => [g.error, g.result])).toEqual([[null, '0-2'], [null, '2-0']]);
    expect(games[0].line.filter((i) => i.kind === 'ply')).toHaveLength(2); // 32-28 and the built-in engine's answer
  }, WAIT_LIMIT_MS);
});

describe('dambord match against a DXP engine (dxp:HOST:PORT, a real socket)', () => {
  it('plays a whole game from GAMEREQ to GAMEEND, every move checked both ways, and the PDN read back', async () => {
    const fake = await listeningFakeDxp();
    const pdn = path.join(scratch, 'dxp.pdn');
    const done = run(['match', '--white', `dxp:127.0.0.1:${fake.port}`, '--black', 'builtin:level=2', '--games', '1', '--move-time', '2', '--pdn', pdn]);
    const peer = await fake.peer();
    const heard = await playAsDxpFollower(peer);
    const r = await done;
    await fake.close();
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // egamereq.htm: 'R', version "01", the Initiator's name (32), the Follower's colour 'W', ... 'A': the normal start.
    expect(heard.gamereq).toMatch(/^R01.{32}W\d{3}\d{3}A$/);
    expect(heard.gameend).toMatch(/^E\d\d$/);
    const games = readPdn(readFileSync(pdn, 'utf8')).games;
    expect(games).toHaveLength(1);
    expect(games[0].error).toBeNull();
    expect(games[0].tags.find((t) => t.name === 'White')?.value).toBe('Fake DXP');
    // The PDN's moves are the moves of the game the fake played, in order.
    const plies = games[0].line.flatMap((i) => (i.kind === 'ply' ? [i.move] : []));
    expect(plies.length).toBe(heard.game.moves.length);
    expect(plies.every((m, i) => m.from === heard.game.moves[i].from && m.to === heard.game.moves[i].to)).toBe(true);
    expect(r.stdout).toMatch(/^game 1: Fake DXP - /m);
  }, WAIT_LIMIT_MS);
});

/**
 * The Follower's side of one game, from the DamExchange pages: GAMEACC to the GAMEREQ
 * (egameacc.htm: the Follower's name in 32 positions and `0' to accept), then MOVE messages
 * (emove.htm: 'M', time 4 digits, from 2, to 2, the number of captured pieces 2, each captured
 * square 2), this side playing White's first legal move each time, until the Initiator's
 * GAMEEND, answered with a GAMEEND (egameend.htm).
 */
async function playAsDxpFollower(peer: FakeDxpPeer): Promise<{ gamereq: string; gameend: string; game: Game }> {
  const start = parseFen(international, international.startFen);
  if (!start.ok) throw new Error(JSON.stringify(start.error));
  let game = newGame(start.position);
  const gamereq = (await peer.next(20_000)) ?? '';
  peer.send(`A${pad32('Fake DXP')}0`);
  const two = (n: number) => String(n).padStart(2, '0');
  const move = (m: Move) => `M0001${two(m.from + 1)}${two(m.to + 1)}${two(m.captured.length)}${m.captured.map((c) => two(c + 1)).join('')}`;
  const ours = () => {
    const m = legalMoves(currentPosition(game))[0];
    const r = playMove(game, m);
    if (!r.ok) throw new Error(r.error);
    game = r.game;
    peer.send(move(m));
  };
  ours(); // the Follower is White and moves first
  for (;;) {
    const text = await peer.next(20_000);
    if (text === null) throw new Error('dambord closed the connection before GAMEEND');
    if (text.startsWith('E')) {
      peer.send('E00');
      return { gamereq, gameend: text, game };
    }
    expect(text).toMatch(/^M\d{4}(\d\d)(\d\d)(\d\d)(\d\d)*$/);
    const [from, to, count] = [text.slice(5, 7), text.slice(7, 9), text.slice(9, 11)].map(Number);
    const captured = new Set(Array.from({ length: count }, (_, i) => Number(text.slice(11 + 2 * i, 13 + 2 * i)) - 1));
    const theirs = legalMoves(currentPosition(game)).find((m) => m.from === from - 1 && m.to === to - 1 && m.captured.length === captured.size && m.captured.every((c) => captured.has(c)));
    expect(theirs, `dambord's MOVE ${text} is a legal move`).toBeDefined();
    const r = playMove(game, theirs as Move);
    if (!r.ok) throw new Error(r.error);
    game = r.game;
    if (legalMoves(currentPosition(game)).length > 0) ours();
  }
}
