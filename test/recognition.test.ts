// Every oracle game is recognised, however the hands move the pieces. Each game of the oracle
// files (test/fixtures/oracles/games) is rendered as an action script by host/script/render.ts
// in the hand styles the rules describe, run through the referee with the tournament policy,
// and must come out as exactly the same moves: the same PDN text and FEN after every ply. The
// renderer marks the moves whose style the variant's rules flag (a single capture begun by
// taking the captured piece in Czech and English, a removal interrupted by the clock under FMJD
// and Czech rules): there, and only there, the referee must report that irregularity, and the
// move must still be the move however the opponent resolves it.
//
// This test shares the renderer's view of hands; test/hands/ is the independent model, written
// from the rulebooks, that the referee is also checked against.
//
// Runs: three seeded runs per game (the seed chooses the style of each move), one run per
// forced style (named by the article it shows), one run with every habit off, and one seeded
// run each under the casual and blind policies.
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { formatMove, legalMoves, parseFen, play, readPdn, squareName, variants, writeFen } from '../rules/index.ts';
import type { Move, PdnGame, PdnPly, Position, Variant } from '../rules/index.ts';
import type { Policy } from '../host/game/referee/types.ts';
import { outputJson } from '../host/game/referee/json.ts';
import { blind, casual, tournament } from '../host/game/referee/policy.ts';
import { runEvents } from '../host/game/referee/run.ts';
import { eventsOf, parseActionScript } from '../host/script/actions.ts';
import type { Action } from '../host/script/actions.ts';
import { HAND_STYLES, mulberry32, renderGame } from '../host/script/render.ts';
import { ORACLE_FILES, ORACLE_GAMES, oracleTexts } from './oracles.ts';
import type { HandStyles } from '../host/script/render.ts';

interface OracleGame {
  readonly file: string;
  /** 1-based number of the game in its file. */
  readonly number: number;
  readonly start: Position;
  readonly plies: readonly PdnPly[];
}

/** The main line of a game: its plies up to the first setup (none of the oracle games has one). */
function mainLine(g: PdnGame): PdnPly[] {
  const plies: PdnPly[] = [];
  for (const item of g.line) {
    if (item.kind !== 'ply') break;
    plies.push(item);
  }
  return plies;
}

const loaded = ORACLE_FILES.map(({ file, variant }) => {
  const games = oracleTexts(file).flatMap((input) => readPdn(input, { variant: variants[variant] }).games);
  const ok: OracleGame[] = [];
  games.forEach((g, i) => {
    if (!g.error) ok.push({ file, number: i + 1, start: g.start, plies: mainLine(g) });
  });
  return { file, variant, all: games, games: ok };
});
const allGames = loaded.flatMap((f) => f.games);

/** How often each habit was shown in a script, read from its comment lines. */
function labelCount(script: string, label: string): number {
  return script.split('\n').filter((l) => l.startsWith('#') && l.includes(label)).length;
}

/** The codes each ply's comment line says the referee flags (`flagged CODE, ...`), by ply. */
function flaggedPlies(script: string): Map<number, string> {
  const flags = new Map<number, string>();
  for (const l of script.split('\n')) {
    const m = /^# (\d+)\. .*flagged ([a-z-]+)/.exec(l);
    if (m) flags.set(Number(m[1]), m[2]);
  }
  return flags;
}

/** The ply each script line belongs to: the number of the last comment line `# N. ...` above it. */
function plyOfLines(script: string): number[] {
  let ply = 0;
  return script.split('\n').map((l) => {
    const m = /^# (\d+)\. /.exec(l);
    if (m) ply = Number(m[1]);
    return ply;
  });
}

/**
 * Renders `game` with `styles` and `seed`, runs it through the referee (tournament policy unless
 * told) and returns what went wrong (nothing when every ply is recognised), with the script for counting styles.
 */
