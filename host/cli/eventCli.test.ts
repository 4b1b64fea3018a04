// `dambord event` and `dambord relay` as an organiser types them (host/cli/commands/event.ts,
// relay.ts): every usage error says what is wrong before anything starts; a simulated game that
// does not replay is refused with its file, line, column and game number; pairings with an
// error name the line. Then one rehearsal of a round end to end, as a real process: the first
// three games of the Dutch championship's first round (nk ronde 01.pdn, 2009), cut to twelve
// moves each with their results kept, played on three model boards by simulated hands with
// 90-minute clocks, the process ending by itself; each board's scoresheet in the archive,
// read back with the rules core's PDN reader, holds exactly the game's moves and its result,
// in <archive>/<event>/round-<R>/board-NN.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normaliseResult, readPdn, variants } from '../../rules/index.ts';
import type { Move } from '../../rules/index.ts';
import { EXIT } from './command.ts';
import { runCliBuffered } from './testing.ts';

const v = variants.international;
const bin = fileURLToPath(new URL('./bin.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'dambord-event-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The first three games of test/fixtures/oracles/games/nk ronde 01.pdn, their tags as in the file
 * and their main lines cut after Black's twelfth move (notes and variations left out), each with
 * its result as played.
 */
const CUT_PDN = `[Event "nk"]
[Site "?"]
[Date "2009.04.08"]
[Round "?"]
[White "Derkx,B."]
[Black "Meijer,Hein"]
[Result "1-0"]
[GameType "20"]

1. 34-29 17-22 2. 32-28 11-17 3. 37-32 6-11 4. 41-37 19-23 5. 28x19 14x34
6. 39x30 13-19 7. 44-39 8-13 8. 50-44 20-25 9. 32-28 25x34 10. 40x29 16-21
11. 31-26 21-27 12. 37-32 11-16 1-0

[Event "nk"]
[Site "?"]
[Date "2009.04.08"]
[Round "?"]
[White "Zweerink,J."]
[Black "Vissers,M."]
[Result "1/2-1/2"]
[GameType "20"]

1. 32-28 20-24 2. 37-32 14-20 3. 41-37 10-14 4. 31-27 5-10 5. 46-41 20-25
6. 36-31 15-20 7. 34-30 25x34 8. 39x30 18-23 9. 44-39 12-18 10. 41-36 10-15
11. 30-25 17-22 12. 28x17 11x22 1/2-1/2

[Event "nk"]
[Site "?"]
[Date "2009.04.08"]
[Round "?"]
[White "Jansen,H."]
[Black "Winkel,S."]
[Result "0-1"]
[GameType "20"]

1. 31-26 18-23 2. 36-31 12-18 3. 41-36 7-12 4. 46-41 2-7 5. 32-27 19-24
6. 34-29 23x34 7. 39x19 14x23 8. 44-39 9-14 9. 50-44 4-9 10. 40-34 14-19
11. 34-30 10-14 12. 30-25 20-24 0-1
`;

function file(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

const cutGames = file('cut.pdn', CUT_PDN);

/** `dambord ARGV` in-process. */
const cli = (argv: string[]) => runCliBuffered(argv);

/** A usage error: exit 2, the command's name, the message, and how to get help. */
async function usage(argv: string[], message: string | RegExp): Promise<void> {
  const r = await cli(argv);
  expect(r.code, argv.join(' ')).toBe(EXIT.usage);
  expect(r.stdout, argv.join(' ')).toBe('');
  const [first, help] = r.stderr.trimEnd().split('\n');
  expect(first, argv.join(' ')).toMatch(typeof message === 'string' ? new RegExp(`^dambord ${argv[0]}: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message);
  expect(help, argv.join(' ')).toBe(`Run 'dambord ${argv[0]} --help' for its usage.`);
}

describe('dambord event: usage errors say what is wrong', () => {
  /** The round given (its file is never read: the options are checked first). */
  const round = ['--sim-games', join(work, 'not-read.pdn')];

  it('no round given: neither --pairings nor --sim-games', async () => {
    await usage(['event'], 'give the round: --pairings FILE, or --sim-games FILE.pdn to rehearse with simulated games');
    await usage(['event', '--speed', '10', '--http-port', '0'], 'give the round: --pairings FILE, or --sim-games FILE.pdn to rehearse with simulated games');
  });

  it.each(['0', '-2', '101', 'fast', '', 'NaN'])('--speed %j', async (speed) => {
    await usage(['event', ...round, '--speed', speed], `--speed must be a number above 0 and up to 100, not "${speed}"`);
  });

  it.each(['avr', 'Model', 'real'])('--sim-board %j', async (device) => {
    await usage(['event', ...round, '--sim-board', device], `--sim-board must be firmware or model, not "${device}"`);
  });

  it.each([
    ['1', '--ports: "1" is not BOARD=PORT, e.g. 1=/dev/ttyUSB0'],
    ['1=', '--ports: "1=" is not BOARD=PORT, e.g. 1=/dev/ttyUSB0'],
    ['x=/dev/ttyUSB0', '--ports: "x=/dev/ttyUSB0" is not BOARD=PORT, e.g. 1=/dev/ttyUSB0'],
    ['0=/dev/ttyUSB0', '--ports: "0=/dev/ttyUSB0" is not BOARD=PORT, e.g. 1=/dev/ttyUSB0'],
    ['1=/dev/ttyUSB0,,2=/dev/ttyUSB1', '--ports: "" is not BOARD=PORT, e.g. 1=/dev/ttyUSB0'],
    ['1=/dev/ttyUSB0,1=/dev/ttyUSB1', '--ports names board 1 twice'],
  ])('--ports %j', async (ports, message) => {
    await usage(['event', ...round, '--ports', ports], message);
  });

  it.each([
    ['0', '"0"'],
    ['16-1', '"16-1"'],
    ['1-4,x', '"x"'],
    ['', '""'],
  ])('--boards %j', async (boards, part) => {
    await usage(['event', ...round, '--boards', boards], `--boards: ${part} is not a board number or a range such as 1-16`);
  });

  it.each(['-1', '3601', '15m', 'soon'])('--delay %j', async (delay) => {
    await usage(['event', ...round, '--delay', delay], `--delay must be a number of seconds from 0 to 3600, not "${delay}"`);
  });

  it('--broker not an address, or not an MQTT one', async () => {
    await usage(['event', ...round, '--broker', 'hall2'], '--broker must be an address such as mqtt://user:password@127.0.0.1:1883, not "hall2"');
    await usage(['event', ...round, '--broker', 'http://hall2:secret@10.0.0.5:1883'], '--broker: "http:" is not an MQTT address (mqtt://, mqtts://, ws:// or wss://)');
  });

  it('--http-port out of range, --policy and --time-control unknown', async () => {
    await usage(['event', ...round, '--http-port', '70000'], '--http-port must be a port number, not "70000"');
    await usage(['event', ...round, '--policy', 'strict'], '--policy must be tournament, casual or blind, not "strict"');
    await usage(['event', ...round, '--time-control', 'ninety minutes'], /^dambord event: --time-control: the time control "ninety minutes" is not one PDN knows: it is none of moves\/seconds, /);
    // Standard Laws 24, 25: the English laws' time per move is English draughts' only.
    await usage(['event', '--sim-games', cutGames, '--time-control', 'laws'], /^dambord event: --time-control: the time control "laws" is the time per move of the Standard Laws of Checkers \(laws 24 and 25\), played in the english variant only, not in international/);
  });

  it('an argument that is not an option', async () => {
    await usage(['event', ...round, 'round1.pdn'], 'unexpected argument "round1.pdn"');
  });
});

describe('dambord event: the round\'s files', () => {
  it('a --sim-games game with an illegal move is refused with the file:line:column and the game\'s number', async () => {
    // Game 2 as in the file, but White's third move written 41-36 (36 holds White's own man).
    const bad = CUT_PDN.replace('3. 41-37 10-14 4. 31-27', '3. 41-36 10-14 4. 31-27');
    expect(bad).not.toBe(CUT_PDN);
    const path = file('illegal.pdn', bad);
    const line = bad.split('\n').findIndex((l) => l.includes('41-36')) + 1;
    const column = bad.split('\n')[line - 1].indexOf('41-36') + 1;
    const r = await cli(['event', '--sim-games', path, '--http-port', '0', '--archive', join(work, 'never')]);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stderr).toMatch(new RegExp(`^dambord event: ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}:${column}: game 2 does not replay: .+; mend it, or leave it out\n$`));
    expect(existsSync(join(work, 'never'))).toBe(false);
  });

  it('a --sim-games file that cannot be read, or holds no game, is said so', async () => {
    const missing = await cli(['event', '--sim-games', join(work, 'missing.pdn')]);
    expect(missing.code).toBe(EXIT.io);
    expect(missing.stderr).toMatch(/^dambord event: cannot read .*missing\.pdn: /);
    const empty = await cli(['event', '--sim-games', file('empty.pdn', '{ the round is not played yet }\n')]);
    expect(empty.code).toBe(EXIT.checkFailed);
    expect(empty.stderr).toBe(`dambord event: ${join(work, 'empty.pdn')} holds no game\n`);
  });

  it('pairings with an error are refused, naming the file and the line', async () => {
    const path = file('round1.csv', 'Bord;Wit;Zwart\n1;Derkx,B.;Meijer,Hein\nx;Zweerink,J.;Vissers,M.\n3;Jansen,H.;Winkel,S.\n');
    const r = await cli(['event', '--pairings', path, '--http-port', '0', '--archive', join(work, 'never')]);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stderr).toMatch(new RegExp(`^dambord event: ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, line 3: .*"x".*\n$`));
    expect(existsSync(join(work, 'never'))).toBe(false);
  });

  it('a board number above 999, in the pairings, a --sim-games Board tag or a 1000th game, is refused naming the file and the line, before anything starts', async () => {
    const path = file('huge.csv', 'Bord;Wit;Zwart\n1;Derkx,B.;Meijer,Hein\n3000000;Zweerink,J.;Vissers,M.\n');
    const r = await cli(['event', '--pairings', path, '--sim-board', 'model', '--exit-when-done', '--http-port', '0', '--archive', join(work, 'never')]);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stderr).toBe(`dambord event: ${path}, line 3: the board number "3000000" is above 999, the most boards a round may have: number the boards from 1 to 999\n`);
    const games = file('huge.pdn', CUT_PDN.replace('[Round "?"]\n[White "Zweerink,J."]', '[Round "?"]\n[Board "3000000"]\n[White "Zweerink,J."]'));
    const line = readFileSync(games, 'utf8').split('\n').indexOf('[Board "3000000"]') + 1;
    const g = await cli(['event', '--sim-games', games, '--sim-board', 'model', '--exit-when-done', '--http-port', '0', '--archive', join(work, 'never')]);
    expect(g.code).toBe(EXIT.checkFailed);
    expect(g.stderr).toBe(`dambord event: ${games}:${line}: game 2: the Board tag "3000000" is above 999, the most boards a round may have: number the boards from 1 to 999\n`);
    const many = file('many.pdn', Array.from({ length: 1000 }, (_, i) => `[White "W${i}"]\n[Black "B${i}"]\n*\n`).join('\n'));
    const m = await cli(['event', '--sim-games', many, '--sim-board', 'model', '--exit-when-done', '--http-port', '0', '--archive', join(work, 'never')]);
    expect(m.code).toBe(EXIT.checkFailed);
    expect(m.stderr).toBe(`dambord event: ${many}:${999 * 4 + 1}: game 1000 has no Board tag, and a round has at most 999 boards: put at most 999 games in the file\n`);
    expect(existsSync(join(work, 'never'))).toBe(false);
  });

  it('pairings of two rounds need --round, and a round or boards with no board of the pairings are refused', async () => {
    const path = file('two-rounds.csv', 'Ronde;Bord;Wit;Zwart\n1;1;Derkx,B.;Meijer,Hein\n2;1;Zweerink,J.;Vissers,M.\n');
    // Should the round be taken anyway, the run ends at once (no simulated games) instead of serving on.
    const quick = ['--sim-board', 'model', '--exit-when-done', '--http-port', '0', '--archive', join(work, 'never')];
    await usage(['event', '--pairings', path, ...quick], 'the pairings hold rounds 1, 2: choose one with --round');
    await usage(['event', '--pairings', path, '--round', '3', ...quick], 'the round has no boards');
    await usage(['event', '--pairings', path, '--round', '1', '--boards', '2-4', ...quick], 'no board of the round is in --boards 2-4');
    expect(existsSync(join(work, 'never'))).toBe(false);
  });
});

describe('dambord relay: usage errors say what is wrong', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.DAMBORD_MQTT_PASSWORD;
    delete process.env.DAMBORD_MQTT_PASSWORD;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.DAMBORD_MQTT_PASSWORD;
    else process.env.DAMBORD_MQTT_PASSWORD = saved;
  });

  it('without --event (or with a blank one)', async () => {
    await usage(['relay'], '--event NAME is needed: the event whose boards are followed');
    await usage(['relay', '--event', '  ', '--http-port', '0'], '--event NAME is needed: the event whose boards are followed');
  });

  it('--delay, --http-port and --mqtt-port out of range', async () => {
    await usage(['relay', '--event', 'NK 2009', '--delay', '7200'], '--delay must be a number of seconds from 0 to 3600, not "7200"');
    await usage(['relay', '--event', 'NK 2009', '--http-port', '65536'], '--http-port must be a port number, not "65536"');
    await usage(['relay', '--event', 'NK 2009', '--mqtt-port', '-1'], '--mqtt-port must be a port number, not "-1"');
  });

  it('--broker not an MQTT address', async () => {
    await usage(['relay', '--event', 'NK 2009', '--broker', 'https://10.0.0.5'], '--broker: "https:" is not an MQTT address (mqtt://, mqtts://, ws:// or wss://)');
  });

  it('--broker with the embedded broker\'s options', async () => {
    await usage(['relay', '--event', 'NK 2009', '--broker', 'mqtt://10.0.0.5:1883', '--mqtt-port', '1884'], '--mqtt-port, --mqtt-host and --mqtt-user set up the embedded broker; with --broker the relay follows that one');
  });

  it('--mqtt-user without DAMBORD_MQTT_PASSWORD in the environment', async () => {
    await usage(['relay', '--event', 'NK 2009', '--mqtt-user', 'hall'], '--mqtt-user needs its password in the environment: DAMBORD_MQTT_PASSWORD=...');
  });
});

describe('dambord event --sim-games: a rehearsal of a round, end to end', () => {
  it('plays three games on three model boards to their results and leaves each game, exactly, in the archive by event, round and board', async () => {
    const archive = join(work, 'archive');
    const argv = ['event', '--sim-games', cutGames, '--sim-board', 'model', '--speed', '50', '--time-control', '5400+30', '--http-port', '0', '--exit-when-done', '--archive', archive, '--event', 'NK 2009', '--round', '1'];
    const child = spawn(process.execPath, [bin, ...argv], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DAMBORD_DEBUG: '' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 35_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code, `${out}${err}`).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(/^dambord event: NK 2009, round 1: 3 boards \(1, 2, 3\); live at http:\/\/127\.0\.0\.1:\d+\/, feeds at http:\/\/127\.0\.0\.1:\d+\/feed\/round\.pdn$/m);
    expect(out).toContain(`dambord event: stopped; the games are in ${archive}`);

    // The archive: <archive>/<event>/round-<R>/board-NN and the index that lists them, nothing else.
    expect(readdirSync(archive).sort()).toEqual(['NK 2009', 'index.json']);
    expect(readdirSync(join(archive, 'NK 2009'))).toEqual(['round-1']);
    expect(readdirSync(join(archive, 'NK 2009', 'round-1')).sort()).toEqual(['board-01', 'board-02', 'board-03']);

    const source = readPdn(CUT_PDN, { variant: v }).games;
    expect(source.map((g) => g.error)).toEqual([null, null, null]);
    const moves = (line: readonly { kind: string; move?: Move }[]): string[] =>
      line.flatMap((p) => (p.kind === 'ply' && p.move ? [`${p.move.from}>${p.move.to}x${[...p.move.captured].sort((a, b) => a - b).join(',')}`] : []));
    for (let b = 1; b <= 3; b++) {
      const dir = join(archive, 'NK 2009', 'round-1', `board-0${b}`);
      expect(readdirSync(dir).sort(), `board ${b}`).toEqual(['game.journal', 'game.pdn']);
      const read = readPdn(readFileSync(join(dir, 'game.pdn')), { variant: v });
      expect(read.errors, `board ${b}`).toEqual([]);
      expect(read.games, `board ${b}`).toHaveLength(1);
      const [game] = read.games;
      const want = source[b - 1];
      expect(game.error, `board ${b}`).toBeNull();
      expect(moves(game.line), `board ${b}`).toEqual(moves(want.line));
      expect(moves(game.line), `board ${b}`).toHaveLength(24);
      expect(normaliseResult(game.result ?? '*', v), `board ${b}`).toBe(normaliseResult(want.result!, v));
      const tag = (name: string): string | undefined => game.tags.find((t) => t.name === name)?.value;
      expect([tag('White'), tag('Black'), tag('Event'), tag('Round'), tag('TimeControl')], `board ${b}`).toEqual([
        want.tags.find((t) => t.name === 'White')!.value,
        want.tags.find((t) => t.name === 'Black')!.value,
        'NK 2009',
        '1',
        '5400+30',
      ]);
      expect(normaliseResult(tag('Result') ?? '*', v), `board ${b}`).toBe(normaliseResult(want.result!, v));
    }
  });
});
