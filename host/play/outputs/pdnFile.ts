// The scoresheet on disk: the PDN file beside each game's journal, written again whenever it
// changes, and never for a game whose journal holds nothing yet.

import { writeFileSync } from 'node:fs';
import type { PlayView } from '../../game/types.ts';
import type { Journal } from '../../journal/journal.ts';
import type { GameOutput, TableSide } from './output.ts';

/** The PDN file of the game in journal `j`: its path with `.pdn` for `.journal`. */
export function pdnOf(j: Journal): string {
  return j.path.replace(/\.journal$/, '.pdn');
}

/** The PDN output, and a way to write the scoresheet now (its path, or null: nothing written). */
export interface PdnFile extends GameOutput {
  write(): string | null;
}

/**
 * Writes the scoresheet of the table's game (`text`, by default the view's PDN) to {@link pdnOf}
 * its journal at every change; `failed` is told a file that cannot be written (the journal holds
 * the game, and it is written again at the next change); `written` is told each file written,
 * with its text (the club's archive files it: archiveFile.ts).
 */
export function pdnFile(o: { text?: (view: PlayView, table: TableSide) => string; failed?: (path: string, e: unknown) => void; written?: (path: string, text: string) => void } = {}): PdnFile {
  let table: TableSide | null = null;
  let last: PlayView | null = null;
  let written = '';
  const write = (force: boolean): string | null => {
    const j = table?.journal();
    if (!table || !j || j.count === 0 || !last) return null;
    const text = o.text ? o.text(last, table) : last.pdn;
    const path = pdnOf(j);
    if (!force && `${path}\n${text}` === written) return path;
    try {
      writeFileSync(path, text);
      written = `${path}\n${text}`;
    } catch (e) {
      o.failed?.(path, e);
      return null;
    }
    o.written?.(path, text);
    return path;
  };
  return {
    attach(t) {
      table = t;
    },
    view(view) {
      last = view;
      write(false);
    },
    write: () => write(true),
  };
}
