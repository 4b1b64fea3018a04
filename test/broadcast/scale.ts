// The broadcast at scale, as an event runs it: mosquitto with passwords, one `dambord relay`
// following it, several `dambord event` hosts each running its share of simulated boards that
// replay real games (the oracle games of test/fixtures/oracles), and viewers in processes of
// their own reading the relay's server-sent events (viewers.mjs). Midway a host is killed
// (SIGKILL, as a power cut) and started again on the same archive, and the broker is restarted.
// At the end every viewer, every feed and every archive must hold every game exactly: no move
// lost or doubled, none missed on the way. Used by the bounded sample in npm test
// (scale.test.ts) and by `npm run scale` (64 boards, 4 hosts, 1,000 viewers).

import { fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newGame, outcome as rulesOutcome, playMove, readPdn, variants } from '../../rules/index.ts';
import { startMosquitto } from '../../host/broadcast/testing/mosquitto.ts';
import { ORACLE_GAMES } from '../oracles.ts';
import { WAIT_LIMIT_MS } from '../limits.ts';

const BIN = fileURLToPath(new URL('../../host/cli/bin.js', import.meta.url));
const VIEWERS = fileURLToPath(new URL('./viewers.mjs', import.meta.url));
const EVENT = 'Scale Open';

export interface ScaleOptions {
  readonly boards: number;
  readonly hosts: number;
  readonly viewers: number;
  /** Viewer processes (the viewers are shared among them). */
  readonly viewerProcesses?: number;
  /** Cut every game to this many plies (its result kept: the loser resigns there). */
  readonly maxPlies?: number;
  /** How much faster than people the simulated hands play. */
  readonly speed: number;
  /** Kill a host midway and start it again, and restart the broker. */
  readonly faults: boolean;
  /** Told what happens. */
  readonly log?: (line: string) => void;
}

/** One game as expected: each move's first and last square, and the result. */
interface Expected {
  readonly board: number;
  readonly moves: readonly string[];
  readonly result: string;
  readonly pdn: string;
}

export interface ScaleReport {
  readonly boards: number;
  readonly hosts: number;
  readonly viewers: number;
  readonly moves: number;
  readonly seconds: number;
  /** Problems found: empty when every viewer, feed and archive holds every game exactly. */
  readonly problems: readonly string[];
  readonly viewerEvents: number;
  readonly reconnects: number;
  readonly relayChanges: number;
}

/** `32-28` / `28x19x10` → `32-28` / `28-10`: the first and last square, as both sides write a move. */
const ends = (text: string): string => {
  const squares = (text.match(/\d+/g) ?? []).map(Number);
  return `${squares[0]}-${squares.at(-1)}`;
};

/** Who won, however the result is written (international 2-0, 1-1; 1-0, 1/2-1/2 in older files). */
const outcome = (r: string | null | undefined): string => {
  const t = (r ?? '*').replace(/\s/g, '');
  return t === '2-0' || t === '1-0' ? 'white' : t === '0-2' || t === '0-1' ? 'black' : t === '1-1' || t === '1/2-1/2' ? 'draw' : t;
};

/**
 * The games, one a board: the real tournament and club games of the oracles (nk ronde 01 and
 * 02, Delft, Kurnik, Windragon), then the random-position games; when the boards outnumber them,
 * the games again from the first, each board's hands with a seed of their own.
 */
