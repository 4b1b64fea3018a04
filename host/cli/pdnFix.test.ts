// `dambord pdn check --fix` on real games (test/fixtures/oracles/games/nk ronde 01.pdn, the Dutch
// championship 2009, its provenance in test/fixtures/oracles) with slips typed into the file's
// own text as people mistype a scoresheet: a digit swapped, a capture written as a step to the
// piece taken, a move left out, a move written twice, the last digit of a square dropped. The
// slips are string edits on the text; the verdict is the real game as its file records it.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPdn, sameMove } from '../../rules/index.ts';
import { EXIT } from './command.ts';
import { fixFile } from './pdnFix.ts';
import { runCliBuffered as cli } from './testing.ts';

const nk = readFileSync(new URL('../../test/fixtures/oracles/games/nk ronde 01.pdn', import.meta.url), 'latin1').replace(/\r\n/g, '\n');
/** The file's games as its text has them, each from its `[Event`. */
const games = nk.split(/(?=\[Event )/).filter((g) => g.trim() !== '');
const work = mkdtempSync(path.join(tmpdir(), 'dambord-pdn-fix-'));

/** The main line's moves of a game's text, where each is: comments, variations and move numbers passed over. */
function mainLine(text: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let depth = 0;
  const start = text.search(/\r?\n\r?\n/);
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '{') i = text.indexOf('}', i);
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && /\d/.test(c) && /[\s.]/.test(text[i - 1])) {
      const word = /^\d+[-x]\d+(?:x\d+)*/.exec(text.slice(i));
      if (word && !/^[012]-[012]$/.test(word[0])) out.push({ text: word[0], at: i });
      i += (word?.[0].length ?? /^\S*/.exec(text.slice(i))![0].length) - 1;
    }
  }
  return out;
}

/** The game's text with its move at `ply` (from 1) written `typed` ('' leaves it out). */
function typed(game: string, ply: number, typed: (move: string) => string): string {
  const m = mainLine(game)[ply - 1];
  const now = typed(m.text);
  return game.slice(0, m.at) + now + game.slice(m.at + m.text.length + (now === '' ? 1 : 0));
}

// How people mistype a move, from the move as written.
/** Two digits of the first square swapped: 32-28 typed 23-28. */
const digitsSwapped = (m: string) => m.replace(/^(\d)(\d)/, '$2$1');
/** Written twice: 32-28 32-28. */
const twice = (m: string) => `${m} ${m}`;
/** The last digit dropped: 12-17 typed 12-1. */
const lastDigitDropped = (m: string) => m.slice(0, -1);
/**
 * A capture of one piece written as a step to the square of the piece taken (Latvian rules 4.1:
 * capturing is jumping diagonally over the opponent's piece when the square behind it is empty): 28x19 written
 * 28-23. Squares 1-50 counted from the top row, five a row, the first row starting on its second column.
 */
function captureAsStep(m: string): string {
  const [from, to] = m.split('x').map(Number);
  const at = (n: number) => ({ row: Math.floor((n - 1) / 5), col: 2 * ((n - 1) % 5) + (Math.floor((n - 1) / 5) % 2 === 0 ? 1 : 0) });
  const a = at(from);
  const b = at(to);
  const mid = { row: (a.row + b.row) / 2, col: (a.col + b.col) / 2 };
  return `${from}-${mid.row * 5 + Math.floor(mid.col / 2) + 1}`;
}

/** The main-line moves of the first game of a text, replayed by the PDN reader, and its error. */
function replayed(text: string) {
  const g = readPdn(text).games[0];
  return { moves: g.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : [])), error: g.error, comments: g.line.flatMap((p) => (p.kind === 'ply' ? p.comments : [])) };
}

/** The same moves, one for one. */
const sameGame = (a: readonly Parameters<typeof sameMove>[0][], b: readonly Parameters<typeof sameMove>[0][]) => a.length === b.length && a.every((m, k) => sameMove(m, b[k]));

/** The text without the comments --fix writes, its white space as one space. */
const withoutFixes = (text: string) => text.replace(/\{fixed: [^}]*\}/g, ' ').replace(/\s+/g, ' ').trim();

let n = 0;
/** Writes `text` to a new file of the test's folder and runs `pdn check ARGS FILE`; the fixed copy's text, if written. */
async function fix(text: string, args: string[] = ['--suggest', '--fix']) {
  const file = path.join(work, `sheet${++n}.pdn`);
  writeFileSync(file, text, 'latin1');
  const r = await cli(['pdn', 'check', ...args, file]);
  const out = path.join(work, `sheet${n}.fixed.pdn`);
  return { ...r, file, out, fixed: existsSync(out) ? readFileSync(out, 'utf8') : null };
}