function recognise(game: OracleGame, seed: number, styles?: HandStyles, policy: Policy = tournament): { problem: string | null; script: string } {
  const v = game.start.variant;
  const script = renderGame(game.start, game.plies.map((p) => p.move), { seed, styles });
  const parsed = parseActionScript(script, v);
  if (!parsed.ok) return { problem: `the script does not parse: ${parsed.reason}`, script };
  const events = eventsOf(parsed.actions);
  const { outputs } = runEvents(game.start, policy, events.map((e) => e.event));
  const where = `${game.file} game ${game.number}, seed ${seed}, styles ${JSON.stringify(styles ?? {})}, ${policy.name} policy`;
  const excerpt = (event: number): string => {
    const line = events[Math.min(event, events.length - 1)]?.line ?? 0;
    return script.split('\n').slice(Math.max(0, line - 16), line).map((l, i) => `  ${Math.max(1, line - 15) + i}: ${l}`).join('\n');
  };
  const flags = flaggedPlies(script);
  const plyOf = plyOfLines(script);
  const open = new Map(flags);
  let ply = 0;
  for (const { output, event } of outputs) {
    const at = plyOf[(events[Math.min(event, events.length - 1)]?.line ?? 1) - 1] ?? 0;
    if (output.type === 'move') {
      const want = game.plies[ply];
      if (!want) return { problem: `${where}: an extra move ${output.text} after the last ply\n${excerpt(event)}`, script };
      const json = outputJson(v, output);
      const text = formatMove(want.before, want.move);
      if (json.move !== text || json.fen !== writeFen(want.after)) {
        return { problem: `${where}: ply ${ply + 1} read as ${String(json.move)} (${String(json.fen)}), expected ${text} (${writeFen(want.after)})\n${excerpt(event)}`, script };
      }
      ply++;
    } else if (output.type === 'result') {
      if (ply !== game.plies.length) return { problem: `${where}: result ${output.result} after ply ${ply} of ${game.plies.length}`, script };
    } else if (output.type === 'irregularity' && policy.noted.has(output.code) && output.decision === 'note' && [...flags.values()].includes(output.code)) {
      // Noted in this policy: only recorded.
      for (const [k, code] of open) if (code === output.code && k <= at) open.delete(k);
    } else if (output.type === 'irregularity') {
      const k = [...open].find(([n, code]) => code === output.code && n <= at && n >= at - 1)?.[0];
      if (k === undefined) return { problem: `${where}: after ply ${ply}: ${JSON.stringify(outputJson(v, output))}\n${excerpt(event)}`, script };
      open.delete(k);
    } else if (output.type === 'accepted' || output.type === 'correction' || output.type === 'corrected') {
      if (![...flags.keys()].some((n) => n <= at && n >= at - 1)) return { problem: `${where}: after ply ${ply}: ${JSON.stringify(outputJson(v, output))}\n${excerpt(event)}`, script };
    } else if (output.type !== 'adjusted' && output.type !== 'crowned') {
      return { problem: `${where}: after ply ${ply}: ${JSON.stringify(outputJson(v, output))}\n${excerpt(event)}`, script };
    }
  }
  if (ply !== game.plies.length) return { problem: `${where}: ${ply} of ${game.plies.length} plies recognised`, script };
  if (open.size > 0) return { problem: `${where}: not flagged: ${[...open].map(([k, c]) => `ply ${k} ${c}`).join(', ')}`, script };
  const adjusted = outputs.filter((o) => o.output.type === 'adjusted').length;
  // (The blind policy reads a piece lifted and put back as felt, and says nothing of it.)
  // One j'adoube covers every piece put back before the move (3.13), a felt piece among them.
  const announced = labelCount(script, "j'adoube");
  if (!policy.feel && (adjusted < announced || adjusted > announced + labelCount(script, 'feel'))) return { problem: `${where}: ${adjusted} adjustments for ${labelCount(script, "j'adoube")} j'adoube`, script };
  // Every crowning is read as one, but after the last move of a game that ended (nothing is read then).
  const crowned = outputs.filter((o) => o.output.type === 'crowned').length;
  const comments = script.split('\n').filter((l) => l.startsWith('#'));
  const over = outputs.some((o) => o.output.type === 'result') && (comments[comments.length - 1] ?? '').includes('crowned') ? 1 : 0;
  if (crowned !== labelCount(script, 'crowned') - over) return { problem: `${where}: ${crowned} crownings read for ${labelCount(script, 'crowned')} shown`, script };
  return { problem: null, script };
}

/** Runs every game with `styles`, expecting each to be recognised; returns how often `label` was shown. */
function recogniseAll(games: readonly OracleGame[], seedBase: number, styles: HandStyles | undefined, label?: string, policy: Policy = tournament): number {
  const problems: string[] = [];
  let shown = 0;
  games.forEach((g, i) => {
    const { problem, script } = recognise(g, seedBase * 100_003 + i, styles, policy);
    if (problem) problems.push(problem);
    if (label) shown += labelCount(script, label);
  });
  expect(problems.slice(0, 3)).toEqual([]);
  return shown;
}

