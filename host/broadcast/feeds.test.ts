// The feeds as lidraughts' relay reads them (host/broadcast/testing/lidraughtsRelay.ts, from
// RoepStoep/lidraughts modules/relay and modules/study): real games played through the game core
// with clocks, put on boards in shuffled order, must come out of the relay's split one per board
// in board order, import with lidraughts' grammar to the moves dambord's own reader finds, carry
// clocks the relay reads, and stay matched to the relay's chapters whatever order the boards
// arrive or restart in.

import { describe, expect, it } from 'vitest';
import { parseFen, readPdn, variants, writeFen } from '../../rules/index.ts';
import type { Move, Position } from '../../rules/index.ts';
import { ORACLE_FILES, oracleTexts } from '../../test/oracles.ts';
import { clocksText, parseTimeControl } from '../game/clock/clock.ts';
import type { TimedControl } from '../game/clock/clock.ts';
import type { GameState } from '../game/game.ts';
import { tournament } from '../game/referee/policy.ts';
import { sheetPosition } from '../game/referee/record.ts';
import { replayEvents } from '../game/replay.ts';
import { replayImported } from '../game/testing/lidraughts.ts';
import { gamePdn } from '../game/view.ts';
import { eventsOf, parseActionScript } from '../script/actions.ts';
import { renderGame } from '../script/render.ts';
import type { BoardGame } from './feeds.ts';
import { boardPdn, etagOf, notModified, roundJson, roundPdn } from './feeds.ts';
import { nodeStoreHost } from './storeHost.ts';
import { clocksOf, correspondingChapter, inputSanity, jsonGames, readCentis, relayGames, relayLine, splitGames } from './testing/lidraughtsRelay.ts';

const v = variants.international;
const start = ((): Position => {
  const r = parseFen(v, v.startFen);
  if (!r.ok) throw new Error(r.error.reason);
  return r.position;
})();
const tc = ((): TimedControl => {
  const r = parseTimeControl('5400+30');
  if (!r.ok || r.tc.kind !== 'timed') throw new Error('time control');
  return r.tc;
})();

/** A game played by hands from the start, clocked, with its players and the round's tags. */
function played(script: string, white: string, black: string): GameState {
  const parsed = parseActionScript(script, v);
  if (!parsed.ok) throw new Error(parsed.reason);
  const tags = [
    { name: 'Event', value: 'NK 2026' },
    { name: 'Site', value: 'Wageningen' },
    { name: 'Date', value: '2026.04.08' },
    { name: 'Round', value: '1' },
    { name: 'White', value: white },
    { name: 'Black', value: black },
  ];
  const config = { start, policy: tournament, players: { white, black }, tags, timeControl: tc, hints: false };
  return replayEvents(config, eventsOf(parsed.actions).map((e) => e.event)).state;
}

/** The first `plies` moves of an oracle game (nk ronde 01), played by hands that press the clock after every move. */
function oracle(n: number, plies: number): GameState {
  const file = ORACLE_FILES[0];
  const game = readPdn(oracleTexts(file.file)[0], { variant: v }).games[n];
  const moves: Move[] = game.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : [])).slice(0, plies);
  const script = renderGame(game.start, moves, { seed: n + 1, styles: { clock: true, think: false, hold: false }, comments: false });
  const tag = (name: string): string => game.tags.find((t) => t.name === name)?.value ?? '?';
  return played(script, tag('White'), tag('Black'));
}

// Four boards: three oracle games, and a game with an irregular move left standing (a /FEN/ setup).
const games: GameState[] = [
  oracle(0, 24),
  oracle(1, 17),
  played('lift 31\nplace 31\nlift 32\nplace 28\npress accept\nlift 19\nplace 24\nlift 34\nplace 30\nlift 17\nplace 26\npress clock\npress accept\nlift 30\nplace 19\nlift 24\n', 'Wit', 'Zwart'),
  oracle(2, 30),
];
const boards: BoardGame[] = games.map((g, i) => ({ board: i + 1, pdn: gamePdn(g) }));
const shuffled = [boards[2], boards[0], boards[3], boards[1]];