function games(n: number, maxPlies: number | undefined): Expected[] {
  const texts: string[] = [];
  const read = (file: string): string => readFileSync(new URL(file, ORACLE_GAMES), 'latin1');
  for (const file of ['nk ronde 01.pdn', 'nk ronde 02.pdn', 'pdn-corpus/delfts.pdn', 'pdn-corpus/kurnik.pdn', 'pdn-corpus/windragon.pdn']) texts.push(...read(file).split(/\r?\n\s*\r?\n(?=\[)/));
  texts.push(...(JSON.parse(read('standard_random_pdns.json')) as { pdn_positions: string[] }).pdn_positions);
  const pool: { plies: string[]; result: string }[] = [];
  for (const text of texts) {
    for (const g of readPdn(text, { variant: variants.international }).games) {
      if (g.error || g.tags.some((t) => t.name.toLowerCase() === 'fen')) continue;
      // The game as the rules play it: a game the rules end before its last move (a draw by
      // FMJD 6.x that the site it was played on did not apply) ends there, drawn.
      let game = newGame(g.start);
      let end: string | null = null;
      const plies: string[] = [];
      for (const p of g.line) {
        if (p.kind !== 'ply' || plies.length === (maxPlies ?? Infinity)) break;
        const played = playMove(game, p.move);
        if (!played.ok) break;
        game = played.game;
        plies.push(p.text);
        const over = rulesOutcome(game);
        if (over) {
          end = over.result === 'white' ? '2-0' : over.result === 'black' ? '0-2' : '1-1';
          break;
        }
      }
      // Else the result as written; a game without one (or with a match score, Delft's 4-6) is
      // ended by White resigning, so that every board ends.
      const result = end ?? (g.result !== undefined && outcome(g.result) !== g.result.replace(/\s/g, '') ? g.result : '0-2');
      if (plies.length >= 10) pool.push({ plies, result });
    }
  }
  return Array.from({ length: n }, (_, i) => {
    const { plies, result } = pool[i % pool.length];
    const board = i + 1;
    const movetext = plies.map((p, k) => (k % 2 === 0 ? `${k / 2 + 1}. ${p}` : p)).join(' ');
    const pdn = `[Event "${EVENT}"]\n[Site "Loopback"]\n[Date "2026.11.24"]\n[Round "1"]\n[White "White ${board}"]\n[Black "Black ${board}"]\n[Result "${result}"]\n[GameType "20"]\n\n${movetext} ${result}\n`;
    return { board, moves: plies.map(ends), result: outcome(result), pdn };
  });
}

/** Starts `node bin.js ARGS`, resolving with the child once its stdout says `ready`'s pattern; its output kept. */
function start(args: string[], ready: RegExp, env: Record<string, string>, output: string[]): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "${ready}" from dambord ${args[0]} in ${WAIT_LIMIT_MS} ms:\n${out}`)), WAIT_LIMIT_MS);
    const take = (d: Buffer): void => {
      out += d.toString();
      output.push(d.toString());
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m });
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!ready.exec(out)) reject(new Error(`dambord ${args[0]} exited (${code}) before it was ready:\n${out}`));
    });
  });
}

const exited = (c: ChildProcess): Promise<void> => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.once('exit', () => r())));

/** Runs the whole broadcast and checks it; never leaves a process behind. */
export async function runScale(o: ScaleOptions): Promise<ScaleReport> {
  const log = o.log ?? (() => {});
  const work = mkdtempSync(join(tmpdir(), 'dambord-scale-'));
  const started = performance.now();
  const expected = games(o.boards, o.maxPlies);
  const pdnFile = join(work, 'round.pdn');
  writeFileSync(pdnFile, expected.map((e) => e.pdn).join('\n'));
  const totalMoves = expected.reduce((s, e) => s + e.moves.length, 0);
  const children: ChildProcess[] = [];
  const output: string[] = [];
  const problems: string[] = [];
  const users = [{ username: 'hall', password: 'hall-secret' }, { username: 'relay', password: 'relay-secret' }];
  const broker = await startMosquitto({ users });
  try {
    const relay = await start(['relay', '--event', EVENT, '--broker', `mqtt://relay@127.0.0.1:${broker.port}`, '--http-port', '0', '--id', 'scale-relay'], /live at (http:\/\/[^/]+\/)/, { DAMBORD_MQTT_PASSWORD: 'relay-secret' }, output);
    children.push(relay.child);
    const url = relay.match[1];
    log(`relay at ${url}, mosquitto on ${broker.port}`);

    // The viewers, before any board: they see the round grow from nothing.
    const procs = o.viewerProcesses ?? Math.max(1, Math.min(4, Math.ceil(o.viewers / 500)));
    const viewerChildren = Array.from({ length: procs }, (_, i) => fork(VIEWERS, [url, String(Math.floor(o.viewers / procs) + (i < o.viewers % procs ? 1 : 0))], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    children.push(...viewerChildren);
    const ask = <T>(c: ChildProcess, m: string): Promise<T> => new Promise((resolve) => {
      const on = (x: unknown): void => {
        if (typeof x === 'object' && x !== null && (m === 'report' ? 'boards' in x : 'open' in x && !('boards' in x))) {
          c.off('message', on);
          resolve(x as T);
        }
      };
      c.on('message', on);
      c.send(m);
    });
    for (let t = 0; ; t++) {
      const open = (await Promise.all(viewerChildren.map((c) => ask<{ open: number }>(c, 'open')))).reduce((s, r) => s + r.open, 0);
      if (open === o.viewers) break;
      if (t > 600) throw new Error(`only ${open} of ${o.viewers} viewers connected`);
      await new Promise((r) => setTimeout(r, 100));
    }
    log(`${o.viewers} viewers connected in ${procs} processes`);

    // The hosts, started last first: the order boards come in must not matter.
    const per = Math.ceil(o.boards / o.hosts);
    const hostArgs = (h: number): string[] => {
      const from = h * per + 1;
      const to = Math.min(o.boards, (h + 1) * per);
      return ['event', '--sim-games', pdnFile, '--sim-board', 'model', '--speed', String(o.speed), '--time-control', '5400+30', '--boards', `${from}-${to}`, '--broker', `mqtt://hall@127.0.0.1:${broker.port}`, '--id', `host-${h + 1}`, '--archive', join(work, `host-${h + 1}`), '--http-port', '0', '--exit-when-done'];
    };
    const hosts: ChildProcess[] = [];
    for (let h = o.hosts - 1; h >= 0; h--) {
      const host = await start(hostArgs(h), /live at http/, { DAMBORD_MQTT_PASSWORD: 'hall-secret' }, output);
      hosts[h] = host.child;
      children.push(host.child);
    }
    log(`${o.hosts} hosts started: ${o.boards} boards, ${totalMoves} moves to play`);

    const round = async (): Promise<{ board: number; moves: unknown[]; result: unknown }[]> => {
      try {
        return ((await (await fetch(`${url}api/round`)).json()) as { boards: { board: number; moves: unknown[]; result: unknown }[] }).boards;
      } catch {
        return [];
      }
    };
    const progress = async (): Promise<number> => (await round()).reduce((s, b) => s + b.moves.length, 0);
    const until = async (what: string, cond: () => Promise<boolean>, ms: number): Promise<void> => {
      const end = Date.now() + ms;
      while (!(await cond())) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const limit = 30 * 60_000;
    if (o.faults && o.hosts > 1) {
      await until('a third of the moves', async () => (await progress()) >= totalMoves / 3, limit);
      const victim = o.hosts > 2 ? 1 : 0;
      hosts[victim].kill('SIGKILL');
      await exited(hosts[victim]);
      log(`host ${victim + 1} killed at ${await progress()} moves`);
      await new Promise((r) => setTimeout(r, 1500));
      const again = await start(hostArgs(victim), /live at http/, { DAMBORD_MQTT_PASSWORD: 'hall-secret' }, output);
      hosts[victim] = again.child;
      children.push(again.child);
      log(`host ${victim + 1} started again`);
      await until('two thirds of the moves', async () => (await progress()) >= (2 * totalMoves) / 3, limit);
      await broker.restart();
      log(`broker restarted at ${await progress()} moves`);
    }
    await Promise.all(hosts.map(exited));
    try {
      await until('every board to end on the relay', async () => {
        const r = await round();
        return r.length === o.boards && r.every((b) => b.result !== null);
      }, WAIT_LIMIT_MS);
    } catch (e) {
      const r = (await round()) as unknown as { board: number; moves: unknown[]; result: unknown; irregularity: { message: string; status: string } | null; link: string }[];
      const open = r.filter((b) => b.result === null).map((b) => `board ${b.board}: ${b.moves.length} of ${expected[b.board - 1].moves.length} moves, link ${b.link}${b.irregularity ? `, ${b.irregularity.status}: ${b.irregularity.message}` : ''}`);
      throw new Error(`${e instanceof Error ? e.message : String(e)}: ${r.length} boards on the relay; not ended: ${open.join('; ')}`, { cause: e });
    }
    // The viewers have every change the relay showed once they have its last one: those cut off
    // for not reading fast enough on this busy machine catch up after reconnecting.
    const lastId = ((await (await fetch(`${url}api/round`)).json()) as { id: string }).id;
    const caughtUp = (c: ChildProcess): Promise<number> => new Promise((resolve) => {
      const on = (x: unknown): void => {
        if (typeof x === 'object' && x !== null && 'caughtUp' in x) {
          c.off('message', on);
          resolve((x as { caughtUp: number }).caughtUp);
        }
      };
      c.on('message', on);
      c.send({ at: lastId });
    });
    await until('every viewer to have the relay\'s last change', async () => (await Promise.all(viewerChildren.map(caughtUp))).reduce((a, b) => a + b, 0) === o.viewers, 180_000);
    const relayChanges = Number(((await (await fetch(`${url}api/round`)).json()) as { boards: { rev: number }[] }).boards.reduce((s, b) => s + b.rev, 0));

    // What the viewers hold.
    const reports = await Promise.all(viewerChildren.map((c) => ask<{ viewers: number; doubled: number; gaps: number; reconnects: number; events: number; boards: Record<string, { finals: Record<string, number>; missedPlies: number; viewers: number }> }>(c, 'report')));
    const doubled = reports.reduce((s, r) => s + r.doubled, 0);
    const gaps = reports.reduce((s, r) => s + r.gaps, 0);
    if (doubled > 0) problems.push(`${doubled} board events reached a viewer twice`);
    if (gaps > 0) problems.push(`${gaps} board events never reached a viewer`);
    for (const e of expected) {
      const want = `${e.moves.join(' ')}|${e.result}`;
      let right = 0;
      let missed = 0;
      for (const r of reports) {
        const b = r.boards[String(e.board)];
        if (!b) continue;
        missed += b.missedPlies;
        for (const [key, n] of Object.entries(b.finals)) {
          const [moves, result] = key.split('|');
          if (`${moves.split(' ').map(ends).join(' ')}|${outcome(result)}` === want) right += n;
        }
      }
      if (right !== o.viewers) problems.push(`board ${e.board}: ${o.viewers - right} of ${o.viewers} viewers do not end with the game`);
      if (missed > 0) problems.push(`board ${e.board}: viewers missed ${missed} numbers of moves on the way`);
    }

    // The feeds, re-read with the rules core's PDN reader.
    const check = (where: string, text: string, boards: readonly Expected[], tagged = true): void => {
      const read = readPdn(text, { variant: variants.international });
      if (read.games.length !== boards.length) problems.push(`${where}: ${read.games.length} games for ${boards.length} boards`);
      boards.forEach((e, i) => {
        const g = read.games[i];
        if (!g) return;
        const board = g.tags.find((t) => t.name === 'Board')?.value;
        const moves = g.line.flatMap((p) => (p.kind === 'ply' ? [ends(p.text)] : []));
        if (tagged && board !== String(e.board)) problems.push(`${where}: game ${i + 1} has Board "${board}", not ${e.board}`);
        if (g.error) problems.push(`${where}: board ${e.board} does not replay: ${g.error.reason}`);
        if (moves.join(' ') !== e.moves.join(' ')) problems.push(`${where}: board ${e.board} has ${moves.length} moves, not the game's ${e.moves.length} (first difference at ply ${moves.findIndex((m, k) => m !== e.moves[k]) + 1})`);
        if (outcome(g.result) !== e.result) problems.push(`${where}: board ${e.board} ends ${g.result}, not as the game (${e.result})`);
      });
    };
    check('/feed/round.pdn', await (await fetch(`${url}feed/round.pdn`)).text(), expected);
    const json = (await (await fetch(`${url}feed/round.json`)).json()) as { games: { pdn: string }[] };
    check('/feed/round.json', json.games.map((g) => g.pdn).join('\n'), expected);
    for (const e of expected) check(`/feed/board/${e.board}.pdn`, await (await fetch(`${url}feed/board/${e.board}.pdn`)).text(), [e]);
    for (const e of expected) {
      const h = Math.floor((e.board - 1) / per);
      const file = join(work, `host-${h + 1}`, EVENT, 'round-1', `board-${String(e.board).padStart(2, '0')}`, 'game.pdn');
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        problems.push(`the archive has no ${file}`);
        continue;
      }
      check(`the archive's board ${e.board}`, text, [e]);
    }
    return {
      boards: o.boards,
      hosts: o.hosts,
      viewers: o.viewers,
      moves: totalMoves,
      seconds: (performance.now() - started) / 1000,
      problems,
      viewerEvents: reports.reduce((s, r) => s + r.events, 0),
      reconnects: reports.reduce((s, r) => s + r.reconnects, 0),
      relayChanges,
    };
  } catch (e) {
    const tail = output.join('').split('\n').slice(-40).join('\n');
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- the processes said, last lines:\n${tail}`, { cause: e });
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await broker.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
