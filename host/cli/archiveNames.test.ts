// A player's name written one way in every output of `dambord archive` (issue 29: the archive
// wrote "Derkx, B." on import, "Derkx, B" in `archive list`, "Derkx, B." on the sheet). Games of
// the NK 2009 (test/fixtures/oracles/games) with Derkx's name as sources write it: as the NK's
// database does ("Derkx,B."), in capitals ("DERKX, B"), and initials first ("B. Derkx", a club's
// copy of his first game, played again on another day).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from './command.ts';
import { runCliBuffered as cli } from './testing.ts';

const games = fileURLToPath(new URL('../../test/fixtures/oracles/games/', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'dambord-archive-names-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const archive = path.join(work, 'archive');

/** The games of a PDN file as written, each from its `[Event` tag. */
const gamesOf = (file: string) => readFileSync(path.join(games, file), 'utf8').split(/(?=^\[Event )/m);
const derkx = (file: string) => gamesOf(file).find((g) => g.includes('[White "Derkx,B."]'))!;
const round1 = path.join(work, 'round 1.pdn');
const round2 = path.join(work, 'round 2.pdn');
const club = path.join(work, 'club.pdn');
writeFileSync(round1, derkx('nk ronde 01.pdn'));
writeFileSync(round2, derkx('nk ronde 02.pdn').replace('[White "Derkx,B."]', '[White "DERKX, B"]'));
writeFileSync(club, derkx('nk ronde 01.pdn').replace('[Event "nk"]', '[Event "Club night"]').replace('[Date "2009.04.08"]', '[Date "2009.05.01"]').replace('[White "Derkx,B."]', '[White "B. Derkx"]'));

/** Every way Derkx's name is written in `text`: `Derkx, B.`, `Derkx, B`, `DERKX,B`, `B. Derkx`... */
const forms = (text: string) => new Set(text.match(/(?:\bB\.? ?)?\bDerkx\b(?:, ?B\b\.?)?/gi));

describe('one form of a player\'s name in every output of the archive', () => {
  it('import, list, export and sheet all write "Derkx, B." however the sources write it', async () => {
    const imported = await cli(['archive', 'import', '--archive', archive, round1, round2, club]);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(EXIT.ok);
    expect(imported.stdout).toContain('name: "Derkx,B.", "DERKX, B", "B. Derkx" written "Derkx, B."\n');

    const ids: string[] = [];
    for (const event of ['nk', 'Club night']) {
      const list = await cli(['archive', 'list', '--archive', archive, '--event', event]);
      expect(list.code).toBe(EXIT.ok);
      expect(forms(list.stdout)).toEqual(new Set(['Derkx, B.']));
      ids.push(...[...list.stdout.matchAll(/ ([0-9a-f]{12})$/gm)].map((m) => m[1]));

      const exported = await cli(['archive', 'export', '--archive', archive, '--event', event]);
      expect(exported.code).toBe(EXIT.ok);
      expect(forms(exported.stdout.replace(/\{[^}]*\}/g, ''))).toEqual(new Set(['Derkx, B.']));
    }
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      const sheet = await cli(['archive', 'sheet', '--archive', archive, id]);
      expect(sheet.code).toBe(EXIT.ok);
      // The notes box quotes the source's comments as written ("Derkx was bij de jeugd..."): the names are checked outside it.
      expect(forms(sheet.stdout.replace(/<div class="box notes">.*?<\/div>/s, ''))).toEqual(new Set(['Derkx, B.']));
    }
  });
});