describe("lidraughts' relay reads the round (RelayFetch, MultiPdn.split, PdnImport)", () => {
  it('the round PDN splits into one game per board, in board order, each with its Board tag after Result', () => {
    const split = splitGames(roundPdn(shuffled));
    expect(split).toHaveLength(4);
    split.forEach((pdn, i) => {
      expect(pdn).toMatch(new RegExp(`\\[Result "[^"]*"\\]\\n\\[Board "${i + 1}"\\]\\n`));
      // The scoresheet as it is: both clocks after every move, as the relay reads them.
      expect(pdn.replace(/\[Board "\d+"\]\n/, '').trim()).toBe(gamePdn(games[i]).trim());
      expect(pdn).not.toMatch(/\[%clock\s+\d/);
      expect(boardPdn(shuffled, i + 1)?.trim()).toBe(pdn.trim());
    });
    expect(boardPdn(shuffled, 5)).toBeNull();
  });

  it("each game imports with lidraughts' grammar and replays to the moves and position dambord's reader finds", () => {
    const split = splitGames(roundPdn(shuffled));
    const relay = relayGames(split);
    split.forEach((pdn, i) => {
      const ours = readPdn(pdn, { variant: v }).games;
      expect(ours).toHaveLength(1);
      expect(ours[0].error).toBeNull();
      const theirs = relay[i].game;
      expect(theirs.moves.map((m) => m.san)).toEqual(ours[0].line.flatMap((p) => (p.kind === 'ply' ? [p.text] : [])));
      expect(writeFen(replayImported(v, theirs))).toBe(writeFen(ours[0].end));
      expect(writeFen(ours[0].end)).toBe(writeFen(sheetPosition(games[i].sheet)));
      expect(ours[0].tags.find((t) => t.name === 'Board')?.value).toBe(String(i + 1));
    });
    expect(split[2]).toMatch(/\/FEN "W:W[0-9,]+:B[0-9,]+"\//);
  });

  it("the relay reads the mover's clock after every move; an irregular move set up gives both, the running one in capitals", () => {
    const relay = relayGames(splitGames(roundPdn(shuffled)));
    relay.forEach(({ game }, b) => {
      game.moves.forEach((m, i) => {
        const { clock } = clocksOf(m.comments, i % 2 === 0 ? 'black' : 'white');
        expect(clock, `board ${b + 1} ${m.san}`).not.toBeNull();
        // Base time and the increments earned, in centiseconds.
        expect(clock!).toBeGreaterThan(530000);
        expect(clock!).toBeLessThanOrEqual(540000 + (i + 1) * 3000);
      });
      expect(clocksOf(game.moves[0].comments).clock).toBe(543000); // 1:30:30, the first increment in
    });
    // Board 3: Black's 17-26 set up after 2. 34-30, `[%clock W1:31:00 b1:30:59]` last on that move:
    // the relay gives the node Black's time and the running clock White's.
    expect(relay[2].game.moves[2].san).toBe('34-30');
    expect(clocksOf(relay[2].game.moves[2].comments)).toEqual({ clock: 545900, running: 546000 });
  });

  it('FMJD 5.4.6, 5.8: a missed capture corrected leaves the capture in the main line, the irregular move in no variation', () => {
    // 1. 32-28 19-23; White plays 31-27 although 28x19 is compulsory; Black has it corrected: the
    // piece goes back to 31 and White captures 28x19.
    const corrected = played('lift 32\nplace 28\npress clock\nlift 19\nplace 23\npress clock\nlift 31\nplace 27\npress clock\npress correct\nlift 27\nplace 31\nlift 28\nplace 19\nlift 23\npress clock\n', 'Wit', 'Zwart');
    const pdn = boardPdn([{ board: 1, pdn: gamePdn(corrected) }], 1)!;
    const relay = relayGames(splitGames(pdn));
    expect(relay[0].game.moves.map((m) => m.san)).toEqual(['32-28', '19-23', '28x19']);
    expect(pdn.replace(/\{[^}]*\}/g, '')).not.toContain('(');
    expect(pdn.replace(/\{[^}]*\}/g, '')).not.toContain('31-27');
    const ours = readPdn(pdn, { variant: v }).games[0];
    expect(ours.line.flatMap((p) => (p.kind === 'ply' ? [p.text] : []))).toEqual(['32-28', '19-23', '28x19']);
  });

  it("a game with an irregular position set up reaches the relay's chapter from that position on (DataForm's dropMoves)", () => {
    const relay = relayGames(splitGames(roundPdn(shuffled)));
    expect(relayLine(relay[0].game)).toEqual({ fen: null, moves: relay[0].game.moves.map((m) => m.san) });
    const line = relayLine(relay[2].game);
    expect(line.fen).toMatch(/^W:W28,30,/);
    expect(line.moves).toEqual(['30x19']);
  });

  it("clock comments as CommentParser reads them: [%clock] (capital running), [%clk], tl=, H:MM", () => {
    expect(clocksOf(clocksText(1_771_000, 1_800_000, 'black'))).toEqual({ clock: 177100, running: 180000 });
    expect(clocksOf(clocksText(1_771_000, 1_799_500, 'white'))).toEqual({ clock: 180000, running: 177100 });
    expect(clocksOf(clocksText(61_000, 62_000, null))).toEqual({ clock: null, running: null });
    expect(clocksOf(clocksText(61_000, 62_000, null), 'black')).toEqual({ clock: 6100, running: 6200 });
    expect(clocksOf(['[%clk 0:05:00]'])).toEqual({ clock: 30000, running: null });
    expect(clocksOf('tl=1:00:00 wv=0.3')).toEqual({ clock: 360000, running: null });
    expect(clocksOf('[%clock W0:01:00 B0:02:00]')).toEqual({ clock: null, running: null });
    expect(readCentis('1:30')).toBe(540000); // hours and minutes
    expect(readCentis('0:05:03.5')).toBeNull();
  });

  it('boards restarted or given in any order change nothing in the round, and the relay keeps every game on its chapter', () => {
    const first = roundPdn(boards);
    expect(roundPdn(shuffled)).toBe(first);
    expect(roundPdn([...boards, boards[1]])).toBe(first); // board 2 restarted: its entry again, last
    expect(roundPdn([boards[3], boards[1], boards[2], boards[0]])).toBe(first);
    // The relay's chapters from a first poll; a later poll, boards in another order and a move more on board 4.
    const chapters = relayGames(splitGames(first)).map(({ index, tags }) => ({ index, tags }));
    const later = relayGames(splitGames(roundPdn([{ board: 4, pdn: gamePdn(oracle(2, 31)) }, boards[1], boards[0], boards[2]])));
    expect(inputSanity(chapters, later)).toBeNull();
    for (const g of later) expect(correspondingChapter(g, chapters, later.length)?.tags).toEqual(chapters[g.index].tags);
    // What the relay does with games in arrival order (RelayInputSanity): the round stops.
    const arrival = relayGames(shuffled.map((b) => b.pdn));
    expect(inputSanity(chapters, arrival)).toMatch(/^Game \d matches with Chapter \d$/);
  });

  it('a board missing below the highest is filled with a game of its own, so the boards after it keep their index', () => {
    const split = splitGames(roundPdn([boards[2], boards[0]]));
    expect(split).toHaveLength(3);
    expect(split[1]).toContain('[Board "2"]');
    const relay = relayGames(split); // the filler is not empty to the relay (it refuses an empty game)
    expect(relay[1].game.moves).toHaveLength(0);
    expect(relay[2].tags.get('White')).toBe('Wit');
  });

  it('the JSON round holds the same games in the same order', () => {
    const json = roundJson(shuffled);
    expect(JSON.parse(json)).toEqual({ games: expect.any(Array) });
    expect(jsonGames(json).map((p) => p.trimEnd())).toEqual(splitGames(roundPdn(shuffled)).map((p) => p.trimEnd()));
  });
});

