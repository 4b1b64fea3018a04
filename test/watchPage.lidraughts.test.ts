// The viewers' page as people know it from lidraughts broadcasts (issue 29, finding 6), in
// Chromium, served by the broadcast server from a round store fed with real games (the first
// games of nk ronde 01.pdn, the Dutch championship of 2009: host/broadcast/testing/realStates.ts,
// their positions replayed from the file by the rules core, not drawn by the page's code): board
// 1 still played, board 2 won by Black on resignation, board 3 drawn.
//
// What is checked: the header names the event, round, site and date of the scoresheets; the
// standings of the round's finished games; a result read whole on its card and on its board
// (wrapped, never cut off); each game's PDN and the round's to download under a file name; on
// one board, stepping back and forth (buttons, keys, the move list) draws the position of that
// ply, a new move arriving while the viewer looks back grows the list and leaves the board where
// it is, the live button returns to the last move; the board turned round (F), remembered after a
// reload. At 1280x800 and 360x740 (no horizontal scroll, touch targets of 44 px, the board on the
// screen), light and dark, axe-core finds nothing. Screenshots: /tmp/shots-e29/.
import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { variants } from '../rules/index.ts';
import { createRoundStore } from '../host/broadcast/store.ts';
import type { RoundStore } from '../host/broadcast/store.ts';
import { nodeStoreHost } from '../host/broadcast/storeHost.ts';
import { startBroadcastServer } from '../host/broadcast/server.ts';
import type { BroadcastServer } from '../host/broadcast/server.ts';
import { NK_GAMES, realState } from '../host/broadcast/testing/realStates.ts';
import type { StateChange } from '../host/broadcast/testing/realStates.ts';
import type { BoardState } from '../host/broadcast/types.ts';
import { addAxe, axeViolations, hasChromium as chromiumHere, launchChromium, watchedPage } from './chromium.ts';

const hasChromium = chromiumHere('watchPage.lidraughts.test.ts');
const SHOTS = '/tmp/shots-e29';
const EVENT = 'NK 2009';
let tick = Date.now() - 60_000;

/** Board `b` playing game `b - 1` of the file after `plies` moves. */
const board = (b: number, plies: number, change: StateChange = {}): BoardState => realState({ event: EVENT, round: '1', board: b, game: b - 1, plies, t: ++tick }, change);

const dateOf = (g: number): string => NK_GAMES[g].tags.find((t) => t.name === 'Date')!.value;
const nameOf = (g: number, side: 'White' | 'Black'): string => NK_GAMES[g].tags.find((t) => t.name === side)!.value;

/** The pieces the big board draws, as a position string (BoardState.position's format), read back from the SVG's circles; `flipped` turns the coordinates back. */
async function drawnPosition(page: Page, flipped: boolean): Promise<string> {
  const circles = (await page.evaluate(
    "[...document.querySelectorAll('#big-board circle.piece')].map((c) => [c.classList[1], Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])",
  )) as [string, number, number][];
  const g = variants.international.geometry;
  const out = Array.from({ length: g.squares }, () => '.');
  for (const [piece, cx, cy] of circles) {
    const row = flipped ? 9 - Math.floor(cy) : Math.floor(cy);
    const col = flipped ? 9 - Math.floor(cx) : Math.floor(cx);
    const i = Array.from({ length: g.squares }, (_, k) => k).find((k) => g.row[k] === row && g.col[k] === col);
    if (i === undefined) throw new Error(`a piece on a light square: ${row},${col}`);
    out[i] = { wm: 'w', wk: 'W', bm: 'b', bk: 'B' }[piece] ?? '?';
  }
  return out.join('');
}

