import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { EXIT } from './command.ts';
import type { Command } from './command.ts';
import { loadCommands } from './main.ts';
import { runCliBuffered } from './testing.ts';

/** `dambord ARGV` in-process. */
const cli = (argv: string[], opts: { commands?: Command[]; debug?: boolean } = {}) => runCliBuffered(argv, '', opts);

const bin = fileURLToPath(new URL('./bin.js', import.meta.url));

/** Leaf counts of an oracle file in test/fixtures/oracles/perft, as "DEPTH COUNT" lines. */
function oracle(variant: string, depth: number): string {
  const text = readFileSync(new URL(`../../test/fixtures/oracles/perft/${variant}.perft`, import.meta.url), 'utf8');
  const block = text.split(/^id /m)[1];
  const lines = [...block.matchAll(/^perft (\d+) (\d+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
  return lines.slice(0, depth).join('\n') + '\n';
}


/** Runs `node host/cli/bin.js ARGV` as a real process, from another directory. */
function subprocess(argv: string[]) {
  const r = spawnSync(process.execPath, [bin, ...argv], { cwd: tmpdir(), encoding: 'utf8', env: { ...process.env, DAMBORD_DEBUG: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const stack = /^\s+at /m;

const commands = await loadCommands();

describe('parseArgs', () => {
  const spec = { variant: 'string', fen: 'string', divide: 'boolean' } as const;

  it('reads long options with a space or =, flags, positionals and -', () => {
    expect(parseArgs(['--variant', 'english', '--fen=B:W21-32:B1-12', '--divide', '-', '5'], spec)).toEqual({
      ok: true,
      options: { variant: 'english', fen: 'B:W21-32:B1-12', divide: true },
      positionals: ['-', '5'],
    });
  });

  it('defaults flags to false and values to undefined', () => {
    expect(parseArgs([], spec)).toEqual({ ok: true, options: { variant: undefined, fen: undefined, divide: false }, positionals: [] });
  });

  it('takes everything after -- as positional, and negative numbers as positional', () => {
    expect(parseArgs(['--', '--divide', '-3'], spec)).toMatchObject({ ok: true, positionals: ['--divide', '-3'] });
    expect(parseArgs(['-3'], spec)).toMatchObject({ ok: true, positionals: ['-3'] });
  });

  it.each([
    [['--colour', 'white'], 'unknown option --colour'],
    [['-v'], 'unknown option -v'],
    [['--fen'], '--fen needs a value'],
    [['--fen', '--divide'], '--fen needs a value'],
    [['--divide=yes'], '--divide is a flag'],
    [['--variant', 'a', '--variant=b'], '--variant is given twice'],
    [['--toString'], 'unknown option --toString'],
  ])('rejects %j', (argv, message) => {
    const r = parseArgs(argv, spec);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });
});

describe('dambord perft (in-process)', () => {
  it('prints the english oracle figures, one "DEPTH COUNT" line per depth', async () => {
    expect(await cli(['perft', '--variant', 'english', '5'])).toEqual({ code: 0, stdout: oracle('english', 5), stderr: '' });
  });

  it('defaults to international', async () => {
    expect((await cli(['perft', '4'])).stdout).toBe(oracle('international', 4));
  });

  it('divides by root move in the variant notation, then a blank line and the depths', async () => {
    const r = await cli(['perft', '--variant', 'english', '--divide', '3']);
    const [moves, depths] = r.stdout.split('\n\n');
    const lines = moves.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe('9-13 48');
    expect(lines.reduce((n, l) => n + Number(l.split(' ')[1]), 0)).toBe(302);
    expect(depths).toBe(oracle('english', 3));
  });

  it('writes algebraic squares for Czech, and captures with x', async () => {
    expect((await cli(['perft', '--variant', 'czech', '--divide', '1'])).stdout).toMatch(/^a3-b4 1\nc3-b4 1\n/);
    expect((await cli(['perft', '--fen', 'W:W28:B23', '--divide', '1'])).stdout).toBe('28x19 1\n\n1 1\n');
  });

  it('prints timing on stderr only with --time, each depth counted on its own, with the threads that counted it', async () => {
    const r = await cli(['perft', '--time', '--threads', '1', '2']);
    expect(r.stdout).toBe('1 9\n2 81\n');
    expect(r.stderr).toMatch(/^depth 1: 9 leaves in \d+ ms \([\d.]+ M leaves\/s, 1 thread\)\ndepth 2: 81 leaves in \d+ ms \([\d.]+ M leaves\/s, 1 thread\)\n$/);
  });

  it('counts on worker threads with --threads 2: the published figures, the divide, and the threads on stderr with --time', async () => {
    const r = await cli(['perft', '--variant', 'english', '--threads', '2', '--time', '7']);
    expect(r.stdout).toBe(oracle('english', 7));
    expect(r.stderr).toMatch(/^depth 7: \d+ leaves in \d+ ms \([\d.]+ M leaves\/s, 2 threads\)$/m);
    const divide = await cli(['perft', '--variant', 'international', '--threads', '2', '--divide', '5']);
    const one = await cli(['perft', '--variant', 'international', '--threads', '1', '--divide', '5']);
    expect(divide).toEqual(one);
    expect(divide.stdout.split('\n\n')[1]).toBe(oracle('international', 5));
  });

  it.each([
    [['perft', '--variant', 'checkerz', '3'], 'unknown variant "checkerz"; choose one of international'],
    [['perft', '--fen', 'Q:W1', '3'], 'bad FEN "Q:W1" at character 1'],
    [['perft', '--fen', 'W:W31-50:B1-20,99', '3'], 'bad FEN'],
    [['perft', 'three'], 'DEPTH must be a whole number'],
    [['perft', '0'], 'DEPTH must be a whole number'],
    [['perft', '-2'], 'DEPTH must be a whole number'],
    [['perft'], 'DEPTH is missing'],
    [['perft', '2', '3'], 'one DEPTH expected'],
    [['perft', '--depth', '3'], 'unknown option --depth'],
    [['perft', '--threads', '0', '3'], '--threads must be a whole number from 1 to 256, not "0"'],
    [['perft', '--threads', 'all', '3'], '--threads must be a whole number from 1 to 256, not "all"'],
    // Names given by the user are looked up among the variants' own names, never inherited ones.
    [['perft', '--variant', 'constructor', '3'], 'unknown variant "constructor"'],
    [['perft', '--variant', '__proto__', '3'], 'unknown variant "__proto__"'],
    [['perft', '--variant', 'toString', '3'], 'unknown variant "toString"'],
    [['perft', '--variant', 'hasOwnProperty', '3'], 'unknown variant "hasOwnProperty"'],
  ])('%j is a usage error (exit 2) that says what is wrong', async (argv, message) => {
    const r = await cli(argv);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain("Run 'dambord perft --help'");
    expect(r.stderr).not.toMatch(stack);
  });
});

describe('names given by the user (own names only)', () => {
  it.each(['constructor', 'toString', '__proto__', 'valueOf'])('replay --policy %s and --variant %s are usage errors, not crashes', async (name) => {
    for (const argv of [['replay', '--policy', name, '-'], ['replay', '--variant', name, '-']]) {
      const r = await runCliBuffered(argv, 'lift 32\nplace 28\n');
      expect(r.code).toBe(EXIT.usage);
      expect(r.stderr).toContain(`"${name}"`);
      expect(r.stderr).not.toMatch(stack);
    }
  });
});

describe('dambord help, version and dispatch', () => {
  it.each(commands.map((c) => [c.name, c]))('%s --help prints its usage, options and an example', async (name, command) => {
    const r = await cli([...name.split(' '), '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(command.usage);
    expect(r.stdout).toMatch(/^Usage: dambord /);
    expect(r.stdout).toMatch(/\nOptions:\n/);
    expect(r.stdout).toMatch(/\nExamples?:\n {2}dambord /);
    expect((await cli(['help', ...name.split(' ')])).stdout).toBe(command.usage);
  });

  it('lists exactly the commands that exist, and help', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    const listed = [...r.stdout.split('Commands:\n')[1].split('\n\n')[0].matchAll(/^ {2}(\S+(?: \S+)?)\s{2,}/gm)].map((m) => m[1]);
    expect(listed).toEqual([...commands.map((c) => c.name), 'help']);
    expect((await cli(['help'])).stdout).toBe(r.stdout);
  });

  it('prints the version of package.json', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `dambord ${pkg.version}\n`, stderr: '' });
  });

  it.each([[[]], [['frobnicate']], [['help', 'frobnicate']], [['--frobnicate']]])('%j is a usage error', async (argv) => {
    const r = await cli(argv);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('dambord');
  });

  it('finds two-word commands and says which subcommands a group has', async () => {
    const fake = (name: string): Command => ({ name, summary: name, usage: `Usage: dambord ${name}\n`, run: async (argv, io) => (io.stdout.write(argv.join(',')), 0) });
    const list = [fake('pdn check'), fake('pdn convert')];
    expect(await cli(['pdn', 'convert', 'a', '-'], { commands: list })).toMatchObject({ code: 0, stdout: 'a,-' });
    expect(await cli(['pdn', 'check', '--', '--help'], { commands: list })).toMatchObject({ code: 0, stdout: '--,--help' });
    const group = await cli(['pdn'], { commands: list });
    expect(group).toMatchObject({ code: 2, stdout: '' });
    expect(group.stderr).toMatch(/needs a command after it[^]*\n {2}pdn check +pdn check\n {2}pdn convert +pdn convert\n/);
  });

  // The groups of two-word commands (`pdn` for `pdn check` and `pdn convert`).
  const groups = [...new Set(commands.filter((c) => c.name.includes(' ')).map((c) => c.name.split(' ')[0]))];

  it.each(groups)('%s --help, -h and help GROUP list the commands of the group, exit 0', async (group) => {
    const under = commands.filter((c) => c.name.startsWith(group + ' '));
    for (const argv of [[group, '--help'], [group, '-h'], ['help', group]]) {
      const r = await cli(argv);
      expect(r, argv.join(' ')).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toMatch(new RegExp(`^Usage: dambord ${group} COMMAND`));
      for (const c of under) expect(r.stdout).toContain(`  ${c.name}`);
      expect(r.stdout).toMatch(/\nExamples:\n {2}dambord /);
    }
  });

  it.each(groups)('%s alone is a usage error: the group usage on stderr, exit 2', async (group) => {
    const r = await cli([group]);
    expect(r).toMatchObject({ code: EXIT.usage, stdout: '' });
    expect(r.stderr).toContain(`Usage: dambord ${group} COMMAND`);
  });

  it('answers help --help with the list of commands', async () => {
    expect(await cli(['help', '--help'])).toEqual({ code: 0, stdout: (await cli(['--help'])).stdout, stderr: '' });
  });

  it('takes a leading -- as nothing, as npx and npm exec pass it on', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await cli(['--', '--version'])).toEqual({ code: 0, stdout: `dambord ${pkg.version}\n`, stderr: '' });
    expect(await cli(['--', 'perft', '--variant', 'english', '2'])).toEqual({ code: 0, stdout: '1 7\n2 49\n', stderr: '' });
    expect(await cli(['--', '--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^dambord: a smart draughts board/) });
  });

  it('turns a file error into exit 3 naming the file, and a bug into exit 70 without a stack', async () => {
    const reads: Command = { name: 'read', summary: '', usage: '', run: async () => (readFileSync('/nonexistent/game.pdn'), 0) };
    const r = await cli(['read'], { commands: [reads] });
    expect(r.code).toBe(EXIT.io);
    expect(r.stderr).toBe('dambord read: cannot open /nonexistent/game.pdn: no such file or directory\n');

    const buggy: Command = { name: 'bug', summary: '', usage: '', run: async () => { throw new TypeError('x is undefined'); } };
    const b = await cli(['bug'], { commands: [buggy] });
    expect(b.code).toBe(EXIT.internal);
    expect(b.stderr).toMatch(/^dambord: internal error: x is undefined\n.*please report/);
    expect(b.stderr).not.toMatch(stack);
    expect((await cli(['bug'], { commands: [buggy], debug: true })).stderr).toMatch(stack);
  });
});

describe('node host/cli/bin.js (a real process, from another directory)', () => {
  it('prints the english perft figures', () => {
    const r = subprocess(['perft', '--variant', 'english', '5']);
    expect(r).toEqual({ code: 0, stdout: '1 7\n2 49\n3 302\n4 1469\n5 7361\n', stderr: '' });
    expect(r.stdout).toBe(oracle('english', 5));
  });

  it('exits 2 on a usage error, with a message and no stack', () => {
    const r = subprocess(['perft', '--variant', 'english', '--fen', 'B:W21-32:B1-12,33', '5']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('bad FEN');
    expect(r.stderr).not.toMatch(stack);
  });

  it('answers --help and --version', () => {
    expect(subprocess(['perft', '--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: dambord perft/) });
    expect(subprocess(['--version'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^dambord \d+\.\d+\.\d+\n$/) });
  });

  it('answers pdn --help, and -- --version as the README says to write it through npx', () => {
    expect(subprocess(['pdn', '--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: dambord pdn COMMAND/) });
    expect(subprocess(['--', '--version'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^dambord \d+\.\d+\.\d+\n$/) });
  });
});

describe('npx dambord (npm\'s own npx, in the clone)', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const npx = (argv: string[]) => {
    const r = spawnSync('npx', ['--no-install', 'dambord', ...argv], { cwd: root, encoding: 'utf8', env: { ...process.env, DAMBORD_DEBUG: '' } });
    return { code: r.status, stdout: r.stdout };
  };
  const found = spawnSync('npx', ['--version'], { encoding: 'utf8' }).status === 0;

  it.runIf(found)('prints the version both as npx dambord --version and npx dambord -- --version', () => {
    expect(npx(['--version'])).toEqual({ code: 0, stdout: expect.stringMatching(/^dambord \d+\.\d+\.\d+\n$/) });
    expect(npx(['--', '--version'])).toEqual({ code: 0, stdout: expect.stringMatching(/^dambord \d+\.\d+\.\d+\n$/) });
  });
});