describe('ETag and If-None-Match (RFC 9110 8.8.3, 13.1.2)', () => {
  it('equal bodies, equal strong tags; a move more, another tag', () => {
    const tag = etagOf(roundPdn(boards));
    expect(tag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(etagOf(roundPdn(shuffled))).toBe(tag);
    expect(etagOf(new TextEncoder().encode(roundPdn(boards)))).toBe(tag);
    expect(etagOf(roundPdn(boards), nodeStoreHost.sha256Hex)).toBe(tag);
    expect(etagOf(roundPdn([...boards.slice(0, 3), { board: 4, pdn: gamePdn(oracle(2, 31)) }]))).not.toBe(tag);
  });

  it('If-None-Match: *, lists, weak tags', () => {
    const tag = etagOf('body');
    expect(notModified(tag, tag)).toBe(true);
    expect(notModified(tag, '*')).toBe(true);
    expect(notModified(tag, ` "x", W/${tag} `)).toBe(true);
    expect(notModified(tag, `"a,b", ${tag}`)).toBe(true);
    expect(notModified(tag, [`"x"`, tag])).toBe(true);
    expect(notModified(`W/${tag}`, tag)).toBe(true);
    expect(notModified(tag, '"x", W/"y"')).toBe(false);
    expect(notModified(tag, tag.slice(1, -1))).toBe(false); // unquoted: no entity tag
    expect(notModified(tag, undefined)).toBe(false);
    expect(notModified(tag, '')).toBe(false);
  });
});
