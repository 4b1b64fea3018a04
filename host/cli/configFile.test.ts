// --config FILE: a club's defaults in TOML, under the command line and over the defaults; every
// fault of the file named with its line. The files are written as a club secretary would write them.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliBuffered as cli } from './testing.ts';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'dambord-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A configuration file holding `text`, its path. */
function config(text: string): string {
  const file = path.join(dir, `club${++files}.toml`);
  writeFileSync(file, text);
  return file;
}

/** English draughts: Black moves first, 11-15 is one of its opening moves (EDA laws 1.3). */
const ENGLISH_FIRST = 'lift 11\nplace 15\n';
/** International draughts: White moves first, 32-28 (FMJD 3.1). */
const INTERNATIONAL_FIRST = 'lift 32\nplace 28\n';

/** The moves `dambord replay --json` printed. */
const moves = (stdout: string) => stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; move?: string }).filter((o) => o.type === 'move').map((o) => o.move);

describe('--config FILE: which value holds', () => {
  it('the file beats the default: variant = "english" replays an English game', async () => {
    const r = await cli(['replay', '--config', config('# the club plays English draughts\nvariant = "english"\n'), '--json', '-'], ENGLISH_FIRST);
    expect(r.code).toBe(0);
    expect(moves(r.stdout)).toEqual(['11-15']);
  });

  it('the command line beats the file: --variant international over variant = "english"', async () => {
    const r = await cli(['replay', '--variant', 'international', '--json', '--config', config('variant = "english"\n'), '-'], INTERNATIONAL_FIRST);
    expect(r.code).toBe(0);
    expect(moves(r.stdout)).toEqual(['32-28']);
  });

  it("a command's section beats the common keys, and another command's keys are left to it", async () => {
    const file = config('variant = "international"\nwhite = "Anna"\n\n[replay]\nvariant = "english"\n\n[play]\nvariant = "czech"\n');
    const r = await cli(['replay', '--config', file, '--json', '-'], ENGLISH_FIRST);
    expect(r.code).toBe(0);
    expect(moves(r.stdout)).toEqual(['11-15']);
  });

  it('a flag set in the file holds: show-jumps = true flags a multiple capture made in one sweep (Czech rules cl. 4.9)', async () => {
    // test/sessions/czech/4.9-jumps-not-shown-moving-on-king-open-then-accept.script: the king takes a1xc7 in one sweep.
    const options = ['--variant', 'czech', '--fen', 'W:Wh6,a5,Ka1:BKb8,d6,c3', '--json'];
    const sweep = 'lift a1\nplace c7\nlift c3\nlift d6\npress clock\n';
    const plain = await cli(['replay', ...options, '-'], sweep);
    const shown = await cli(['replay', ...options, '--config', config('[replay]\nshow-jumps = true\n'), '-'], sweep);
    expect(plain.stdout).not.toContain('jumps-not-shown');
    expect(shown.stdout).toContain('"code":"jumps-not-shown"');
  });
});

describe('--config FILE: a fault names the file and its line, exit 2', () => {
  it.each([
    ['a TOML syntax error (an unterminated string)', 'event = "Club night"\nsite = "Utrecht\n', 'line 2, column'],
    ['a key no command has, with the nearest', 'event = "Club night"\n\nvaraint = "english"\n', 'line 3: dambord has no option --varaint; did you mean variant?'],
    ["a key another command's section does not take", '[replay]\nwhite = "Anna"\n', 'line 2: dambord replay has no option --white'],
    ['a section no command has, with the nearest', 'lang = "nl"\n[plya]\nwhite = "Anna"\n', 'line 2: no command "plya" has a section; the sections are [play], [digitise], [event], [replay], [relay]; did you mean [play]?'],
    ['a key of the command line only', 'resume = "last"\n', 'line 1: resume is given on the command line only (--resume), not in a file'],
    ['a flag that is not true or false', 'show-jumps = "yes"\n', 'line 1: show-jumps is a flag: true or false, not "yes"'],
    ['a list where a name goes', 'white = ["Anna", "Bert"]\n', 'line 1: white takes a string, not a list'],
    ['a port out of range, in the section of another command', '[play]\nhttp-port = 70000\n', 'line 2: --http-port must be a port number, not "70000"'],
    ['a language dambord does not speak', 'lang = "xx"\n', 'line 1: no language "xx": choose one of en, nl'],
    ['a policy that is not one', '[replay]\n"policy" = "friendly"\n', 'line 2: unknown policy "friendly"'],
    ['a time control PDN does not know', 'time-control = "90 minutes"\n', 'line 1: the time control "90 minutes" is not one PDN knows'],
    ['a name with a control character (a PDN tag is one line)', 'white = "Anna\\nBert"\n', 'line 1: --white holds a control character'],
  ])('%s', async (_what, text, said) => {
    const file = config(text);
    const r = await cli(['replay', '--config', file, '-'], INTERNATIONAL_FIRST);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`dambord replay: ${file}, ${said}`);
  });

  it('a name on the command line is one line of text, as in the file and on the page (PDN: a tag is one line)', async () => {
    for (const [command, option] of [['play', '--white'], ['digitise', '--black'], ['event', '--site']]) {
      const r = await cli([command, option, 'Anna\n[Result "0-2"]']);
      expect(r).toMatchObject({ code: 2, stderr: expect.stringContaining(`${option} holds a control character`) });
    }
    // A name let through would start the command (a game that waits for its board): bounded.
  }, WAIT_LIMIT_MS);

  it('a missing file', async () => {
    const file = path.join(dir, 'missing.toml');
    const r = await cli(['relay', '--config', file]);
    expect(r).toMatchObject({ code: 2, stderr: `dambord relay: cannot read the configuration ${file}: no such file or directory\nRun 'dambord relay --help' for its usage.\n` });
  });

  it.skipIf(process.getuid?.() === 0)('an unreadable file', async () => {
    const file = config('event = "Club night"\n');
    chmodSync(file, 0o000);
    const r = await cli(['play', '--config', file]);
    expect(r).toMatchObject({ code: 2, stderr: expect.stringContaining(`cannot read the configuration ${file}: permission denied`) });
  });

  it('a directory', async () => {
    const r = await cli(['event', '--config', dir]);
    expect(r).toMatchObject({ code: 2, stderr: expect.stringContaining(`cannot read the configuration ${dir}: `) });
  });
});
