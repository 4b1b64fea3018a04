// Golden sessions (style.md 10): action scripts under test/sessions/<variant>/ run through
// `dambord replay --json --pdn` in-process; what the referee says and the scoresheet it writes
// must equal the reviewed files beside each script. `UPDATE_GOLDEN=1 npx vitest run
// test/sessions.test.ts` rewrites the expected files instead: regenerate only on purpose and
// review the diff against the rulebooks.
//
// A session's name says what it shows: `<article>-<code>-<what happens>.script`, e.g.
// `5.4.3-touch-move-accept.script`. The test checks that the irregularity it announces is
// reported with that article, so a golden file cannot silently record the wrong thing; that an
// `-accept` session accepts it and a `-correct` session has the position corrected, with a move
// after either (a `-moving-on` session accepts by playing, without the button; a `-noted` one
// only notes it); and that a `<article>-no-<code>-...` session never reports the code.
//
// A script with a `# pending: REASON` line records what the rules ask where the referee does
// not do it yet: it is skipped (its title says why) and has no expected files until the referee
// is fixed and the files are generated and reviewed.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { IrregularityCode } from '../host/game/referee/types.ts';
import { readOr, replay, ROOT, scripts, UPDATE } from './sessionKit.ts';

const CODES: readonly IrregularityCode[] = [
  'two-moves',
  'illegal-move',
  'touch-move',
  'takeback',
  'opponent-piece',
  'capture-missed',
  'removed-without-reason',
  'not-maximum-capture',
  'capture-stopped',
  'early-removal',
  'incomplete-removal',
  'removed-not-jumped',
  'removed-own',
  'removal-order',
  'touch-out-of-turn',
  'jumps-not-shown',
];

/** How a session ends its irregularity: `-accept`, `-correct`, `-moving-on` (FMJD 5.7), `-noted`. */
type Outcome = 'accept' | 'correct' | 'moving-on' | 'noted' | 'other';

/** What a session's file name announces (see the header of this file). */
function announced(name: string): { article: string; code: IrregularityCode; absent: boolean; outcome: Outcome } | null {
  const m = /^(\d+(?:\.\d+)*)-(.*)\.script$/.exec(name);
  if (!m) return null;
  const [, article, rest] = m;
  const absent = rest.startsWith('no-');
  const tail = absent ? rest.slice(3) : rest;
  const code = [...CODES].sort((a, b) => b.length - a.length).find((c) => tail === c || tail.startsWith(`${c}-`));
  if (!code) return null;
  const words = tail.slice(code.length).split('-');
  const outcome: Outcome = words.includes('accept')
    ? 'accept'
    : words.includes('correct')
      ? 'correct'
      : words.includes('moving') && words.includes('on')
        ? 'moving-on'
        : words.includes('noted')
          ? 'noted'
          : 'other';
  return { article, code, absent, outcome };
}

const work = mkdtempSync(join(tmpdir(), 'dambord-sessions-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const all = scripts(ROOT);

describe('golden sessions (test/sessions)', () => {
  it('finds sessions for each variant', () => {
    for (const variant of ['international', 'czech', 'english']) expect(all.some((s) => s.startsWith(`${variant}/`))).toBe(true);
  });

  for (const name of all) {
    const pending = /^#\s*pending:\s*(.*)$/m.exec(readFileSync(join(ROOT, name), 'utf8'));
    if (pending) it.skip(`${name} (pending: ${pending[1]})`, () => {});
    else it(name, () => check(name));
  }
});

async function check(name: string): Promise<void> {
  const file = join(ROOT, name);
  const base = file.replace(/\.script$/, '');
  const { code, json, pdn, stderr } = await replay(file, join(work, name.replace(/[/\\]/g, '_') + '.pdn'));
  expect(stderr).toBe('');
  expect(code).toBe(0);
  if (UPDATE) {
    writeFileSync(`${base}.expected.jsonl`, json);
    writeFileSync(`${base}.expected.pdn`, pdn);
  } else {
    expect(json, `${name}: JSON lines (UPDATE_GOLDEN=1 rewrites the expected files)`).toBe(readOr(`${base}.expected.jsonl`, '(missing expected.jsonl)'));
    expect(pdn, `${name}: PDN scoresheet`).toBe(readOr(`${base}.expected.pdn`, '(missing expected.pdn)'));
  }

  const what = announced(name.split('/').pop() as string);
  expect(what, `${name}: the name should read <article>-<code>-...`).not.toBeNull();
  if (!what) return;
  const lines = json
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { type: string; code?: string; article?: string; decision?: string });
  const flagged = lines.findIndex((l) => l.type === 'irregularity' && l.code === what.code);
  if (what.absent) {
    expect(flagged, `${name}: ${what.code} must not be reported`).toBe(-1);
    expect(lines.filter((l) => l.type === 'irregularity')).toEqual([]);
    return;
  }
  expect(flagged, `${name}: ${what.code} is reported`).toBeGreaterThanOrEqual(0);
  expect(lines[flagged].article, `${name}: ${what.code} cites article ${what.article}`).toBe(what.article);
  const after = lines.slice(flagged + 1);
  const accepted = after.findIndex((l) => l.type === 'accepted' && l.code === what.code);
  switch (what.outcome) {
    case 'accept':
    case 'moving-on':
      expect(accepted, `${name}: the irregularity is accepted`).toBeGreaterThanOrEqual(0);
      expect(after.slice(accepted + 1).some((l) => l.type === 'move'), `${name}: play goes on after the acceptance`).toBe(true);
      // Moving on accepts without a button (FMJD 5.7).
      if (what.outcome === 'moving-on') expect(/^\s*press\s+accept/m.test(readFileSync(file, 'utf8'))).toBe(false);
      break;
    case 'correct': {
      const corrected = after.findIndex((l) => l.type === 'corrected');
      expect(after.some((l) => l.type === 'correction'), `${name}: a correction plan is given`).toBe(true);
      expect(corrected, `${name}: the position is corrected`).toBeGreaterThanOrEqual(0);
      expect(after.slice(corrected + 1).some((l) => l.type === 'move'), `${name}: play goes on after the correction`).toBe(true);
      break;
    }
    case 'noted':
      expect(lines[flagged].decision, `${name}: only noted`).toBe('note');
      expect(after.some((l) => l.type === 'move'), `${name}: play goes on`).toBe(true);
      break;
  }
}
