// Golden sessions, shared by the plain replay tests and those through the simulated boards:
// where the scripts are, their options line, and `dambord replay` run in-process on one.

import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliBuffered } from '../host/cli/testing.ts';
import { SIMULATED_RUN_LIMIT_MS } from './limits.ts';

export const ROOT = fileURLToPath(new URL('./sessions/', import.meta.url));
export const UPDATE = process.env.UPDATE_GOLDEN === '1';

/** Every `.script` under `dir`, sorted, as paths relative to ROOT. */
export function scripts(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...scripts(path));
    else if (entry.name.endsWith('.script')) out.push(relative(ROOT, path));
  }
  return out.sort();
}

/** The words of the `# options:` header line, double quotes grouping (`--fen "W:W31:B1"`). */
export function optionsOf(script: string): string[] {
  const line = script.split(/\r?\n/).find((l) => /^#\s*options:/.test(l));
  if (!line) return [];
  const body = line.replace(/^#\s*options:/, '');
  return [...body.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

/** `dambord replay OPTIONS --json --pdn TMP SCRIPT`, in-process: exit code, JSON lines, PDN. */
export async function replay(file: string, pdnFile: string, extra: string[] = []): Promise<{ code: number; json: string; pdn: string; stderr: string }> {
  const argv = ['replay', ...optionsOf(readFileSync(file, 'utf8')), ...extra, '--json', '--pdn', pdnFile, file];
  const r = await runCliBuffered(argv);
  return { code: r.code, json: r.stdout, pdn: readOr(pdnFile, ''), stderr: r.stderr };
}

export function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}


/**
 * Every golden session (but the pending ones) played on a simulated board with
 * `dambord replay --through <board>` must give exactly the expected output of the plain replay.
 * `folder` picks one variant's sessions (so that test files can share them out between workers).
 */
export function describeThrough(board: 'sim' | 'firmata', title: string, folder = ''): void {
  const work = mkdtempSync(join(tmpdir(), `dambord-sessions-${board}-`));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  describe(title, () => {
    for (const name of scripts(join(ROOT, folder))) {
      if (/^#\s*pending:/m.test(readFileSync(join(ROOT, name), 'utf8'))) continue;
      it(name, async () => {
        const file = join(ROOT, name);
        const base = file.replace(/\.script$/, '');
        const r = await replay(file, join(work, `${name.replace(/[/\\]/g, '_')}.${board}.pdn`), ['--through', board]);
        // Nothing on standard error but the progress of a long run (host/cli/progress.ts: in a pipe, a line at a new tenth 2 s apart).
        expect(r.stderr.replace(/^dambord replay: through the simulated (Firmata )?board: \d+\/\d+ plies \(\d+%\), \d+ s\n/gm, '')).toBe('');
        expect(r.code).toBe(0);
        expect(r.json).toBe(readOr(`${base}.expected.jsonl`, '(missing expected.jsonl)'));
        expect(r.pdn).toBe(readOr(`${base}.expected.pdn`, '(missing expected.pdn)'));
      }, SIMULATED_RUN_LIMIT_MS);
    }
  });
}