/** Whether each visible element of `selector` shows its text whole: nothing cut off sideways. */
async function wholeText(page: Page, selector: string): Promise<boolean[]> {
  return (await page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].filter((e) => e.offsetParent).map((e) => e.scrollWidth <= e.clientWidth + 1)`,
  )) as boolean[];
}

const run: { browser: Browser | null; server: BroadcastServer | null; store: RoundStore | null } = { browser: null, server: null, store: null };
afterAll(async () => {
  await run.browser?.close();
  await run.server?.close();
  run.store?.close();
});

describe('the viewers\' page like a lidraughts broadcast', () => {
  it.skipIf(!hasChromium)('header, standings, results in full, PDN downloads, stepping back and forth, flip; at 1280x800 and 360x740, light and dark, axe-clean', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const store = (run.store = createRoundStore({ event: EVENT }, nodeStoreHost));
    expect(store.put(board(1, 30))).toBe(true);
    expect(store.put(board(2, 24, { result: { result: '0-2', reason: 'White resigned', article: '' } }))).toBe(true);
    expect(store.put(board(3, 20, { result: { result: '1-1', reason: 'draw agreed', article: '' } }))).toBe(true);
    run.server = await startBroadcastServer(store, { port: 0, host: '127.0.0.1' });
    /** The plies board 1 has played: one more after each viewport's look back. */
    let live = 30;
    const url = run.server.url.replace(/\/$/, '');
    run.browser = await launchChromium();

    for (const [width, height] of [[1280, 800], [360, 740]] as const) {
      const { page, errors } = await watchedPage(run.browser, { width, height });
      const testid = (id: string) => page.getByTestId(id);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(`${url}/`);
        await addAxe(page);
        await page.locator('[data-testid=cards] a.card').nth(2).waitFor();

        // -- the header: event, round, site, date -------------------------------------------
        expect(await testid('title').textContent()).toBe(`NK 2009, round 1 · Wageningen · ${dateOf(0)}`);

        // -- the standings: Black's win on board 2 and the draw on board 3 ------------------
        await testid('standings').waitFor();
        expect(await testid('standings').getByRole('heading').textContent()).toBe('Standings of this round');
        const rows = await testid('standings-rows').locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
        expect(rows.slice(0, 3)).toEqual([
          ['1', nameOf(1, 'Black'), '2', '1'],
          ...[nameOf(2, 'White'), nameOf(2, 'Black')].sort((a, b) => a.localeCompare(b)).map((n) => ['2', n, '1', '1']),
        ]);
        expect(rows).toHaveLength(6);

        // -- results in full on the cards ----------------------------------------------------
        expect(await testid('card-2').getByTestId('card-result').textContent()).toBe('0-2: Black wins, White resigned');
        expect(await wholeText(page, '.card-result')).toEqual([true, true]);

        // -- each game's PDN and the round's, with a file name -------------------------------
        expect(await testid('card-pdn-2').getAttribute('href')).toBe('/feed/board/2.pdn');
        expect(await testid('card-pdn-2').getAttribute('download')).toBe('board-2.pdn');
        expect(await testid('round-pdn').getAttribute('download')).not.toBeNull();
        const pdn = await page.request.get(`${url}/feed/board/2.pdn`);
        expect(pdn.headers()['content-disposition']).toBe('attachment; filename="nk-2009-r1-board-2.pdn"');
        expect(await pdn.text()).toContain(`[White "${nameOf(1, 'White')}"]`);

        if (width === 360) {
          expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(360);
          const pdnBox = await testid('card-pdn-1').boundingBox();
          expect(pdnBox!.height).toBeGreaterThanOrEqual(44);
        }
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/round-${width}-${theme}.png`, fullPage: true });

        // -- board 2 on its own: the result whole ----------------------------------------------
        await testid('card-2').click();
        await expect.poll(() => testid('result').textContent()).toBe('Result: 0-2: Black wins, White resigned');
        expect(await wholeText(page, '#result')).toEqual([true]);
        expect(await testid('board-pdn').getAttribute('href')).toBe('/feed/board/2.pdn');
        expect(await testid('board-pdn').getAttribute('download')).not.toBeNull();
        await page.goBack();
        await testid('round-view').waitFor();
      }

      // -- board 1: stepping through the game ------------------------------------------------
      await page.emulateMedia({ colorScheme: 'light' });
      await testid('card-1').click();
      await expect.poll(() => testid('board-heading').textContent()).toBe(`Board 1: ${nameOf(0, 'White')} – ${nameOf(0, 'Black')}`);
      expect(await drawnPosition(page, false)).toBe(board(1, live).position);
      expect(await testid('step-forward').isDisabled()).toBe(true);
      expect(await testid('step-live').isHidden()).toBe(true);
      await testid('step-back').click();
      await expect.poll(() => drawnPosition(page, false)).toBe(board(1, live - 1).position);
      // Ply 29 is White's 15th move, ply 30 Black's.
      const said = (ply: number) => `${Math.ceil(ply / 2)}.${ply % 2 === 0 ? '..' : ''} ${board(1, ply).moves[ply - 1].text}`;
      expect(await testid('viewing').textContent()).toBe(`Showing the position after ${said(live - 1)}. New moves still come in.`);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => drawnPosition(page, false)).toBe(board(1, live - 2).position);
      await page.keyboard.press('Home');
      await expect.poll(() => drawnPosition(page, false)).toBe(`${'b'.repeat(20)}${'.'.repeat(10)}${'w'.repeat(20)}`);
      expect(await testid('step-back').isDisabled()).toBe(true);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => drawnPosition(page, false)).toBe(board(1, 1).position);
      // The move list: ply 10 (5... of Black) clicked.
      await testid('moves').locator('button[data-ply="10"]').click();
      await expect.poll(() => drawnPosition(page, false)).toBe(board(1, 10).position);
      expect(await testid('moves').locator('[aria-current]').getAttribute('data-ply')).toBe('10');
      const lastSquares = await page.evaluate("[...document.querySelectorAll('#big-board rect.dark.last')].length");
      expect(lastSquares).toBe(board(1, 10).lastMove!.squares.length);
      if (width === 360) {
        for (const id of ['step-first', 'step-back', 'step-forward', 'step-last', 'flip', 'step-live']) {
          const box = await testid(id).boundingBox();
          expect(box!.height, id).toBeGreaterThanOrEqual(44);
          expect(box!.width, id).toBeGreaterThanOrEqual(44);
        }
        const big = await testid('big-board').boundingBox();
        expect(big!.x).toBeGreaterThanOrEqual(0);
        expect(big!.x + big!.width).toBeLessThanOrEqual(360);
        expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(360);
      }
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/board-stepped-${width}.png`, fullPage: true });

      // -- a new move while the viewer looks back: the list grows, the board stays --------
      const plies = ++live;
      expect(store.put(board(1, plies))).toBe(true);
      await expect.poll(() => testid('moves').locator('button.move').count()).toBe(plies);
      expect(await drawnPosition(page, false)).toBe(board(1, 10).position);
      expect(await testid('step-live').isVisible()).toBe(true);
      await testid('step-live').click();
      await expect.poll(() => drawnPosition(page, false)).toBe(board(1, plies).position);
      expect(await testid('viewing').isHidden()).toBe(true);

      // -- turned round with F, remembered after a reload -----------------------------------
      await page.keyboard.press('f');
      await expect.poll(() => testid('flip').getAttribute('aria-pressed')).toBe('true');
      expect(await drawnPosition(page, true)).toBe(board(1, plies).position);
      const order = () => page.evaluate("[...document.querySelectorAll('.board-area > [data-testid]')].map((e) => e.dataset.testid)");
      expect(await order()).toEqual(['player-white', 'big-board', 'player-black', 'steps', 'viewing']);
      await page.screenshot({ path: `${SHOTS}/board-flipped-${width}.png`, fullPage: true });
      await page.reload();
      await addAxe(page);
      await expect.poll(() => testid('flip').getAttribute('aria-pressed')).toBe('true');
      expect(await drawnPosition(page, true)).toBe(board(1, plies).position);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/board-flipped-dark-${width}.png`, fullPage: true });
      await testid('flip').click();
      await expect.poll(() => testid('flip').getAttribute('aria-pressed')).toBe('false');
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
