// Issue 29, finding 2 ("No way to browse past games"): the club's archive on the page, as
// `dambord archive serve` serves it (host/web/archiveServer.ts), in Chromium. The archive is
// built by importPdn from real games (the NK 2009's rounds 1 and 2, test/fixtures/oracles/games,
// with their provenance there). A viewer searches by player as people write the name
// ("derkx b" for "Derkx,B."), by event and by date; opens a game and steps through it with the
// buttons, the arrow keys, Home and End, and by clicking a move; downloads its PDN and opens its
// scoresheet. At a phone's and a laptop's size, in the light and the dark theme: no horizontal
// scroll, axe-core finding nothing, screenshots saved to be looked at
// (<tmp>/dambord-page-views/archive-<view>-<size>-<theme>.png).
//
// What a square holds is read from the drawing by the FMJD numbering of the international board
// (square 1 top right of Black's side... each row of five dark squares, the first row starting on
// its second square), not by the page's own code: 1. 34-29 moves the white man from 34 to 29.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { importPdn } from '../host/archive/import.ts';
import { startArchiveServer } from '../host/web/archiveServer.ts';
import type { ArchiveServer } from '../host/web/archiveServer.ts';
import { addAxe, axeViolations, hasChromium as chromiumHere, launchChromium, watchedPage } from './chromium.ts';
import { TEST_LIMIT_MS } from './limits.ts';