describe('the oracle games', () => {
  it('cover every game file of the five variants (frisian_random_pdns.json is not one of them; more/ is the slip checker\'s)', () => {
    const listed = fs.readdirSync(ORACLE_GAMES).filter((f) => f !== 'pdn-corpus' && f !== 'more').sort();
    expect(listed).toEqual([...ORACLE_FILES.map((f) => f.file), 'frisian_random_pdns.json'].sort());
    for (const f of loaded) {
      expect(f.all.filter((g) => g.error).map((g) => g.error?.reason)).toEqual([]);
      expect(f.games.length).toBeGreaterThan(0);
    }
    // Every main line is moves only, so every ply of every game is rendered.
    expect(loaded.every((f) => f.all.every((g) => g.line.every((item) => item.kind === 'ply')))).toBe(true);
  });
});

describe('every oracle game is recognised in seeded hand styles (3 seeds a game)', () => {
  it.each(loaded.map((f) => ({ ...f, count: f.games.length, plies: f.games.reduce((n, g) => n + g.plies.length, 0) })))(
    '$file ($variant): $count games, $plies plies',
    ({ games }) => {
      for (const seed of [1, 2, 3]) recogniseAll(games, seed, undefined);
    },
  );
});

/** One run of every oracle game for each style forced, named by the article it shows. */
const FORCED: { name: string; styles: HandStyles; label: string }[] = [
  { name: 'FMJD 4.9: multiple captures shown jump by jump, the piece put down on every landing square', styles: { capture: 'jumps' }, label: 'jumps' },
  { name: 'FMJD 4.9: multiple captures shown on some landing squares only', styles: { capture: 'partial' }, label: 'partial' },
  { name: 'FMJD 4.4, 4.10: captures made in one sweep, the captured pieces removed after the landing', styles: { capture: 'sweep' }, label: 'sweep' },
  { name: 'FMJD 4.16 (Czech cl. 4.4, 4.11 and Laws 8 flag it): single capture with the captured piece lifted first, played on', styles: { capture: 'captured-first', resolution: 'play-on' }, label: 'captured-first' },
  { name: 'Czech cl. 4.4, 4.11, Laws 8: the capture begun with the captured piece, accepted', styles: { capture: 'captured-first', resolution: 'accept' }, label: 'captured-first' },
  { name: 'Czech cl. 4.4, 4.11, Laws 8: the capture begun with the captured piece, corrected and made again (5.8)', styles: { capture: 'captured-first', resolution: 'correct' }, label: 'captured-first' },
  { name: 'FMJD 4.5, 4.11: captured pieces removed in the order of capture', styles: { removal: 'capture' }, label: 'capture order' },
  { name: 'FMJD 4.5, 4.11: captured pieces removed in the reverse order', styles: { removal: 'reverse' }, label: 'reverse order' },
  { name: 'FMJD 4.11, 4.12: captured pieces removed one by one, seconds apart', styles: { slowRemoval: true }, label: 'slowly' },
  { name: 'Laws 11 (FMJD 4.12, Czech cl. 4.12 flag it): the clock pressed before the removal is finished', styles: { clockBeforeRemoval: true }, label: 'clock after' },
  { name: 'FMJD 3.10: a king move that could slide further, ended by the clock button', styles: { completion: 'clock' }, label: 'ended by clock' },
  { name: 'FMJD 3.10, 5.7: a king move that could slide further, ended by the opponent starting to move', styles: { completion: 'next', clock: false }, label: 'ended by the next move' },
  { name: 'FMJD 3.10: the clock pressed after every move', styles: { clock: true }, label: '' },
  { name: 'FMJD 3.10, 3.12: the piece held in the air for up to a minute, a capturing piece held on its landings', styles: { hold: true }, label: 'hold' },
  { name: 'long thinking between moves, up to three minutes', styles: { think: true }, label: 'think' },
  { name: "FMJD 3.12: a king's plain move sliding over squares of its way", styles: { slide: true }, label: 'slide' },
  { name: 'FMJD 3.5, 3.6: a promoted man crowned right after the move', styles: { crown: true }, label: 'crowned' },
  { name: "FMJD 3.13: j'adoube announced, one or two own pieces adjusted before the move", styles: { jadoube: true }, label: "j'adoube" },
  { name: 'FMJD 3.11: the piece that moves lifted, held and put back first (touching the moved piece is legal)', styles: { feel: true, hold: true }, label: 'feel' },
  { name: 'pauses of 300-900 ms inside moves and between moves', styles: { gaps: true }, label: '' },
  {
    name: 'the plainest hand: no slide, no crowning, no adjustment, no pause',
    styles: { slide: false, crown: false, jadoube: false, feel: false, gaps: false, hold: false, think: false, slowRemoval: false, clockBeforeRemoval: false },
    label: '',
  },
];

