// The audio-only game (issue 14, "How it is checked"): real games of every variant, played by
// human hands from the independent hand model (test/hands: pieces held, put back, removed
// slowly, irregularities the opponent accepts or has corrected), run through the game with the
// announcer listening; from the transcript alone (the exact strings sent to the voice) a
// listener that knows only the language's catalogue rebuilds every move with its capture path,
// takebacks and corrections included, and the result. And every announcement exactly once: one
// per move the referee recognised, per irregularity, per decision and per result, none twice.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFen, squareName, variants } from '../../rules/index.ts';
import type { VariantName } from '../../rules/index.ts';
import type { GameConfig } from '../../host/game/game.ts';
import { policyNamed, tournament, withShowJumps } from '../../host/game/referee/policy.ts';
import type { RefereeEvent } from '../../host/game/referee/types.ts';
import { replayEvents } from '../../host/game/replay.ts';
import { eventsOf, parseActionScript } from '../../host/script/actions.ts';
import { announce, createAnnouncer } from '../../host/speech/announce.ts';
import type { Announcement } from '../../host/speech/announce.ts';
import { listen } from '../../host/speech/testing/listener.ts';
import { CATALOGUES, LANGUAGES } from '../../host/words/catalogue.ts';
import type { Language } from '../../host/words/catalogue.ts';
import { randomHandGame } from '../hands/model.ts';
import { oracleGames } from '../hands/oracleGames.ts';

const GAMES = oracleGames();
const VARIANTS: VariantName[] = ['international', 'czech', 'english', 'brazilian', 'russian'];

/** The events of an action script. */
function events(script: string, v: (typeof variants)[VariantName]): RefereeEvent[] {
  const parsed = parseActionScript(script, v);
  if (!parsed.ok) throw new Error(parsed.reason);
  return eventsOf(parsed.actions).map((e) => e.event);
}

/** Plays `evs` from `start` with the announcer in `lang`: what was said, and what the referee said. */
function heard(config: GameConfig, evs: readonly RefereeEvent[], lang: Language) {
  let announcer = createAnnouncer(lang);
  const said: Announcement[] = [];
  const { state, said: outputs } = replayEvents(config, evs, (seen) => {
    const r = announce(announcer, seen);
    announcer = r.announcer;
    said.push(...r.said);
  });
  return { said, outputs, state };
}

const configFor = (start: GameConfig['start']): GameConfig => ({ start, policy: tournament, players: { white: '?', black: '?' }, tags: [], timeControl: null, hints: false });