const truth = replayed(games[0]);

describe('pdn check --fix: each slip with a clear best repair is made, the copy replays as the true game', () => {
  it('the real game replays as its file writes it', () => {
    expect(truth.error).toBeNull();
    expect(truth.moves).toHaveLength(117);
    expect(mainLine(games[0]).map((m) => m.text).slice(0, 5)).toEqual(['34-29', '17-22', '32-28', '11-17', '37-32']);
  });

  const slips: [string, number, (m: string) => string][] = [
    ['a digit swapped (ply 3, 32-28 typed 23-28)', 3, digitsSwapped],
    ['a capture written as a step to the piece taken (ply 9, 28x19 typed 28-23)', 9, captureAsStep],
    ['a move left out (ply 30)', 30, () => ''],
    ['a move written twice (ply 22)', 22, twice],
  ];
  for (const [name, ply, slip] of slips)
    it(name, async () => {
      const text = typed(games[0], ply, slip);
      expect(replayed(text).error).not.toBeNull();
      const r = await fix(text);
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(r.fixed).not.toBeNull();
      const fixed = replayed(r.fixed!);
      expect(fixed.error).toBeNull();
      expect(sameGame(fixed.moves, truth.moves)).toBe(true);
      // Nothing else changed: tags, comments, variations and move numbers as the file has them.
      expect(withoutFixes(r.fixed!)).toBe(withoutFixes(games[0]));
      expect(r.fixed!.match(/\{fixed: [^}]*\}/g)).toHaveLength(1);
      expect(r.stdout).toContain('1 game, 1 fixed, 0 left with slips; the fixed copy is');
      // The original is kept as it was.
      expect(readFileSync(r.file, 'latin1')).toBe(text);
    });

  it('the comment at the repair says what was written and what was made of it, and pdn check reads it as a comment of that move', async () => {
    const r = await fix(typed(games[0], 3, digitsSwapped));
    expect(r.fixed).toContain('2. 32-28 {fixed: written 23-28, made 32-28: 23 for 32, digits swapped} { Het populairste');
    expect(r.stdout).toContain('game 1 (Derkx,B. - Meijer,Hein), move 2: fixed: written 23-28, made 32-28: 23 for 32, digits swapped\n');
    const check = await cli(['pdn', 'check', '--verbose', r.out]);
    expect(check.code).toBe(EXIT.ok);
    expect(check.stdout).toContain('OK, 59 moves (117 plies), international');
    expect(replayed(r.fixed!).comments).toContain('fixed: written 23-28, made 32-28: 23 for 32, digits swapped');
  });

  it('two slips in one game (a digit swapped at ply 3, a move left out at ply 40) are both repaired', async () => {
    const text = typed(typed(games[0], 40, () => ''), 3, digitsSwapped);
    const r = await fix(text);
    expect(r.code).toBe(EXIT.ok);
    expect(sameGame(replayed(r.fixed!).moves, truth.moves)).toBe(true);
    expect(r.fixed!.match(/\{fixed: [^}]*\}/g)).toHaveLength(2);
  });

  it('a forced capture left out (ply 9, 28x19, white\'s only move) is put in after its move number, with its comment', async () => {
    const r = await fix(typed(games[0], 9, () => ''));
    expect(r.code).toBe(EXIT.ok);
    expect(r.fixed).toContain('5. 28x19 {fixed: 28x19 put in: a forced capture left out} 14x34');
    expect(sameGame(replayed(r.fixed!).moves, truth.moves)).toBe(true);
  });

  // PDN 3.0 ("ambiguous captures"; test/fixtures/oracles/positions.md): in W:WK47:B14,19,29,31,42 the
  // king has two captures from 47 to 36 of four pieces each (Latvian rules 4.6: "if there are several
  // ways of capturing all the pieces that can be taken, the player chooses"; 4.13: the most pieces),
  // 47x38x24x13x36 taking 19 and 47x38x20x9x36 taking 14. Black's 14-20 after it needs the man on 14.
  it('Latvian rules 4.6, PDN 3.0: a capture written 47x36 that two routes fit is written with the route the next move needs', async () => {
    const text = '[FEN "W:WK47:B14,19,29,31,42"]\n\n1. 47x36 14-20 *\n';
    expect(replayed(text).error).not.toBeNull();
    const r = await fix(text);
    expect(r.code).toBe(EXIT.ok);
    expect(r.fixed).toContain('1. 47x38x24x13x36 {fixed: written 47x36, made 47x38x24x13x36: its squares name more than one capture route: written with the one the later moves need} 14-20 *');
    expect(replayed(r.fixed!).error).toBeNull();
  });

  it('the file as it is, CR LF line ends and all: the copy differs only by the repair and its comment', async () => {
    const raw = readFileSync(new URL('../../test/fixtures/oracles/games/nk ronde 01.pdn', import.meta.url), 'latin1');
    expect(raw).toContain('\r\n');
    const r = await fix(typed(raw, 3, digitsSwapped));
    expect(r.code).toBe(EXIT.ok);
    expect(r.fixed!.replace(' {fixed: written 23-28, made 32-28: 23 for 32, digits swapped}', '')).toBe(raw);
  });

  it('a plain typed list with letters typed for digits (1O-14, 5-1O), which the PDN reader stops at: both repaired in place', async () => {
    const r = await fix('1. 32-28 19-23 2. 28x19 14x23 3. 37-32 1O-14 4. 41-37 5-1O 5. 46-41\n');
    expect(r.code).toBe(EXIT.ok);
    expect(r.fixed).toBe('1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 {fixed: written 1O-14, made 10-14: 1O for 10, a letter typed for a digit} 4. 41-37 5-10 {fixed: written 5-1O, made 5-10: 1O for 10, a letter typed for a digit} 5. 46-41\n');
  });

  it('--lang nl writes the comments and the lines in Dutch', async () => {
    const r = await fix(typed(games[0], 3, digitsSwapped), ['--fix', '--lang', 'nl']);
    expect(r.fixed).toContain('{verbeterd: geschreven 23-28, gemaakt 32-28: 23 voor 32, cijfers verwisseld}');
    expect(r.stdout).toContain('1 partij, 1 verbeterd, 0 met fouten gelaten');
  });
});

