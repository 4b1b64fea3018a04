// lidraughts' relay (its broadcasts) as read, written again for the tests: how it splits the
// source it polls into games, reads the clocks of their comments and matches the games to the
// chapters of its study, so that dambord's feeds are checked against what the relay does and not
// against feeds.ts itself. The games themselves are imported with host/game/testing/lidraughts.ts
// (Parser.scala's grammar, Reader.scala's replay).
//
// Read from RoepStoep/lidraughts at commit c7feaf1810c34f44f9b5f2b719a4aa795f9c7618:
// - modules/relay/src/main/RelayFetch.scala: `doFetch` (a PDN source has every `<br>` replaced
//   by a blank line, then `MultiPdn.split(_, max)`; a JSON source is `DgtJson.GamesJson`, whose
//   `toPdns` drops the games without a `pdn`, reads `[Empty]` as "" and turns a literal `\n` and
//   `\"` into a line break and a quote), `doFetchByIndex` (one file per game, fetched at
//   `${url}${i}.PDN`), `maxChapters` (Study.maxChapters, 64, twice that for an official relay)
//   and `multiPdnToGames` (each text imported by study PdnImport, the game given its index in
//   the source, the whole sync refused at an empty game: no relevant tag and no move; the
//   comments of the main line dropped: only clocks and shapes survive);
// - modules/study/src/main/MultiPdn.scala: `split`, java.util.regex `\n\n(?=\[)` split with
//   limit max + 1 after removing every `\r`, the first `max` pieces kept;
// - modules/study/src/main/CommentParser.scala: `clockRegex` (`[%clock wH:MM:SS Bh:MM:SS]`),
//   `pdnClockRegex` (`[%clk H:MM:SS]`), `tcecClockRegex` (`tl=H:MM:SS`), `readCentis`,
//   `parseClock` and `parseRunningClock`; modules/study/src/main/PdnImport.scala:
//   `parseComments` and `parseRunningClock` (over a move's comments, the last clock found wins;
//   the side to move is the one after the move);
// - modules/study/src/main/PdnTags.scala: the tags a relay game keeps (`filterRelevant`: sixteen
//   known names, values "", "?" and "unknown" dropped; so a `Board` tag is not kept);
//   modules/draughts/src/main/format/pdn/tagModel.scala: known tag names read in any case;
// - modules/relay/src/main/RelayGame.scala: `staticTags` (white, black, round, event, site),
//   `staticTagsMatch`, `isEmpty`, `looksLikeLidraughts`;
// - modules/relay/src/main/RelaySync.scala: `findCorrespondingChapter` (several games: by index
//   in the source; one game, or a lidraughts game: by the static tags);
// - modules/relay/src/main/RelayInputSanity.scala: the whole sync refused when a chapter's index
//   has no game ("Missing") or holds a game whose static tags differ from the chapter's while
//   another game's match ("Misplaced"): a reordered source stops the round.
// - modules/importer/src/main/DataForm.scala: `preprocess` (`initialFen` is the replay's setup,
//   which Reader.makeReplay moves to each FEN comment followed by moves, and `dropMoves` drops
//   the moves before it): a chapter's line starts at the game's last `/FEN/` setup.
// Left out: PdnTags.replaceRatings, the shapes (`[%csl]`, `[%cal]`), the format guess of
// RelayFormat.scala, which tries the PDN reading first and JSON second.

import { fenComment, importPdn } from '../../game/testing/lidraughts.ts';
import type { ImportedGame } from '../../game/testing/lidraughts.ts';

/** Study.maxChapters: the games a relay keeps of a source (twice as many for an official one). */
export const MAX_CHAPTERS = 64;

/**
 * RelayFetch.doFetch and MultiPdn.split: a polled PDN source as the relay cuts it into games,
 * java.util.regex `split(text, max + 1)` (at most `max` cuts, empty pieces kept) and the first
 * `max` pieces.
 */