describe('issue 14: a listener rebuilds real games from the transcript alone', () => {
  it.each(VARIANTS)('%s: every oracle game, seeded human hands, each in a language of its own', (variant) => {
    const games = GAMES.filter((g) => g.variant === variant);
    expect(games.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    let plies = 0;
    let decisions = 0;
    games.forEach((g, i) => {
      const lang = LANGUAGES[i % LANGUAGES.length];
      const hand = randomHandGame(g.start, g.moves, 14_000 + i);
      const { said, outputs } = heard(configFor(g.start), events(hand.script, g.start.variant), lang);
      const got = listen(CATALOGUES[lang], said).moves;
      const want = g.moves.map((m) => [m.from, ...m.path].map((sq) => squareName(g.start.variant, sq)));
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${g.name} (${lang}): heard ${got.length} moves, ${JSON.stringify(got.slice(0, 3))}..., want ${want.length}`);
      // Exactly once: one move announcement per move the referee recognised (a move taken back and
      // made again is said again), one per irregularity group, decision and result.
      const count = (k: string) => said.filter((a) => a.kind === k).length;
      const refMoves = outputs.filter((o) => o.type === 'move').length;
      const crowned = outputs.filter((o) => o.type === 'crowned').length;
      if (count('move') !== refMoves + crowned) wrong.push(`${g.name}: ${count('move')} move announcements for ${refMoves} moves and ${crowned} crownings`);
      if (new Set(said.map((a) => a.id)).size !== said.length) wrong.push(`${g.name}: an announcement id twice`);
      plies += refMoves;
      decisions += outputs.filter((o) => o.type === 'accepted' || o.type === 'corrected').length;
    });
    console.log(`listener.test.ts: ${variant}: ${games.length} games, ${plies} moves heard, ${decisions} decisions`);
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('every language: the same game, captures with their paths, a man crowned, the result', () => {
    // A real game that ends by the rules (no move left, or no pieces): the listener hears who won.
    const g = GAMES.find((x) => x.variant === 'international' && x.moves.some((m) => m.promotes) && x.moves.some((m) => m.captured.length > 1))!;
    expect(g).toBeDefined();
    const hand = randomHandGame(g.start, g.moves, 1414);
    const want = g.moves.map((m) => [m.from, ...m.path].map((sq) => squareName(g.start.variant, sq)));
    for (const lang of LANGUAGES) {
      const evs = [...events(hand.script, g.start.variant)];
      evs.push({ type: 'resign', color: 'white', t: (evs.at(-1)?.t ?? 0) + 5000 });
      const { said } = heard(configFor(g.start), evs, lang);
      const h = listen(CATALOGUES[lang], said);
      expect(h.moves, lang).toEqual(want);
      expect(h.result, lang).toEqual({ winner: 'black', reason: 'resignation' });
    }
  });
});

describe('issue 14: the transcripts of the golden sessions (one per article) agree with their scoresheets', () => {
  // Takebacks accepted, irregular moves that stand as set-ups, corrections: what the listener
  // rebuilds is what the scoresheet keeps, move for move.
  const dir = new URL('../sessions/', import.meta.url);
  const scripts = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.script'));
  it.each(scripts)('%s', (file) => {
    const text = readFileSync(new URL(file, dir), 'utf8');
    const header = /^# options: (.*)$/m.exec(text)?.[1] ?? '';
    const variant = variants[(/--variant (\w+)/.exec(header)?.[1] ?? 'international') as VariantName];
    const fen = /--fen "([^"]+)"/.exec(header)?.[1] ?? variant.startFen;
    const start = parseFen(variant, fen);
    if (!start.ok) throw new Error(start.error.reason);
    const policy = policyNamed(/--policy (\w+)/.exec(header)?.[1] ?? 'tournament')!;
    const config = { ...configFor(start.position), policy: withShowJumps(policy, header.includes('--show-jumps')) };
    const lang = LANGUAGES[scripts.indexOf(file) % LANGUAGES.length];
    const { said, state } = heard(config, events(text, variant), lang);
    const sheet = state.sheet.items.flatMap((x) => (x.kind === 'move' ? [x.squares.map((sq) => squareName(variant, sq))] : []));
    expect(listen(CATALOGUES[lang], said).moves, lang).toEqual(sheet);
    expect(new Set(said.map((a) => a.id)).size).toBe(said.length);
  });
});

describe('issue 14: every announcement exactly once', () => {
  it('FMJD 6.1 (the same position a third time): kings going back and forth, the same words again and again, each move said once, no gap, the draw said', () => {
    const start = parseFen(variants.international, 'W:WK50:BK1');
    if (!start.ok) throw new Error(start.error.reason);
    const round = ['lift 50', 'place 45', 'press clock', 'lift 1', 'place 6', 'press clock', 'lift 45', 'place 50', 'press clock', 'lift 6', 'place 1', 'press clock'];
    const script = [...round, ...round, ...round].join('\n');
    const { said, outputs } = heard(configFor(start.position), events(script, variants.international), 'en');
    const moves = said.filter((a) => a.kind === 'move');
    const played = outputs.filter((o) => o.type === 'move');
    // One announcement per move, ply after ply with none missing, the same words each round.
    expect(moves.map((a) => a.ply)).toEqual(played.map((_o, i) => i + 1));
    expect(moves.slice(0, 4).map((a) => a.text)).toEqual(['king 50 to 45', 'king 1 to 6', 'king 45 to 50', 'king 6 to 1']);
    expect(moves.slice(4, 8).map((a) => a.text)).toEqual(moves.slice(0, 4).map((a) => a.text));
    expect(said.filter((a) => a.kind === 'result').map((a) => a.text)).toEqual(['Draw: the same position a third time.']);
    expect(new Set(said.map((a) => a.id)).size).toBe(said.length);
    expect(listen(CATALOGUES.en, said).result).toEqual({ winner: 'other', reason: 'repetition' });
  });
});