describe('pdn check --fix on a file of games: the ones that replay copied unchanged, an unclear slip left and named', () => {
  // Game 3 with a digit swapped, game 7's last move (12-17) with its last digit dropped: 12-1, which 12-17, 12-18 or a word too many may be.
  const last7 = mainLine(games[6]).length;
  const file = games.map((g, k) => (k === 2 ? typed(g, 20, digitsSwapped) : k === 6 ? typed(g, last7, lastDigitDropped) : g)).join('');

  it('the slips are typed where meant', () => {
    expect(mainLine(games[2])[19].text).toMatch(/^\d\d-/);
    expect(mainLine(games[6])[last7 - 1].text).toBe('12-17');
  });

  it('repairs game 3, leaves game 7 as written with a comment, names it in the terminal and exits 1', async () => {
    const r = await fix(file);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stdout).toContain('7 games, 1 fixed, 1 left with slips');
    expect(r.stdout).toMatch(/game 7 \(Kooij,van der,W\. - Thijssen,K\.\), move 55: 3 repairs equally likely \(12-17, 12-18, 12-1 left out\); left as written, and the game is not repaired past it\n/);
    const fixed = r.fixed!.split(/(?=\[Event )/);
    expect(fixed).toHaveLength(7);
    for (const k of [0, 1, 3, 4, 5]) expect(fixed[k]).toBe(games[k]);
    expect(withoutFixes(fixed[2])).toBe(withoutFixes(games[2]));
    expect(sameGame(replayed(fixed[2]).moves, replayed(games[2]).moves)).toBe(true);
    expect(fixed[6]).toContain('12-1 {3 repairs equally likely (12-17, 12-18, 12-1 left out); left as written, and the game is not repaired past it}');
    const check = await cli(['pdn', 'check', r.out]);
    expect(check.stdout).toContain('7 games: 6 ok, 1 with errors');
  });

  it('--json: a fix line per game changed or left, and the file line', async () => {
    const r = await fix(file, ['--fix', '--json']);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; game?: number });
    const fixes = lines.filter((l) => l.type === 'fix');
    expect(fixes).toHaveLength(2);
    expect(fixes[0]).toMatchObject({ game: 3, changes: [{ ply: 20, written: digitsSwapped(mainLine(games[2])[19].text), replace: mainLine(games[2])[19].text }], left: null });
    expect(fixes[1]).toMatchObject({ game: 7, changes: [], left: { ply: last7, move: 55, written: '12-1', tied: [{ replace: '12-17' }, { replace: '12-18' }, { delete: true }] } });
    expect(lines.at(-1)).toMatchObject({ type: 'file', output: r.out, games: 7, fixed: 1, left: 1 });
    expect(lines.filter((l) => l.type === 'slip').map((l) => l.game)).toEqual([3, 7]);
  });
});

