// Runs the firmware's own checks from `npm test`: the host-compiled core tests (both board
// sizes), the AVR build against the committed .hex files and the flash/RAM budget, and the
// transcript in docs/protocol.md against what the core really sends.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

function found(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

function make(target: string): { status: number | null; out: string } {
  const r = spawnSync('make', ['--no-print-directory', '-C', here, target], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const hostCompiler = found('gcc') && found('make');
const avrCompiler = hostCompiler && found('avr-gcc');

/** The protocol lines of the transcript block in docs/protocol.md: `< LINE*HHHH` / `> LINE*HHHH`, annotations dropped. */
function transcriptLines(markdown: string): string[] {
  const section = markdown.split(/^## Transcript$/m)[1] ?? '';
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => /^([<>]) (.*?\*[0-9A-F]{4})(?=\s|$)/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]} ${m[2]}`);
}

describe('firmware', () => {
  if (!hostCompiler) {
    it.skip('host tests skipped: gcc or make not found (apt-get install gcc make)', () => {});
    return;
  }

  it('make -C firmware test: the core tests pass for the 10x10 and the 8x8 board', () => {
    const { status, out } = make('test');
    expect(status, out).toBe(0);
    const counts = [...out.matchAll(/^firmware-(\S+): (\d+) passed, (\d+) failed$/gm)];
    expect(counts.map((m) => m[1]).sort(), out).toEqual(['10x10', '8x8']);
    for (const m of counts) {
      expect(Number(m[2]), m[0]).toBeGreaterThan(0);
      expect(Number(m[3]), m[0]).toBe(0);
    }
  });

  it('docs/protocol.md: every line of the transcript is what the core sends and receives, in order', () => {
    const built = make('build/test-10x10');
    expect(built.status, built.out).toBe(0);
    const run = spawnSync(join(here, 'build', 'test-10x10'), ['--transcript'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const session = run.stdout.split('\n').filter((l) => /^[<>] /.test(l));
    const documented = transcriptLines(readFileSync(join(here, '..', 'docs', 'protocol.md'), 'utf8'));
    expect(documented.length).toBeGreaterThan(20);
    let at = 0;
    for (const line of documented) {
      const found = session.indexOf(line, at);
      expect(found, `"${line}" is not in the session after line ${at}:\n${session.join('\n')}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });

  if (!avrCompiler) {
    it.skip('AVR build skipped: avr-gcc not found (apt-get install gcc-avr avr-libc)', () => {});
    return;
  }

  it('make -C firmware check-hex: the committed .hex files are what the sources build, within budget', () => {
    const { status, out } = make('check-hex');
    expect(status, out).toBe(0);
    expect(out).toMatch(/hex\/dambord-10x10.hex matches/);
    expect(out).toMatch(/hex\/dambord-8x8.hex matches/);
  });
});
