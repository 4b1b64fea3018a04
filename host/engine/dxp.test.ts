import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Game } from '../../rules/index.ts';
import { currentPosition, english, international, newGame, parseFen, parseMoveText, playMove } from '../../rules/index.ts';
import type { Engine } from './engine.ts';
import type { EngineLog } from './engineLog.ts';
import { fileEngineLog } from './engineLog.ts';
import { engineErrorOf } from './testing/engineError.ts';
import { connectDxpEngine } from './dxp.ts';
import type { FakeDxpPeer } from './testing/fakeDxp.ts';
import { listeningFakeDxp, pad32 } from './testing/fakeDxp.ts';

// dambord is the Initiator against a fake Follower that listens (edxplg2.htm: "The Initiator sends a
// GAMEREQ message ... The Follower answers with a GAMEACC message. Next, MOVE messages ... are
// exchanged ... strictly alternating"). Every message the fake sends is written here by hand.

const ME = 'dambord'.padEnd(32); // GAMEREQ's Initiator name, "exactly 32 positions"
const ACCEPT = `A${pad32('Fake engine')}0`; // egameacc.htm: "`0' if the Follower accepts"
const SECOND = { moveTimeMs: 1000 };
// A second a move: GAMEREQ's thinking time 75 seconds rounded up, 2 minutes, over the 120 moves of a second each.
const TIME_OF_A_SECOND = '002120';

function game(fen: string, ...moves: string[]): Game {
  const start = parseFen(international, fen);
  if (!start.ok) throw new Error(fen);
  let g = newGame(start.position);
  for (const text of moves) {
    const m = parseMoveText(currentPosition(g), text);
    if (!m.ok) throw new Error(text);
    const r = playMove(g, m.move);
    if (!r.ok) throw new Error(text);
    g = r.game;
  }
  return g;
}

const START = international.startFen;

/** GAMEREQ's 50 fields (egamereq.htm): `e` empty, `w`/`z` white/black men, `W`/`Z` kings, as given by field number. */
function fields(pieces: Record<number, string>): string {
  return Array.from({ length: 50 }, (_, i) => pieces[i + 1] ?? 'e').join('');
}

interface Logged {
  readonly log: EngineLog;
  readonly lines: string[];
}