describe('pdn check --fix: where the copy goes', () => {
  const slipped = typed(games[0], 3, digitsSwapped);

  it('--fix alone does what --suggest does, and writes the copy', async () => {
    const r = await fix(slipped, ['--fix']);
    expect(r.stdout).toContain('ply 3 23-28 cannot be played (international); most likely meant:');
    expect(r.fixed).not.toBeNull();
  });

  it('an existing fixed copy is not written over without --force (exit 3); with it, it is', async () => {
    const first = await fix(slipped);
    writeFileSync(first.out, 'mine');
    const again = await cli(['pdn', 'check', '--fix', first.file]);
    expect(again.code).toBe(EXIT.io);
    expect(again.stderr).toContain(`${first.out} exists already: the fixed copy is not written over it (--force writes over it)`);
    expect(readFileSync(first.out, 'utf8')).toBe('mine');
    const forced = await cli(['pdn', 'check', '--fix', '--force', first.file]);
    expect(forced.code).toBe(EXIT.ok);
    expect(readFileSync(first.out, 'utf8')).toContain('{fixed: ');
  });

  it('-o names the copy; standard input needs it; it is never the file checked', async () => {
    const out = path.join(work, 'named.pdn');
    const r = await cli(['pdn', 'check', '--fix', '-o', out, '-'], slipped);
    expect(r.code).toBe(EXIT.ok);
    expect(readFileSync(out, 'utf8')).toContain('{fixed: ');
    expect((await cli(['pdn', 'check', '--fix', '-'], slipped)).stderr).toContain('the fixed copy of standard input needs a name: -o FILE');
    const own = await fix(slipped);
    const over = await cli(['pdn', 'check', '--fix', '--force', '-o', own.file, own.file]);
    expect(over.code).toBe(EXIT.io);
    expect(readFileSync(own.file, 'latin1')).toBe(slipped);
    for (const alone of [['--force'], ['-o', out], ['--lang', 'nl']]) expect((await cli(['pdn', 'check', '--suggest', ...alone, own.file])).stderr).toContain(`${alone[0]} goes with --fix`);
  });

  it('a game whose error is not a slip of its moves (text that is not PDN) is left as it is and named, and exits 1', async () => {
    const r = await fix(`${games[1]}[White "A"]\n[Black "B"]\n\n1. 32-28 # 19-23 *\n`);
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stdout).toMatch(/game 2 \(A - B\), move 1: cannot be replayed as written \(Unexpected '#': expected a move[^\n]*result\); left as written\n/);
    // Nothing in it could be repaired: no copy.
    expect(r.stdout).toContain('2 games, 1 left with slips and none that could be repaired: no copy written');
    expect(r.fixed).toBeNull();
  });

  it('a file whose games all replay gets no copy, and exits 0', async () => {
    const r = await fix(games[1]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.fixed).toBeNull();
    expect(r.stdout).toContain('1 game, each replays as written: nothing to fix, no copy written');
  });
});

describe('pdn check --fix on many slips: a repair made is the true move', () => {
  // Another round of the same championship: each game with one slip typed every 13th ply, of three kinds.
  const round2 = readFileSync(new URL('../../test/fixtures/oracles/games/nk ronde 02.pdn', import.meta.url), 'latin1').replace(/\r\n/g, '\n').split(/(?=\[Event )/).filter((g) => g.trim() !== '');
  const kinds: [string, (m: string) => string][] = [['a digit swapped', digitsSwapped], ['a move left out', () => ''], ['a move written twice', twice]];
  for (const [name, slip] of kinds)
    it(`${name}: every game that is fixed replays as the true game; the rest are left`, () => {
      const t = { cases: 0, true: 0, left: 0 };
      for (const g of round2) {
        const real = replayed(g);
        for (let ply = 5; ply < mainLine(g).length; ply += 13) {
          const text = typed(g, ply, slip);
          if (text === g || !replayed(text).error) continue;
          t.cases++;
          const r = fixFile(text, {}, 'en');
          if (r.left > 0) t.left++;
          else {
            expect(sameGame(replayed(r.text).moves, real.moves), `game ${round2.indexOf(g) + 1}, ply ${ply}`).toBe(true);
            t.true++;
          }
        }
      }
      expect(t.cases).toBeGreaterThan(25);
      // A move left out is often one of several that fit (a quiet move among quiet moves): those are left, named.
      expect(t.true / t.cases).toBeGreaterThanOrEqual(name === 'a move left out' ? 0.6 : 0.95);
    });
});