export function splitGames(source: string, max = MAX_CHAPTERS): string[] {
  const text = source.split('<br>').join('\n\n').split('\r').join('');
  const pieces: string[] = [];
  const cut = /\n\n(?=\[)/g;
  let from = 0;
  for (let m = cut.exec(text); m !== null && pieces.length < max; m = cut.exec(text)) {
    pieces.push(text.slice(from, m.index));
    from = m.index + m[0].length;
  }
  pieces.push(text.slice(from));
  return pieces.slice(0, max);
}

/** RelayFetch.DgtJson `GamesJson.toPdns`: the PDN texts of a `{"games":[{"pdn": ...}]}` source (throws where Json.parse would). */
export function jsonGames(body: string): string[] {
  const json = JSON.parse(body) as { games: { pdn?: unknown }[] };
  return json.games.flatMap((g) => (typeof g.pdn === 'string' ? [(g.pdn === '[Empty]' ? '' : g.pdn).split('\\n').join('\n').split('\\"').join('"')] : []));
}

/** A clock as the relay keeps it: centiseconds. */
export type Centis = number;

/** CommentParser.readCentis: `H:MM` (hours and minutes!) or `H:MM:SS` / `H:MM.SS`; anything else is none. */
export function readCentis(s: string): Centis | null {
  const hm = /^(\d+):(\d+)$/.exec(s);
  if (hm) return Number(hm[1]) * 360000 + Number(hm[2]) * 6000;
  const hms = /^(\d+):(\d+)[:.](\d+)$/.exec(s);
  return hms ? Number(hms[1]) * 360000 + Number(hms[2]) * 6000 + Number(hms[3]) * 100 : null;
}

const CLOCK = /\[%clock\s+([wW])([\d:.]+)\s+([bB])([\d:.]+)\]/;
const CLK = /\[%clk\s+([\d:.]+)\]/;
const TL = /tl=([\d:.]+)/;

/**
 * A move's clocks as the relay reads them from its comments (PdnImport.parseComments and
 * parseRunningClock, CommentParser): `clock`, the time left of the side that moved (node.clock),
 * and `running`, the time of the side whose clock runs (node.runningClock), in centiseconds.
 * In `[%clock w.. b..]` the capital letter names the running clock; both small, the side to move
 * after the move (`sideToMove`) runs; both capitals: nothing is read. `[%clk ..]` and `tl=..`
 * give `clock` only. Each comment is read for the first clock command in it; the last comment
 * with one wins.
 */
export function clocksOf(comments: string | readonly string[], sideToMove: 'white' | 'black' | null = null): { clock: Centis | null; running: Centis | null } {
  let clock: Centis | null = null;
  let running: Centis | null = null;
  for (const c of typeof comments === 'string' ? [comments] : comments) {
    const m = CLOCK.exec(c);
    // parseClock's cases: w..B.. -> White moved; W..b.. -> Black moved; w..b.. -> the side not to move
    // (none when it is not known); W..B.. matches none of them, and the next patterns are tried.
    if (m && !(m[1] === 'W' && m[3] === 'B')) {
      const [, w, wt, b, bt] = m;
      if (w === 'W' || b === 'B' || sideToMove !== null) {
        const whiteMoved = b === 'B' || (w === 'w' && sideToMove === 'black');
        clock = readCentis(whiteMoved ? wt : bt) ?? clock;
        running = readCentis(whiteMoved ? bt : wt) ?? running;
      }
      continue;
    }
    const other = CLK.exec(c) ?? TL.exec(c);
    if (other) clock = readCentis(other[1]) ?? clock;
  }
  return { clock, running };
}

/** PdnTags.filterRelevant's tags, in the spelling of tagModel.scala (names matched in any case). */
const RELEVANT = ['White', 'WhiteElo', 'WhiteTitle', 'WhiteTeam', 'Black', 'BlackElo', 'BlackTitle', 'BlackTeam', 'TimeControl', 'Date', 'Result', 'Termination', 'Site', 'Event', 'Round', 'Annotator'];

/** The tags a relay game keeps (PdnTags): the relevant ones whose value is known. */
export function relayTags(tags: ReadonlyMap<string, string>): Map<string, string> {
  const kept = new Map<string, string>();
  for (const [name, value] of tags) {
    const known = RELEVANT.find((r) => r.toLowerCase() === name.toLowerCase());
    if (known && !['', '?', 'unknown'].includes(value) && !kept.has(known)) kept.set(known, value);
  }
  return kept;
}

/** A game of the source as the relay holds it (RelayGame). */
export interface RelayGame {
  readonly index: number;
  readonly tags: ReadonlyMap<string, string>;
  readonly game: ImportedGame;
}

/** RelayFetch.multiPdnToGames: each text imported and given its index; an empty game refuses the whole source (thrown). */
export function relayGames(pdns: readonly string[]): RelayGame[] {
  return pdns.map((pdn, index) => {
    const game = importPdn(pdn);
    const tags = relayTags(game.tags);
    if (tags.size === 0 && game.moves.length === 0) throw new Error(`Found an empty PDN at index ${index}`);
    return { index, tags, game };
  });
}

/** A chapter of the relay's study: the index of the game it follows, and its tags. */
export interface RelayChapter {
  readonly index: number;
  readonly tags: ReadonlyMap<string, string>;
}

/** RelayGame.staticTagsMatch: white, black, round, event and site equal (absent on both counts as equal). */
export function staticTagsMatch(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return ['White', 'Black', 'Round', 'Event', 'Site'].every((t) => a.get(t) === b.get(t));
}

/** RelaySync.findCorrespondingChapter: by the static tags for a lone game or a lidraughts game, else by index. */
export function correspondingChapter(game: RelayGame, chapters: readonly RelayChapter[], nbGames: number): RelayChapter | undefined {
  const lidraughts = ['lidraughts.org', 'lidraughts.dev'].some((d) => game.tags.get('Site')?.startsWith(`https://${d}/`));
  return nbGames === 1 || lidraughts ? chapters.find((c) => staticTagsMatch(game.tags, c.tags)) : chapters.find((c) => c.index === game.index);
}

/** RelayInputSanity: why the relay refuses to sync these games into these chapters, or null. */
export function inputSanity(chapters: readonly RelayChapter[], games: readonly RelayGame[]): string | null {
  if (chapters.length === 0) return null;
  if (games.length === 1 && staticTagsMatch(games[0].tags, chapters[chapters.length - 1].tags)) return null; // isValidTCEC
  for (const chapter of chapters) {
    const game = games[chapter.index];
    if (!game) return `Missing game for Chapter ${chapter.index + 1}`;
    if (!staticTagsMatch(game.tags, chapter.tags)) {
      const other = games.findIndex((g) => staticTagsMatch(g.tags, chapter.tags));
      if (other >= 0) return `Game ${other + 1} matches with Chapter ${chapter.index + 1}`;
    }
  }
  return null;
}

/**
 * DataForm.preprocess over Reader.makeReplay: the line the relay's chapter gets, from the last
 * FEN comment that moves follow (the moves before it dropped), else from the game's start.
 */
export function relayLine(game: ImportedGame): { fen: string | null; moves: string[] } {
  let fen = fenComment(game.initial);
  let from = 0;
  game.moves.forEach((m, i) => {
    const f = fenComment(m.comments);
    if (f !== null && i < game.moves.length - 1) [fen, from] = [f, i + 1];
  });
  return { fen, moves: game.moves.slice(from).map((m) => m.san) };
}