function recordingLog(): Logged {
  const lines: string[] = [];
  return { lines, log: { sent: (_e, t) => lines.push(`> ${t}`), received: (_e, t) => lines.push(`< ${t}`), note: (e, t) => lines.push(`# ${e} ${t}`) } };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function open(extra: { graceMs?: number; log?: EngineLog } = {}): Promise<{ engine: Engine; peer: FakeDxpPeer }> {
  const fake = await listeningFakeDxp();
  const engine = await connectDxpEngine({ host: '127.0.0.1', port: fake.port, variant: international, replyTimeoutMs: 500, graceMs: extra.graceMs ?? 500, log: extra.log });
  const peer = await fake.peer();
  cleanup.push(
    () => fake.close(),
    async () => {
      const closing = engine.close();
      await acknowledgeClose(peer);
      await closing;
    },
  );
  return { engine, peer };
}

describe('a game with a DXP engine', () => {
  it('starts with GAMEREQ (the normal start: "A"), plays the engine\'s MOVE, then sends ours and takes its capture', async () => {
    const { engine, peer } = await open();
    const first = engine.think(game(START), SECOND);
    expect(await peer.next()).toBe(`R01${ME}W${TIME_OF_A_SECOND}A`);
    peer.send(ACCEPT, 'M0001322800'); // 32-28, in one packet with GAMEACC
    const a = await first;
    expect([a.move.from + 1, a.move.to + 1]).toEqual([32, 28]);
    expect(engine.name).toBe('Fake engine');

    // Black answered 19-23; the engine must take 28x19 (FMJD 4.2), the captured man on 23.
    const second = engine.think(game(START, '32-28', '19-23'), SECOND);
    expect(await peer.next()).toBe('M0000192300');
    peer.send('M000028190123');
    const b = await second;
    expect([b.move.from + 1, b.move.to + 1, b.move.captured.map((s) => s + 1)]).toEqual([28, 19, [23]]);
  });

  it('reads a MOVE split over packets', async () => {
    const { engine, peer } = await open();
    const thinking = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(ACCEPT);
    peer.sendBytes('M00013');
    await new Promise((r) => setTimeout(r, 30));
    peer.sendBytes('3290');
    await new Promise((r) => setTimeout(r, 30));
    peer.sendBytes('0\0');
    expect((await thinking).move.to + 1).toBe(29);
  });

  it('starts a set-up position with "B", the colour to move and the 50 fields; the engine plays black', async () => {
    const { engine, peer } = await open();
    const thinking = engine.think(game('B:W28,K45:B19,20'), SECOND);
    expect(await peer.next()).toBe(`R01${ME}Z${TIME_OF_A_SECOND}BZ${fields({ 19: 'z', 20: 'z', 28: 'w', 45: 'W' })}`);
    peer.send(ACCEPT, 'M0000202400');
    expect((await thinking).move.from + 1).toBe(20);
  });

  it('a resumed game starts from its current position; a take back ends the game (GAMEEND) and starts again from the position', async () => {
    const { engine, peer } = await open();
    const resumed = game(START, '32-28', '19-23');
    const thinking = engine.think(resumed, SECOND);
    expect(await peer.next()).toBe(`R01${ME}W${TIME_OF_A_SECOND}BW${fields({ ...men(1, 18, 'z'), 20: 'z', 23: 'z', 28: 'w', 31: 'w', ...men(33, 50, 'w') })}`);
    peer.send(ACCEPT, 'M000028190123');
    await thinking;

    const back = engine.think(game(START, '32-28'), SECOND); // white's move and black's taken back: black to move
    expect(await peer.next()).toBe('E00'); // egameend.htm: "terminate the current game, but is willing to play a next game"
    peer.send('E00'); // "GAMEEND is sent by the other program ... to acknowledge"
    expect(await peer.next()).toBe(`R01${ME}Z${TIME_OF_A_SECOND}BZ${fields({ ...men(1, 20, 'z'), 28: 'w', 31: 'w', ...men(33, 50, 'w') })}`);
    peer.send(ACCEPT, 'M0000172200');
    expect((await back).move.from + 1).toBe(17);
  });

  it('gameOver sends GAMEEND with its reason for dambord\'s side ("3" I win) and close sends stop code 1 and ends the connection', async () => {
    const { engine, peer } = await open();
    const g = game(START);
    const thinking = engine.think(g, SECOND);
    await peer.next();
    peer.send(ACCEPT, 'M0000322800');
    await thinking;
    const over = engine.gameOver!(g, international.scoring.blackWins); // dambord played black
    expect(await peer.next()).toBe('E30');
    peer.send('E00');
    await over;

    const next = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(ACCEPT, 'M0000322800');
    await next;
    const closing = engine.close();
    expect(await peer.next()).toBe('E01'); // "`1' if the program wants to stop entirely"
    peer.send('E00');
    await closing;
    expect(await peer.next()).toBe(null);
  });

  it('when dambord\'s move ends the game, the engine is sent it and, to move, ends the game itself; dambord acknowledges', async () => {
    // White's lone man on 33 goes to 28 or 29; black's man on 23 takes it either way (FMJD 4.2, 7.2.3).
    const { engine, peer } = await open();
    const thinking = engine.think(game('W:W33:B23'), SECOND);
    await peer.next();
    peer.send(ACCEPT, 'M0000332800');
    await thinking;
    const over = engine.gameOver!(game('W:W33:B23', '33-28', '23x32'), international.scoring.blackWins);
    expect(await peer.next()).toBe('M000023320128');
    peer.send('E10'); // "`1' (I give up)"
    expect(await peer.next()).toBe('E00');
    await over;
  });

  it('passes a game the engine has not answered to the caller as refused (GAMEACC codes 2 and 3)', async () => {
    const { engine, peer } = await open();
    const declined = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(`A${pad32('Fake engine')}2`);
    const e = await engineErrorOf(declined);
    expect(e.kind).toBe('refused');
    expect(e.message).toContain('would play another');
    expect(e.sent).toBe(`A${pad32('Fake engine')}2`);

    const never = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(`A${pad32('Fake engine')}3`);
    expect((await engineErrorOf(never)).message).toContain('any game');
  });

  it('writes CHAT to the log, and answers BACKREQ with BACKACC 1 ("not supported"), while it waits for the move', async () => {
    const { log, lines } = recordingLog();
    const { engine, peer } = await open({ log });
    const thinking = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(ACCEPT, 'CWhat do you think about move 35?', 'B001W');
    expect(await peer.next()).toBe('K1');
    peer.send('M0000322800');
    await thinking;
    expect(lines).toContain('< CWhat do you think about move 35?');
    expect(lines.some((l) => l.includes('chat: What do you think about move 35?'))).toBe(true);
    expect(lines.some((l) => l.includes('take back to move 1') && l.includes('not supported'))).toBe(true);
  });

  it('a GAMEEND instead of a MOVE is acknowledged and refuses the move, saying why ("1" I give up)', async () => {
    const { engine, peer } = await open();
    const thinking = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(ACCEPT, 'E10');
    const e = await engineErrorOf(thinking);
    expect([e.kind, e.sent]).toEqual(['refused', 'E10']);
    expect(e.message).toContain('gives up');
    expect(await peer.next()).toBe('E00');
  });
});

describe('the protocol log (--engine-log FILE)', () => {
  it('writes each message both ways with the engine\'s name', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dxp-log-')), 'engine.log');
    const { engine, peer } = await open({ log: fileEngineLog(file) });
    const thinking = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(ACCEPT, 'M0000322800');
    await thinking;
    const second = engine.think(game(START, '32-28', '19-23'), SECOND);
    await peer.next();
    peer.send('M000028190123');
    await second;
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toMatch(/ dxp:127\.0\.0\.1:\d+ # connected$/);
    expect(lines[1]).toMatch(new RegExp(` dxp:127\\.0\\.0\\.1:\\d+ > R01dambord {25}W${TIME_OF_A_SECOND}A$`));
    expect(lines[2]).toMatch(/ dxp:127\.0\.0\.1:\d+ < AFake engine {21}0$/);
    expect(lines[3]).toMatch(/ < M0000322800$/);
    expect(lines[4]).toMatch(/ Fake engine \(dxp:127\.0\.0\.1:\d+\) > M0000192300$/);
    expect(lines[5]).toMatch(/ Fake engine \(dxp:127\.0\.0\.1:\d+\) < M000028190123$/);
  });
});

describe('what an engine sends wrong: an EngineError naming it and what it sent; the game is kept', () => {
  it('an illegal move (31-25 is no move of a man on 31); the next move starts the game again', async () => {
    const { engine, peer } = await open();
    const g = game(START);
    const thinking = engine.think(g, SECOND);
    await peer.next();
    peer.send(ACCEPT, 'M0000312500');
    const e = await engineErrorOf(thinking);
    expect([e.kind, e.engine, e.sent]).toEqual(['illegal-move', `Fake engine (dxp:127.0.0.1:${peerPort(peer)})`, 'M0000312500']);
    expect(e.message).toContain('31-25');
    expect(g.moves).toHaveLength(0);

    const again = engine.think(g, SECOND);
    expect(await peer.next()).toBe('E00');
    peer.send('E00');
    expect(await peer.next()).toBe(`R01${ME}W${TIME_OF_A_SECOND}A`);
    peer.send(ACCEPT, 'M0000322800');
    expect((await again).move.from + 1).toBe(32);
  });

  it('a capture sent without its captured pieces when two captures go from 43 to 19 (FMJD 4.13: both take three) is ambiguous; with them it is the one named', async () => {
    // The king on 43 takes 32, then 17 or 11, then 13, and may land on 19 either way.
    const fen = 'W:WK43:B11,13,17,25,32';
    const { engine, peer } = await open();
    const thinking = engine.think(game(fen), SECOND);
    await peer.next();
    peer.send(ACCEPT, 'M0000431900');
    const e = await engineErrorOf(thinking);
    expect(e.kind).toBe('ambiguous-move');

    const named = engine.think(game(fen), SECOND);
    expect(await peer.next()).toBe('E00');
    peer.send('E00');
    await peer.next();
    peer.send(ACCEPT, 'M000043190313' + '11' + '32'); // any order
    expect((await named).move.captured.map((s) => s + 1).sort((a, b) => a - b)).toEqual([11, 13, 32]);
  });

  it.each([
    ['garbage bytes', Buffer.from([0xff, 0xfe, 0x80, 0]), 'outside ASCII'],
    ['an unknown type', 'Xhello\0', 'not a DXP message type'],
    ['a MOVE of a bad length', 'M00013228\0', 'at least 11'],
    ['a huge message without its NUL', 'C'.repeat(200_000), 'without the NUL'],
    ['a GAMEREQ from the Follower', `R01${pad32('x')}W001000A\0`, 'GAMEREQ while dambord waited for MOVE'],
  ])('malformed: %s', async (_what, bytes, words) => {
    const { engine, peer } = await open();
    const thinking = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(ACCEPT);
    peer.sendBytes(bytes);
    const e = await engineErrorOf(thinking);
    expect(e.kind).toBe('malformed');
    expect(e.message).toContain(words);
  });

  it('a move sent out of turn (while dambord was to move) is set aside, and the next move starts the game again', async () => {
    const { log, lines } = recordingLog();
    const { engine, peer } = await open({ log });
    const thinking = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(ACCEPT, 'M0000322800');
    await thinking;
    peer.send('M0000282300'); // a second move of white's, unasked
    await new Promise((r) => setTimeout(r, 50));
    const next = engine.think(game(START, '32-28', '19-23'), SECOND);
    expect(await peer.next()).toBe('E00');
    peer.send('E00');
    expect(await peer.next()).toMatch(/^R01dambord {25}W002120B/);
    peer.send(ACCEPT, 'M000028190123');
    expect((await next).move.to + 1).toBe(19);
    expect(lines.some((l) => l.includes('said out of turn: M0000282300'))).toBe(true);
  });

  it('silent: no MOVE within the move\'s time plus 10% and the grace', async () => {
    const { engine, peer } = await open({ graceMs: 200 });
    const t0 = Date.now();
    const thinking = engine.think(game(START), { moveTimeMs: 200 });
    await peer.next();
    peer.send(ACCEPT);
    const e = await engineErrorOf(thinking);
    expect(e.kind).toBe('silent');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400);
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  it('slow: a MOVE after the move\'s time plus 10% (but within the grace)', async () => {
    const { engine, peer } = await open({ graceMs: 2000 });
    const thinking = engine.think(game(START), { moveTimeMs: 200 });
    await peer.next();
    peer.send(ACCEPT);
    await new Promise((r) => setTimeout(r, 400));
    peer.send('M0000322800');
    const e = await engineErrorOf(thinking);
    expect([e.kind, e.sent]).toEqual(['slow', 'M0000322800']);
  });

  it('crashed: the connection closes while it thinks; later moves are refused at once', async () => {
    const { engine, peer } = await open();
    const thinking = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(ACCEPT);
    peer.crash();
    expect((await engineErrorOf(thinking)).kind).toBe('crashed');
    expect((await engineErrorOf(engine.think(game(START), SECOND))).kind).toBe('crashed');
    await engine.close(); // never throws
  });

  it('a move still awaited when dambord closes the engine is refused at once', async () => {
    const { engine, peer } = await open();
    const thinking = engine.think(game(START), SECOND);
    await peer.next();
    peer.send(ACCEPT);
    await new Promise((r) => setTimeout(r, 30));
    const closing = engine.close();
    const e = await engineErrorOf(thinking);
    expect([e.kind, e.message.includes('dambord closed the engine')]).toEqual(['crashed', true]);
    expect(await peer.next()).toBe('E01');
    peer.send('E00');
    await closing;
  });

  it('a move stopped by the caller rejects with the signal\'s reason', async () => {
    const { engine, peer } = await open();
    const stop = new AbortController();
    const thinking = engine.think(game(START), SECOND, { signal: stop.signal });
    await peer.next();
    peer.send(ACCEPT);
    stop.abort(new Error('stopped'));
    await expect(thinking).rejects.toThrow('stopped');
  });

  it('refuses a game of a variant DXP does not carry (English: 8x8)', async () => {
    const { engine } = await open();
    const start = parseFen(english, english.startFen);
    if (!start.ok) throw new Error('english');
    const e = await engineErrorOf(engine.think(newGame(start.position), SECOND));
    expect(e.kind).toBe('refused');
    expect(e.message).toContain('english');
  });
});

/** Answers dambord's closing GAMEEND (egameend.htm: "sent by the other program ... to acknowledge"), so that a test does not wait for it. */
async function acknowledgeClose(peer: FakeDxpPeer): Promise<void> {
  for (;;) {
    const m = await peer.next(300).catch(() => null);
    if (m === null) return;
    if (m === 'E01') return peer.send('E00');
  }
}

function men(from: number, to: number, letter: string): Record<number, string> {
  const out: Record<number, string> = {};
  for (let s = from; s <= to; s++) out[s] = letter;
  return out;
}

function peerPort(peer: FakeDxpPeer): number {
  return peer.socket.localPort ?? 0;
}
