// The issue: "Bad input at every entrance (a FEN that cannot be set up, a port that does not
// exist or is busy, a board of the wrong size for the variant, a journal file that is truncated
// or corrupted at the end) gets a clear message and loses nothing already recorded."
// `dambord play` runs as a real process where the entrance is its command line; the board of
// the wrong size is made with the session API (play picks the simulated board's size from the
// variant, so the command line cannot make one).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SimulatedBinding } from '../hardware/sim/binding.ts';
import { SimulatedBoard } from '../hardware/sim/board.ts';
import { openJournal } from '../host/journal/journal.ts';
import { JOURNAL_FORMAT } from '../host/game/journal/record.ts';
import { openSerialLink } from '../host/link/serialLink.ts';
import { startSession } from '../host/play/session.ts';
import type { PlayView } from '../host/game/types.ts';
import { tournament } from '../host/game/referee/policy.ts';
import { formatMove, parseFen, readPdn, variants } from '../rules/index.ts';
import { oracleTexts } from './oracles.ts';
import { WAIT_LIMIT_MS } from './limits.ts';

const bin = fileURLToPath(new URL('../host/cli/bin.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'dambord-entrances-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  readonly child: ChildProcess;
  out: string;
  err: string;
  readonly exit: Promise<number | null>;
}

/** Starts `dambord play ARGS` (page on any free port). */
function play(args: string[]): Run {
  const child = spawn(process.execPath, [bin, 'play', '--http-port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const run: Run = {
    child, out: '', err: '',
    exit: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  child.stdout!.on('data', (d: Buffer) => (run.out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (run.err += d.toString()));
  return run;
}

/** The exit code of a run that must end by itself; killed after `ms` (a hang guard). */
async function exitWithin(run: Run, ms = WAIT_LIMIT_MS): Promise<number | null> {
  const timer = setTimeout(() => run.child.kill('SIGKILL'), ms);
  const code = await run.exit;
  clearTimeout(timer);
  return code;
}

async function waitFor(what: string, cond: () => boolean | Promise<boolean>, ms = WAIT_LIMIT_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const pageUrl = (run: Run) => /the game is at (http:\/\/[0-9.:]+)\//.exec(run.out)?.[1] ?? null;

async function view(url: string): Promise<PlayView> {
  return (await (await fetch(`${url}/api/view`)).json()) as PlayView;
}

async function command(url: string, body: object): Promise<void> {
  const r = await fetch(`${url}/api/command`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(await r.json()).toEqual({ ok: true });
}

/** Journals of a games folder, without the damaged tails set aside. */
const journals = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.journal')).sort();

describe('bad input at every entrance of dambord play', () => {
  it('a FEN that cannot be set up: exit 2, the FEN and what is wrong with it named, no journal begun', async () => {
    const games = join(work, 'fen');
    const run = play(['--fen', 'W:W99', '--games', games]);
    expect(await exitWithin(run)).toBe(2);
    expect(run.err).toMatch(/FEN "W:W99" cannot be set up: .+/);
    expect(run.err).toMatch(/--help/);
    expect(() => readdirSync(games)).toThrow(); // nothing written
  });

  it('a port that does not exist: exit 3 at once, the port named and what to do, no journal begun', async () => {
    const games = join(work, 'noport');
    const run = play(['--port', '/dev/dambord-nonexistent', '--games', games]);
    expect(await exitWithin(run)).toBe(3);
    expect(run.err).toContain('/dev/dambord-nonexistent');
    expect(run.err).toMatch(/plug the board in|--find/);
    expect(() => readdirSync(games)).toThrow();
  });

  it('a games folder that cannot be made (under a file): exit 3 within seconds, the folder named, the board\'s port let go', async () => {
    const file = join(work, 'a-file');
    writeFileSync(file, 'not a folder\n');
    const run = play(['--games', join(file, 'sub')]);
    // The simulated board's port was still opening when the journal failed: it must not keep the process alive.
    expect(await exitWithin(run)).toBe(3);
    expect(run.err).toMatch(/cannot write the journal in .*a-file\/sub: /);
  });

  it('a port that exists but no board answers on (busy, or not a board): said within seconds; Ctrl-C leaves no empty game', async () => {
    const games = join(work, 'busy');
    const run = play(['--port', '/dev/null', '--games', games]);
    await waitFor('the warning', () => /no answer yet from the board on \/dev\/null/.test(run.err));
    expect(run.err).toMatch(/another program holding the port|Ctrl-C/);
    run.child.kill('SIGINT');
    expect(await exitWithin(run)).toBe(0);
    // Nothing was played: no empty game is left for `--resume last` to pick by mistake.
    expect(journals(games)).toEqual([]);
    expect(run.out).toMatch(/stopped before any move; no game kept/);
  });

  it('--firmata on something that is not a serial port: exit 3 at once, the port named and what to do, no journal begun', async () => {
    // (An Arduino that answers but not as Firmata, or whose pins do not match the profile, is
    // refused in host/firmata/firmataLink.test.ts, against simulated boards.)
    const games = join(work, 'firmata-notaport');
    const run = play(['--firmata', '--port', '/dev/null', '--games', games]);
    expect(await exitWithin(run)).toBe(3);
    expect(run.out).toMatch(/waiting for StandardFirmata on \/dev\/null/);
    expect(run.err).toMatch(/cannot open \/dev\/null: .*plug the Arduino in and check the port name/);
    expect(() => readdirSync(games)).toThrow();
  });

  it('--firmata with --find: exit 2, a Firmata board is named with --port', async () => {
    const run = play(['--firmata', '--find']);
    expect(await exitWithin(run)).toBe(2);
    expect(run.err).toMatch(/name its port with --port/);
  });

  it('a 10x10 board for czech (8x8): the view says so, and nothing it senses is taken for the game', async () => {
    const v = variants.czech;
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error(start.error.reason);
    const occupied = [...Array.from({ length: 20 }, (_, i) => i + 1), ...Array.from({ length: 20 }, (_, i) => i + 31)];
    const board = new SimulatedBoard({ size: '10x10', occupied });
    const binding = new SimulatedBinding({ clock: 'realtime' });
    const link = openSerialLink({ path: binding.add(board), binding });
    const journalPath = join(work, 'wrong-size.journal');
    const journal = openJournal(journalPath, { format: JOURNAL_FORMAT, variant: v.name, start: v.startFen, policy: tournament.name, tags: [], timeControl: null, created: new Date().toISOString(), t0: 0 });
    const session = startSession({ start: start.position, policy: tournament, link, journal, hands: board });
    try {
      await waitFor('the board', () => session.view().link.state !== 'connecting');
      const seen = session.view();
      expect(seen.link.state).toBe('wrong board');
      expect(seen.log.at(-1)).toMatch(/50 squares.*czech.*32.*connect a 8x8 board or choose a 10x10 variant/);
      // Hands on the wrong board change nothing of the game, and the journal takes none of it.
      board.setSquare(32, false);
      board.setSquare(28, true);
      await new Promise((r) => setTimeout(r, 400));
      const after = session.view();
      expect(after.moves).toEqual([]);
      expect(after.irregularity).toBeNull();
      expect(after.squares.map((q) => q.piece)).toEqual(seen.squares.map((q) => q.piece));
      expect(board.leds()).toEqual([]); // no 32-square frame sent to a 50-square board
      expect(journal.count).toBe(0);
    } finally {
      await session.close();
    }
  });

  it('a journal truncated mid-line or with a flipped byte at the end: named, the tail kept aside, the intact moves back', async () => {
    const v = variants.international;
    const g = readPdn(oracleTexts('nk ronde 01.pdn')[0], { variant: v }).games[0];
    const line = g.line.flatMap((p) => (p.kind === 'ply' ? [p] : [])).slice(0, 2);
    const games = join(work, 'journal');
    const first = play(['--games', games]);
    await waitFor('the page', () => pageUrl(first) !== null);
    const url = pageUrl(first)!;
    await waitFor('the board', async () => (await view(url)).link.state === 'connected');
    for (let i = 0; i < line.length; i++) {
      const m = line[i].move;
      const hands = [{ type: 'lift', square: String(m.from + 1) }, { type: 'place', square: String(m.to + 1) }, ...m.captured.map((c) => ({ type: 'lift', square: String(c + 1) }))];
      for (const h of hands) {
        await command(url, h);
        await waitFor(`${h.type} ${h.square}`, async () => (await view(url)).squares.find((q) => q.name === h.square)!.sensed === (h.type === 'place'));
      }
      await waitFor(`ply ${i + 1}`, async () => (await view(url)).moves.length === i + 1);
    }
    const played = (await view(url)).moves;
    expect(played.map((m) => m.text)).toEqual(line.map((p) => formatMove(p.before, p.move)));
    await new Promise((r) => setTimeout(r, 300)); // the move's outputs are journalled
    first.child.kill('SIGKILL');
    await first.exit;
    const [name] = journals(games);
    const bytes = readFileSync(join(games, name));
    const lines = bytes.toString('utf8').split('\n').slice(0, -1);
    const lastStart = bytes.length - Buffer.byteLength(lines[lines.length - 1]) - 1;
    // The plies the intact lines still hold: those whose completing hand event is before the last line.
    const records = lines.map((l) => JSON.parse(l) as { k: string; e?: { type: string }; o?: { type: string } });
    let intact = 0;
    records.forEach((r, i) => {
      if (r.k !== 'out' || r.o?.type !== 'move') return;
      let j = i - 1;
      while (j >= 0 && !(records[j].k === 'ev' && (records[j].e?.type === 'lift' || records[j].e?.type === 'place'))) j--;
      if (j < records.length - 1) intact++;
    });

    const damage = {
      truncated: bytes.subarray(0, lastStart + Math.floor((bytes.length - lastStart) / 2)),
      flipped: (() => {
        const b = Buffer.from(bytes);
        b[lastStart + Math.floor((bytes.length - lastStart) / 2)] ^= 0x04;
        return b;
      })(),
    };
    const resumed = Object.entries(damage).map(([kind, damaged]) => {
      const dir = join(work, `journal-${kind}`);
      mkdirSync(dir);
      copyFileSync(join(games, name), join(dir, name));
      writeFileSync(join(dir, name), damaged);
      return { kind, dir, damaged, run: play(['--games', dir, '--resume', 'last']) };
    });
    try {
      for (const { kind, dir, damaged, run } of resumed) {
        await waitFor(`the resumed page (${kind})`, () => pageUrl(run) !== null || run.child.exitCode !== null);
        expect(run.child.exitCode, `${kind}: ${run.err}`).toBeNull();
        const at = pageUrl(run)!;
        await waitFor(`the resumed board (${kind})`, async () => (await view(at)).link.state === 'connected');
        // The damage is named, with where the tail went.
        const file = join(dir, name);
        expect(run.err).toContain(`journal ${file} damaged at`);
        expect(run.err).toContain(`${file}.damaged-1`);
        // Nothing is lost: the good lines stay in the journal, the damaged tail is kept whole.
        expect(readFileSync(`${file}.damaged-1`)).toEqual(damaged.subarray(lastStart));
        expect(readFileSync(file).subarray(0, lastStart)).toEqual(bytes.subarray(0, lastStart));
        // The game comes back with the moves the intact lines hold.
        const back = await view(at);
        expect(back.moves, kind).toEqual(played.slice(0, intact));
        expect(back.irregularity).toBeNull();
        expect(back.guidance).toBeNull();
      }
    } finally {
      for (const { run } of resumed) if (run.child.exitCode === null) run.child.kill('SIGINT');
      await Promise.all(resumed.map(({ run }) => exitWithin(run)));
    }
  });
});