const hasChromium = chromiumHere('archivePage.test.ts');
const games = fileURLToPath(new URL('./fixtures/oracles/games/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'dambord-archive-page-'));
const shotDir = join(tmpdir(), 'dambord-page-views');
let server: ArchiveServer | null = null;
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Where the international board draws square `n` (FMJD numbering: rows of five from Black's side, odd rows from the second column). */
function place(n: number): { row: number; col: number } {
  const row = Math.floor((n - 1) / 5);
  return { row, col: 2 * ((n - 1) % 5) + (row % 2 === 0 ? 1 : 0) };
}

/** The piece drawn on square `n` of the board shown (`wm`, `bm`, `wk`, `bk`), '' for none. */
async function pieceOn(page: Page, n: number): Promise<string> {
  const { row, col } = place(n);
  const circle = page.locator(`[data-testid=board] circle.piece[cx="${col + 0.5}"][cy="${row + 0.5}"]`);
  return (await circle.count()) === 0 ? '' : ((await circle.getAttribute('class')) ?? '').replace('piece ', '');
}

/** The pieces drawn on the board shown. */
const pieces = (page: Page) => page.locator('[data-testid=board] circle.piece').count();

describe('the archive page in Chromium: search, open a game, step through it', () => {
  it.skipIf(!hasChromium)('search by player, event and date; a game stepped with buttons, keys and its move list; its PDN and sheet', async () => {
    const archive = join(work, 'archive');
    const report = importPdn(archive, [join(games, 'nk ronde 01.pdn'), join(games, 'nk ronde 02.pdn')]);
    expect(report.games.filter((g) => g.outcome.kind === 'imported')).toHaveLength(14);
    server = await startArchiveServer({ archive });
    browser = await launchChromium();
    const { page, errors } = await watchedPage(browser, { width: 1280, height: 800 });
    mkdirSync(shotDir, { recursive: true });
    const audits: string[] = [];
    const sizes = [{ name: 'phone', width: 360, height: 740 }, { name: 'laptop', width: 1280, height: 800 }];

    /** Screenshots and audits the view shown at both sizes and in both themes. */
    const look = async (view: string) => {
      for (const size of sizes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          await page.screenshot({ path: join(shotDir, `archive-${view}-${size.name}-${theme}.png`), fullPage: true, animations: 'disabled' });
          for (const violation of await axeViolations(page)) audits.push(`${view}, ${size.name}, ${theme}: ${violation}`);
          const wide = (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
          if (wide > 0) audits.push(`${view}, ${size.name}, ${theme}: scrolls ${wide} px sideways`);
        }
      }
    };

    // Every game, newest first.
    await page.goto(server.url);
    await addAxe(page);
    await page.getByTestId('count').filter({ hasText: '14 games' }).waitFor();
    expect(await page.locator('[data-testid=results] li').count()).toBe(14);
    expect(await page.getByTestId('to-play').isVisible()).toBe(false);
    await look('all');

    // A player as people write him: "derkx b" finds "Derkx,B." in both rounds, results in full.
    await page.getByTestId('q-player').fill('derkx b');
    await page.getByTestId('search-button').click();
    await page.getByTestId('count').filter({ hasText: '2 games' }).waitFor();
    await addAxe(page);
    const items = await page.locator('[data-testid=results] li').allTextContents();
    expect(items).toEqual(['Derkx, B. – Zweerink, J.nk, 2009.04.090-2: Black wins', 'Derkx, B. – Meijer, Heinnk, 2009.04.082-0: White wins']);
    await look('player');

    // Event and dates together: the NK's games of 9 April only; a date that is none is said.
    await page.getByTestId('q-player').fill('');
    await page.getByTestId('q-event').fill('NK');
    await page.getByTestId('q-from').fill('2009-04-09');
    await page.getByTestId('q-to').fill('2009-04-09');
    await page.getByTestId('search-button').click();
    await page.getByTestId('count').filter({ hasText: '7 games' }).waitFor();
    await page.goto(`${server.url}?event=nk&from=2009.04.09`);
    await page.getByTestId('count').filter({ hasText: '7 games' }).waitFor();
    expect(await page.getByTestId('q-from').inputValue()).toBe('2009-04-09');
    await page.goto(`${server.url}?from=2009.02.30`);
    await page.getByTestId('count').filter({ hasText: 'The archive cannot be read: from: "2009.02.30" is not a date' }).waitFor();

    // Open Derkx - Meijer from the list, by the keyboard: it shows the end of the game.
    await page.goto(`${server.url}?player=Derkx`);
    await addAxe(page);
    await page.getByTestId('count').filter({ hasText: '2 games' }).waitFor();
    await page.locator('.game-link', { hasText: 'Meijer' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('game-heading').filter({ hasText: 'Derkx, B. – Meijer, Hein' }).waitFor();
    await addAxe(page);
    expect(await page.getByTestId('game-facts').textContent()).toBe('nk, 2009.04.08');
    expect(await page.getByTestId('game-result').textContent()).toBe('2-0: White wins');
    // The game's last move as the NK's file writes it: 59. 45-18 (the fixture), the board after it.
    expect(await page.getByTestId('position').textContent()).toBe('the position after 59. 45-18');
    expect(await page.locator('[aria-current=step]').textContent()).toBe('45-18');

    // Home: the start (20 men a side, FMJD 1.5); ArrowRight: 1. 34-29; ArrowLeft back; End the last move.
    await page.keyboard.press('Home');
    expect(await page.getByTestId('position').textContent()).toBe('the start position');
    expect(await pieces(page)).toBe(40);
    expect(await pieceOn(page, 34)).toBe('wm');
    expect(await page.getByTestId('step-back').isDisabled()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('position').textContent()).toBe('the position after 1. 34-29');
    expect([await pieceOn(page, 34), await pieceOn(page, 29)]).toEqual(['', 'wm']);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('position').textContent()).toBe('the position after 1... 17-22');
    expect([await pieceOn(page, 17), await pieceOn(page, 22)]).toEqual(['', 'bm']);
    await page.keyboard.press('ArrowLeft');
    expect(await pieceOn(page, 17)).toBe('bm');
    await page.keyboard.press('End');
    expect(await page.getByTestId('step-forward').isDisabled()).toBe(true);
    // The buttons: first, forward twice, back.
    await page.getByTestId('step-first').click();
    await page.getByTestId('step-forward').click();
    await page.getByTestId('step-forward').click();
    await page.getByTestId('step-back').click();
    expect(await page.getByTestId('position').textContent()).toBe('the position after 1. 34-29');
    // 5. 28x19 14x34 (the fixture's fifth move): clicked in the list, the capture's squares emptied.
    await page.locator('[data-testid=moves] button', { hasText: /^28x19$/ }).first().click();
    expect(await page.getByTestId('position').textContent()).toBe('the position after 5. 28x19');
    expect(await pieces(page)).toBe(39);
    expect([await pieceOn(page, 28), await pieceOn(page, 23), await pieceOn(page, 19)]).toEqual(['', '', 'wm']);
    await page.getByTestId('step-last').click();
    await look('game');

    // The PDN, named for its date and players, the game as the archive keeps it; the sheet in the page's language.
    const pdnHref = await page.getByTestId('pdn-link').getAttribute('href');
    expect(await page.getByTestId('pdn-link').getAttribute('download')).toBe('2009.04.08 Derkx, B. - Meijer, Hein.pdn');
    const pdn = await page.request.get(new URL(pdnHref!, server.url).href);
    expect(pdn.headers()['content-disposition']).toBe(`attachment; filename="2009.04.08 Derkx, B. - Meijer, Hein.pdn"; filename*=UTF-8''2009.04.08%20Derkx%2C%20B.%20-%20Meijer%2C%20Hein.pdn`);
    const text = await pdn.text();
    expect(text).toContain('[White "Derkx, B."]');
    expect(text).toContain('45-18');
    const sheet = await page.request.get(new URL((await page.getByTestId('sheet-link').getAttribute('href'))!, server.url).href);
    expect(sheet.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(await sheet.text()).toContain('<span class="label">White</span><span class="value">Derkx, B.</span>');

    // Back to the list of the same search.
    await page.getByTestId('back').click();
    await page.getByTestId('count').filter({ hasText: '2 games' }).waitFor();
    expect(await page.getByTestId('q-player').inputValue()).toBe('Derkx');

    expect(audits).toEqual([]);
    expect(errors).toEqual([]);
  }, TEST_LIMIT_MS);

  it('the moves of the fixture are those the test steps through', () => {
    // The test above reads the game's moves from the NK's file as published: they are there.
    const nk = readFileSync(join(games, 'nk ronde 01.pdn'), 'latin1');
    expect(nk).toMatch(/1\. 34-29 17-22 2\. 32-28/);
    expect(nk).toMatch(/5\. 28x19 14x34/);
    expect(nk).toMatch(/59\. 45-18/);
  });
});

// A folder that holds no archive (issue 29, "messages that read as sentences"): `dambord archive
// serve` refuses one at its start, but the archive may be moved away while it is served, and the
// play page's server shows an archive before its first game is filed. The page says so in words,
// not an empty list; screenshots in <tmp>/dambord-page-views/archive-none-<size>-<theme>.png.
describe('the archive page of a folder that holds no archive', () => {
  it.skipIf(!hasChromium)('says the archive holds no game yet, where it said no game was found', async () => {
    const archive = join(work, 'moved-away');
    expect(importPdn(archive, [join(games, 'nk ronde 01.pdn')]).games).toHaveLength(7);
    const served = await startArchiveServer({ archive });
    try {
      renameSync(archive, join(work, 'elsewhere'));
      browser ??= await launchChromium();
      const { page, errors } = await watchedPage(browser, { width: 1280, height: 800 });
      await page.goto(served.url);
      await addAxe(page);
      const count = page.getByTestId('count');
      await count.filter({ hasText: /\S/ }).waitFor();
      expect(await count.textContent()).toBe("The archive holds no game yet: its games appear here once they are imported (dambord archive import) or played on the club's boards.");
      expect(await page.getByTestId('results').locator('li').count()).toBe(0);
      mkdirSync(shotDir, { recursive: true });
      const audits: string[] = [];
      for (const size of [{ name: 'phone', width: 360, height: 740 }, { name: 'laptop', width: 1280, height: 800 }]) {
        await page.setViewportSize(size);
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          await page.screenshot({ path: join(shotDir, `archive-none-${size.name}-${theme}.png`), fullPage: true, animations: 'disabled' });
          audits.push(...(await axeViolations(page)).map((v) => `${size.name}, ${theme}: ${v}`));
        }
      }
      expect(audits).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await served.close();
    }
  }, TEST_LIMIT_MS);
});
