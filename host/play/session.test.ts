// A game session on the simulated board (the committed firmware in avr8js, the real serial
// link): the page's commands act as hands, the referee recognises the moves, the LEDs on the
// simulated MAX7219 show the last move and compulsory captures, the journal holds everything.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SimulatedBinding } from '../../hardware/sim/binding.ts';
import { SimulatedBoard } from '../../hardware/sim/board.ts';
import { loadIntelHex } from '../../hardware/sim/ihex.ts';
import { SimulatedFirmataBoard } from '../../hardware/firmata/board.ts';
import { fetchStandardFirmata } from '../../hardware/firmata/fetch.mjs';
import { openFirmataLink } from '../firmata/firmataLink.ts';
import { parseFen, variants, writeFen } from '../../rules/index.ts';
import { openJournal, readJournal } from '../journal/journal.ts';
import { recoverGame } from '../game/journal/recover.ts';
import { JOURNAL_FORMAT } from '../game/journal/record.ts';
import { parseTimeControl } from '../game/clock/clock.ts';
import { openSerialLink } from '../link/serialLink.ts';
import { clockedEvery } from '../link/testing/clockedEvery.ts';
import { tournament } from '../game/referee/policy.ts';
import { startSession } from './session.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-session-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The same game on both boards: the dambord firmware over its serial protocol, and stock
// StandardFirmata on a Mega through johnny-five (skipped, saying why, when it cannot be fetched).
const fetched = fetchStandardFirmata();
const boards = [
  { name: 'the simulated board', firmata: false, skip: '' },
  { name: `the simulated Firmata board (StandardFirmata, johnny-five)${fetched.ok ? '' : ` — SKIPPED: ${fetched.error}`}`, firmata: true, skip: fetched.ok ? '' : fetched.error },
];

describe.each(boards)('a game session on $name', ({ firmata, skip }) => {
  it.skipIf(skip !== '')('plays moves from the page, lights the LEDs, writes the journal and the PDN', async () => {
    const v = variants.international;
    const startPos = parseFen(v, v.startFen);
    if (!startPos.ok) throw new Error();
    const occupied: number[] = [];
    startPos.position.board.forEach((p, i) => p && occupied.push(i + 1));
    const board = firmata ? new SimulatedFirmataBoard({ size: '10x10', occupied }) : new SimulatedBoard({ size: '10x10', occupied });
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(board);
    const now = () => board.simTimeMs;
    // Both links' ticks run on the board's clock, in the steps of `run`.
    const ticks = clockedEvery(now);
    const link = firmata ? openFirmataLink({ path, binding, now, size: '10x10', every: ticks.every }) : openSerialLink({ path, binding, now, every: ticks.every });
    /** Runs the board `ms` of its time, the links' ticks as they fall due. */
    const run = async (ms: number) => {
      for (let left = ms; left > 0; left -= 10) {
        await binding.advance(Math.min(10, left));
        if (ticks.run()) await new Promise((r) => setImmediate(r));
      }
    };
    const file = join(work, `game${firmata ? '-firmata' : ''}.journal`);
    const journal = openJournal(file, { format: JOURNAL_FORMAT, variant: 'international', start: v.startFen, policy: 'tournament', tags: [], timeControl: null, created: '2026-11-21T10:00:00Z', t0: 0 });
    const session = startSession({ start: startPos.position, policy: tournament, link, journal, hands: board, now, players: { white: 'Anna', black: 'Bert' } });
    await run(firmata ? 2600 : 600); // StandardFirmata blinks its version for 1.6 s first
    const act = async (type: 'lift' | 'place', square: string) => {
      expect(await session.command({ type, square })).toEqual({ ok: true });
      await run(200);
    };
    await act('lift', '32');
    await act('place', '28');
    await act('lift', '19');
    await act('place', '23');
    await run(100);
    let view = session.view();
    expect(view.moves.map((m) => m.text)).toEqual(['32-28', '19-23']);
    expect(view.turn).toBe('white');
    // FMJD 4.2: 28 must capture 23; the LED blinks on the capturer, the last move shows steady.
    expect(view.squares[27].led).toBe('slow');
    expect(board.leds()).toContain(19);
    expect(board.leds()).toContain(23);
    await act('lift', '28');
    await act('place', '19');
    await act('lift', '23');
    await run(100);
    view = session.view();
    expect(view.moves.map((m) => m.text)).toEqual(['32-28', '19-23', '28x19']);
    expect(view.pdn).toContain('1. 32-28 19-23 2. 28x19');
    expect(view.pdn).toContain('[White "Anna"]');
    // A real board cannot be moved from the page; an empty square cannot be lifted.
    expect(await session.command({ type: 'lift', square: '25' })).toMatchObject({ ok: false });

    await session.close();
    const recovered = recoverGame(readJournal(file));
    expect(recovered.ok).toBe(true);
    if (recovered.ok) expect(writeFen(recovered.position)).toBe('B:W19,31,33-50:B1-18,20');
  });
});

