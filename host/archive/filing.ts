// Filing one game into a club's archive (store.ts) as it is played: the scoresheet `dambord
// event`, `play` or `digitise` has just written. An event's board keeps its scoresheet in the
// archive (<event>/round-<R>/board-NN/game.pdn): the index points at that file, no copy is made.
// A game kept elsewhere (play's and digitise's ./games) is copied into its event's round folder,
// once: filed again (its result, a resumed game), the same copy and the same entry are updated.
// A game the archive has already (an import of the same game, identity.ts) is not filed twice.

import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { readPdn } from '../../rules/index.ts';
import { archivedGame, gameFacts } from './entry.ts';
import type { ArchivedGame } from './entry.ts';
import { GameLookup } from './identity.ts';
import { ArchiveBusy } from './import.ts';
import { isBoardGameFile } from './indexCheck.ts';
import { NameBook } from './names.ts';
import { GameFiles, REJECTED_DIR, loadIndex, lockArchive, roundFolder, writeAtomic, writeIndex } from './store.ts';

/** What filing a game did: filed (new, or its entry updated), found a duplicate of, or could not read the scoresheet. */
export type Filed =
  | { readonly kind: 'filed'; readonly game: ArchivedGame; readonly updated: boolean }
  | { readonly kind: 'duplicate'; readonly of: ArchivedGame }
  | { readonly kind: 'bad'; readonly reason: string };

/**
 * Files the game whose scoresheet `text` is written at `pdnPath` into the archive in `dir` (made
 * when it does not exist), under the archive's lock. An entry of the same file, or of a copy of
 * the same source, is replaced; a new game is added unless the archive has that game already.
 * The scoresheet itself is never changed: it was written first, and is what the index points at
 * (an event's board) or copies (any other place).
 *
 * Throws ArchiveBusy (import.ts) when another process holds the archive's lock (the message says
 * which), and an Error naming the path when the archive cannot be written (a full disk): the
 * caller files the game again later.
 *
 * @example fileGame('archive', 'archive/nk/round-3/board-07/game.pdn', text) // { kind: 'filed', game: { file: 'nk/round-3/board-07/game.pdn', ... }, updated: false }
 */
export function fileGame(dir: string, pdnPath: string, text: string): Filed {
  const read = readPdn(text).games;
  const g = read[0];
  if (read.length !== 1 || g.error) return { kind: 'bad', reason: read.length === 1 ? g.error!.reason : `${pdnPath} holds ${read.length} games, not one` };
  const lock = lockArchive(dir);
  if ('busy' in lock) throw new ArchiveBusy(lock.busy);
  try {
    const { index } = loadIndex(dir);
    const names = new NameBook(index.players);
    const facts = gameFacts(g, names);
    const source = path.resolve(pdnPath);
    const inside = path.relative(real(dir), real(source)).split(path.sep).join('/');
    const own = isBoardGameFile(inside, REJECTED_DIR) ? inside : null;
    let at = index.games.findIndex((x) => (own !== null ? x.file === own : x.source.file === source && !isBoardGameFile(x.file, REJECTED_DIR)));
    if (at < 0) {
      // The same game whose file is gone (its folder moved by hand) is this one, now here.
      const twin = new GameLookup(index.games).twin(facts.identity);
      if (twin && existsSync(path.join(dir, twin.file))) return { kind: 'duplicate', of: twin };
      if (twin) at = index.games.indexOf(twin);
    }
    const file = own ?? (at >= 0 && !isBoardGameFile(index.games[at].file, REJECTED_DIR) ? index.games[at].file : new GameFiles(dir, index.games.map((x) => x.file)).next(roundFolder(facts.event, facts.round), facts.white.shown, facts.black.shown));
    if (own === null) writeAtomic(path.join(dir, file), text);
    const game = archivedGame(g, facts, file, { file: source, line: g.pos.line });
    if (at >= 0) index.games[at] = game;
    else index.games.push(game);
    writeIndex(dir, { ...index, players: names.toJSON() });
    return { kind: 'filed', game, updated: at >= 0 };
  } finally {
    lock.release();
  }
}

/** `p` with its links followed (`/tmp` may be a link), or as it is when it cannot be. */
function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