describe('every oracle game is recognised with each hand style forced', () => {
  it.each(FORCED.map((f, i) => ({ ...f, i })))('$name', ({ styles, label, i }) => {
    const shown = recogniseAll(allGames, 1000 + i, styles, label || undefined);
    if (label) expect(shown).toBeGreaterThan(0);
  });
});

describe('the other policies read the same hands the same way', () => {
  it.each([casual, blind])('$name policy: one seeded run of every oracle game', (policy) => {
    // (In the casual policy an early removal is only noted: there is nothing to correct.)
    recogniseAll(allGames, policy === casual ? 4 : 5, policy === casual ? { resolution: 'play-on' } : undefined, undefined, policy);
  });
});

describe('renderGame', () => {
  const v = variants.international;

  function position(fen: string, variant: Variant = v): Position {
    const r = parseFen(variant, fen);
    if (!r.ok) throw new Error(r.error.reason);
    return r.position;
  }

  /** The legal move `text` (PDN) in `pos`. */
  function move(pos: Position, text: string): Move {
    const m = legalMoves(pos).find((x) => formatMove(pos, x) === text);
    if (!m) throw new Error(`${text} is not legal`);
    return m;
  }

  /** The moves `texts` played in turn from `pos`. */
  function line(pos: Position, texts: string[]): Move[] {
    const moves: Move[] = [];
    let p = pos;
    for (const t of texts) {
      const m = move(p, t);
      moves.push(m);
      p = play(p, m);
    }
    return moves;
  }

  /** The actions of a script as short strings (`lift 32`, `press clock`, `wait 1500`). */
  function actions(script: string, variant: Variant = v): string[] {
    const r = parseActionScript(script, variant);
    if (!r.ok) throw new Error(r.reason);
    return r.actions.map((a: Action) => (a.kind === 'lift' || a.kind === 'place' ? `${a.kind} ${squareName(variant, a.square)}` : a.kind === 'press' ? `press ${a.button}` : a.kind === 'wait' ? `wait ${a.ms}` : a.kind));
  }

  const plain: HandStyles = { slide: false, crown: false, jadoube: false, feel: false, gaps: false, hold: false, think: false, slowRemoval: false, clock: false, clockBeforeRemoval: false };
  const start = position(v.startFen);

  it('renders plain moves and a capture jump by jump, removed in capture order, and parses back', () => {
    const moves = line(start, ['32-28', '19-23', '28x19', '14x23']);
    const script = renderGame(start, moves, { seed: 1, styles: { ...plain, capture: 'jumps', removal: 'capture' } });
    expect(script.split('\n')[0]).toBe('# 1. white 32-28');
    expect(actions(script)).toEqual(['lift 32', 'place 28', 'lift 19', 'place 23', 'lift 28', 'place 19', 'lift 23', 'lift 14', 'place 23', 'lift 19']);
  });

  it('FMJD 4.9, 4.11: a multiple capture jump by jump, then removed in reverse order', () => {
    const pos = position('W:W33:B28,19,18');
    const moves = line(pos, ['33x24']);
    expect(moves[0].captured.map((s) => s + 1)).toEqual([28, 18, 19]);
    const script = renderGame(pos, moves, { seed: 5, styles: { ...plain, capture: 'jumps', removal: 'reverse' } });
    expect(script.split('\n')[0]).toBe('# 1. white 33x22x13x24 (jumps, reverse order)');
    expect(actions(script)).toEqual(['lift 33', 'place 22', 'lift 22', 'place 13', 'lift 13', 'place 24', 'lift 19', 'lift 18', 'lift 28']);
  });

  it('FMJD 4.16: a single capture with the captured piece lifted first; a multiple one falls back', () => {
    const single = position('W:W28:B23');
    expect(actions(renderGame(single, line(single, ['28x19']), { seed: 2, styles: { ...plain, capture: 'captured-first' } }))).toEqual(['lift 23', 'lift 28', 'place 19']);
    const multiple = position('W:W33:B28,19,18');
    const script = renderGame(multiple, [legalMoves(multiple)[0]], { seed: 2, styles: { ...plain, capture: 'captured-first' } });
    expect(actions(script)[0]).toBe('lift 33');
    expect(script).not.toContain('captured-first');
  });

  it('FMJD 3.12, 3.10: a king sliding over its way, ended by the clock; the last move cannot end with "next"', () => {
    const pos = position('W:WK46:B1');
    const script = renderGame(pos, line(pos, ['46-5']), { seed: 3, styles: { ...plain, slide: true, completion: 'next' } });
    const acts = actions(script);
    expect(acts[0]).toBe('lift 46');
    expect(acts.slice(-2)).toEqual(['place 5', 'press clock']);
    const way = ['41', '37', '32', '28', '23', '19', '14', '10'];
    const flicker = acts.slice(1, -2);
    expect(flicker.length).toBeGreaterThan(0);
    for (let i = 0; i < flicker.length; i += 2) expect([flicker[i], flicker[i + 1]]).toEqual([`place ${flicker[i].split(' ')[1]}`, `lift ${flicker[i].split(' ')[1]}`]);
    const squares = flicker.filter((_, i) => i % 2 === 0).map((a) => a.split(' ')[1]);
    expect(squares.every((s) => way.includes(s))).toBe(true);
    expect(squares.map((s) => way.indexOf(s))).toEqual([...squares.map((s) => way.indexOf(s))].sort((a, b) => a - b));
  });

  it('FMJD 3.10: a king move ended by the clock, or by the next lift; never by a wait', () => {
    const pos = position('W:WK46:B1');
    const moves = line(pos, ['46-37', '1-6']);
    expect(actions(renderGame(pos, moves, { seed: 4, styles: { ...plain, slide: false, completion: 'clock' } }))).toEqual(['lift 46', 'place 37', 'press clock', 'lift 1', 'place 6']);
    expect(actions(renderGame(pos, moves, { seed: 4, styles: { ...plain, slide: false, completion: 'next' } }))).toEqual(['lift 46', 'place 37', 'lift 1', 'place 6']);
  });

  it('Czech cl. 4.4, 4.11: a capture begun with the captured piece is flagged, then corrected and made again', () => {
    const cz = variants.czech;
    const pos = position('W:Wc3,a1:Bd4,h8', cz);
    const script = renderGame(pos, line(pos, ['c3xe5']), { seed: 1, styles: { ...plain, capture: 'captured-first', resolution: 'correct' } });
    expect(script.split('\n')[0]).toBe('# 1. white c3xe5 (captured-first; flagged early-removal, corrected)');
    expect(actions(script, cz)).toEqual(['lift d4', 'lift c3', 'place e5', 'press correct', 'lift e5', 'place c3', 'place d4', 'lift c3', 'place e5', 'lift d4']);
  });

  it('FMJD 4.12, Laws 11: the clock pressed part way through the removal; the rest taken off after', () => {
    const pos = position('W:W33:B28,19,18');
    const script = renderGame(pos, line(pos, ['33x24']), { seed: 5, styles: { ...plain, capture: 'sweep', removal: 'capture', clockBeforeRemoval: true } });
    const acts = actions(script);
    expect(acts.slice(0, 2)).toEqual(['lift 33', 'place 24']);
    expect(acts.filter((a) => a === 'press clock')).toHaveLength(1);
    expect(acts.filter((a) => a.startsWith('lift')).slice(1)).toEqual(['lift 28', 'lift 18', 'lift 19']);
    expect(script).toContain('flagged incomplete-removal, finished');
  });

  it("FMJD 3.6, 3.13, 3.11: crowning after the move, j'adoube before it, the moved piece felt", () => {
    const pos = position('W:W7:B45');
    const crowned = renderGame(pos, line(pos, ['7-2']), { seed: 6, styles: { ...plain, crown: true } });
    expect(actions(crowned)).toEqual(['lift 7', 'place 2', 'lift 2', 'place 2']);
    const adjusted = actions(renderGame(start, line(start, ['32-28']), { seed: 6, styles: { ...plain, jadoube: true } }));
    expect(adjusted[0]).toBe('press jadoube');
    expect(adjusted.slice(-2)).toEqual(['lift 32', 'place 28']);
    const lifted = adjusted.slice(1, -2).filter((a) => a.startsWith('lift')).map((a) => a.split(' ')[1]);
    const placed = adjusted.slice(1, -2).filter((a) => a.startsWith('place')).map((a) => a.split(' ')[1]);
    expect([...placed].sort()).toEqual([...lifted].sort());
    expect(lifted.every((s) => Number(s) >= 31)).toBe(true);
    expect(actions(renderGame(start, line(start, ['32-28']), { seed: 6, styles: { ...plain, feel: true } }))).toEqual(['lift 32', 'place 32', 'lift 32', 'place 28']);
  });

  it('writes squares in the variant notation (Russian, algebraic)', () => {
    const r = variants.russian;
    const pos = position(r.startFen, r);
    const moves = line(pos, ['c3-d4', 'f6-e5', 'd4xf6']);
    const script = renderGame(pos, moves, { seed: 8, styles: { ...plain, capture: 'sweep', removal: 'capture' }, comments: false });
    expect(script).toBe('lift c3\nplace d4\nlift f6\nplace e5\nlift d4\nplace f6\nlift e5\n');
    expect(actions(script, r)).toEqual(script.trim().split('\n'));
  });

  it('is deterministic by seed and never calls Math.random', () => {
    const game = loaded[0].games[0];
    const moves = game.plies.map((p) => p.move);
    const spy = vi.spyOn(Math, 'random');
    try {
      const a = renderGame(game.start, moves, { seed: 42 });
      expect(renderGame(game.start, moves, { seed: 42 })).toBe(a);
      expect(renderGame(game.start, moves, { seed: 43 })).not.toBe(a);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    const r = mulberry32(7);
    const xs = Array.from({ length: 1000 }, r);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('holds a piece for 2 s to a minute, thinks for 5 s to 3 minutes, removes slowly 1-8 s apart', () => {
    const game = loaded[0].games[0];
    const waits = (styles: HandStyles): number[] =>
      [...renderGame(game.start, game.plies.map((p) => p.move), { seed: 9, styles: { ...plain, ...styles } }).matchAll(/^wait (\d+)$/gm)].map((m) => Number(m[1]));
    const held = waits({ hold: true });
    expect(held.length).toBeGreaterThanOrEqual(game.plies.length);
    expect(Math.min(...held)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...held)).toBeLessThanOrEqual(60_000);
    const thought = waits({ think: true });
    expect(thought).toHaveLength(game.plies.length - 1);
    expect(thought.every((ms) => ms >= 5000 && ms <= 180_000)).toBe(true);
    expect(waits({ slowRemoval: true }).every((ms) => ms >= 1000 && ms <= 8000)).toBe(true);
  });

  it('offers every choice of every style', () => {
    expect(Object.keys(HAND_STYLES).sort()).toEqual(['capture', 'clock', 'clockBeforeRemoval', 'completion', 'crown', 'feel', 'gaps', 'hold', 'jadoube', 'removal', 'resolution', 'slide', 'slowRemoval', 'think']);
  });
});

/** Hand styles the renderer does not produce by itself, checked on their own. */
describe('hand styles checked one by one', () => {
  function replay(script: string, fen: string): Record<string, unknown>[] {
    const v = variants.international;
    const start = parseFen(v, fen);
    const parsed = parseActionScript(script, v);
    if (!start.ok || !parsed.ok) throw new Error('bad fixture');
    return runEvents(start.position, tournament, eventsOf(parsed.actions).map((e) => e.event)).outputs.map((o) => outputJson(v, o.output));
  }

  it("FMJD 3.13: one j'adoube covers two pieces adjusted one after the other", () => {
    const out = replay('press jadoube\nlift 31\nplace 31\nlift 32\nplace 32\nlift 33\nplace 28\n', variants.international.startFen);
    expect(out.map((o) => o.type)).toEqual(['adjusted', 'adjusted', 'move']);
  });

  it('FMJD 4.16, 3.10: the opponent takes off a king just moved, still open, to capture it', () => {
    const out = replay('lift 46\nplace 37\nlift 37\nlift 31\nplace 42\n', 'W:WK46:B31,1');
    expect(out.map((o) => o.move).filter(Boolean)).toEqual(['46-37', '31x42']);
  });
});