describe('a game session on the simulated board', () => {
  /** A session of the variant's start position on `board`, 600 ms after the board started. */
  async function sessionOn(variant: keyof typeof variants, board: SimulatedBoard) {
    const v = variants[variant];
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error();
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(board);
    const link = openSerialLink({ path, binding, now: () => board.simTimeMs });
    const session = startSession({ start: start.position, policy: tournament, link, hands: board, now: () => board.simTimeMs });
    await binding.advance(600);
    return { link, session, view: session.view() };
  }

  it('says so when the board is of the wrong size for the variant', async () => {
    const { session, view } = await sessionOn('czech', new SimulatedBoard({ size: '10x10' }));
    expect(view.link.state).toBe('wrong board');
    expect(view.log.at(-1)).toContain('the board has 50 squares, but czech draughts is played on 32');
    await session.close();
  });

  it('says so when the board runs the firmware of link protocol 1 (1.0.0), naming the command that flashes the new one', async () => {
    // The firmware 1.0.0 as it was committed (CRC-8 lines, events without their inputs).
    const program = loadIntelHex(new URL('../../test/fixtures/firmware-1.0.0/dambord-10x10.hex', import.meta.url));
    const { link, session, view } = await sessionOn('international', new SimulatedBoard({ size: '10x10', program }));
    expect(view.link.state).toBe('wrong board');
    expect(view.log.at(-1)).toMatch(/dambord firmware 1\.0\.0, which speaks link protocol 1 .* flash it with dambord flash --port \/dev\/sim\/dambord\d+$/);
    expect(link.health().state).toBe('incompatible');
    await session.close();
  });

  it('guides the pieces into place for a position from a FEN, and starts when the board shows it', async () => {
    const v = variants.international;
    const start = parseFen(v, 'W:W28,33:B19');
    if (!start.ok) throw new Error();
    const board = new SimulatedBoard({ size: '10x10', occupied: [28, 45] }); // 28 right, 45 to clear, 33 and 19 missing
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(board);
    const link = openSerialLink({ path, binding, now: () => board.simTimeMs });
    const session = startSession({ start: start.position, policy: tournament, link, hands: board, now: () => board.simTimeMs });
    await binding.advance(600);
    let view = session.view();
    expect(view.guidance).toMatchObject({ kind: 'setup', fill: ['19', '33'], clear: ['45'] });
    expect(view.squares[18].led).toBe('alternate');
    expect(view.squares[44].led).toBe('fast');
    expect(board.leds()).toEqual([19, 33, 45]);
    expect(await session.command({ type: 'lift', square: '32' })).toMatchObject({ ok: false });
    for (const [type, square] of [['lift', '45'], ['place', '33'], ['place', '19']] as const) {
      expect(await session.command({ type, square })).toEqual({ ok: true });
      await binding.advance(200);
    }
    view = session.view();
    expect(view.guidance).toBeNull();
    expect(view.log).toContain('the board shows the start position: play');
    for (const [type, square] of [['lift', '28'], ['place', '23']] as const) {
      await session.command({ type, square });
      await binding.advance(200);
    }
    expect(session.view().moves.map((m) => m.text)).toEqual(['28-23']);
    await session.close();
  });

  it('FMJD 10.3, 7.1.2.5 (seed 002): no time runs before the clock is pressed; then the flag falls and the game ends with the right result', async () => {
    const v = variants.international;
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error();
    const tc = parseTimeControl('2');
    if (!tc.ok || tc.tc.kind === 'unknown' || tc.tc.kind === 'untimed') throw new Error();
    const board = new SimulatedBoard({ size: '10x10', occupied: [...Array.from({ length: 20 }, (_, i) => i + 1), ...Array.from({ length: 20 }, (_, i) => i + 31)] });
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(board);
    const link = openSerialLink({ path, binding, now: () => board.simTimeMs });
    const session = startSession({ start: start.position, policy: tournament, link, hands: board, timeControl: tc.tc, now: () => board.simTimeMs, every: binding.every });
    await binding.advance(600);
    // The program started and the board shows the start position: no clock runs yet, so 2.5 s
    // later the 2-second flag has not fallen.
    await binding.advance(2500); // the session looks at the clock every 100 ms of board time
    expect(session.view().clock).toMatchObject({ control: '2', running: null, white: 2000, black: 2000 });
    expect(session.view().result).toBeNull();
    // The clock button starts White's time (the side to move).
    board.press('clock');
    await binding.advance(100);
    board.release('clock');
    await binding.advance(100);
    expect(session.view().clock).toMatchObject({ running: 'white' });
    for (let i = 0; i < 30 && !session.view().result; i++) {
      await binding.advance(200);
    }
    expect(session.view().result).toMatchObject({ result: '0-2', reason: "white's time ran out" });
    expect(session.view().pdn).toContain('[Result "0-2"]');
    await session.close();
  });

  it('FMJD 7.3.1: a draw offered stands until the opponent moves; the opponent accepting it draws the game', async () => {
    const v = variants.international;
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error();
    const board = new SimulatedBoard({ size: '10x10', occupied: [...Array.from({ length: 20 }, (_, i) => i + 1), ...Array.from({ length: 20 }, (_, i) => i + 31)] });
    const binding = new SimulatedBinding({ clock: 'manual' });
    const path = binding.add(board);
    const link = openSerialLink({ path, binding, now: () => board.simTimeMs });
    const session = startSession({ start: start.position, policy: tournament, link, hands: board, now: () => board.simTimeMs });
    await binding.advance(600);
    await session.command({ type: 'draw', color: 'white' });
    expect(session.view().drawOffer).toBe('white');
    for (const [type, square] of [['lift', '32'], ['place', '28'], ['lift', '19'], ['place', '23']] as const) {
      await session.command({ type, square });
      await binding.advance(200);
    }
    expect(session.view().drawOffer).toBeNull(); // Black played on: declined
    await session.command({ type: 'draw', color: 'black' });
    await session.command({ type: 'draw', color: 'white' });
    expect(session.view().result).toMatchObject({ result: '1-1', reason: 'draw agreed' });
    await session.close();
  });
});

