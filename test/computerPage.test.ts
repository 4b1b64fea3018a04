// A game against the computer played by clicks on the play page, in Chromium (issue 31: "a game
// against the computer played by clicks, with screenshots at 360x740 and 1280x800 and axe-core
// finding nothing"): `dambord play --engine black --level 1` as a real process on the simulated
// board. The level is changed to 2 from the page before the first move (the scoresheet then
// names `dambord, level 2`); the player's moves are legal moves of the position (the rules
// core's), the computer's are read off the page (its move text, the squares the board marks)
// and made by clicks, the captured pieces taken off; the evaluation bar and best line shown,
// hidden by the switch, which the page remembers. Screenshots in /tmp/shots-j/.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { legalMoves, readPdn, squareName, variants } from '../rules/index.ts';
import type { Move } from '../rules/index.ts';
import { addAxe, axeViolations, hasChromium as chromiumHere, launchChromium, pageRun, playOnPage, watchedPage } from './chromium.ts';
import { view, waitFor } from './playProcess.ts';
import type { PlayCommand, PlaySession, PlayView } from '../host/game/types.ts';
import { startWebServer } from '../host/web/server.ts';
import { finishedView } from '../host/web/testing/analysedGame.ts';
import { WAIT_LIMIT_MS } from './limits.ts';

const hasChromium = chromiumHere('computerPage.test.ts');
const work = mkdtempSync(join(tmpdir(), 'dambord-computer-page-'));
const shotDir = '/tmp/shots-j';
const run = pageRun(work);
const v = variants.international;

/** The hands' clicks of a move: the piece lifted, put down, each captured piece taken off; each seen by the board before the next. */
async function clickMove(page: Page, from: string, to: string, captured: readonly string[]): Promise<void> {
  const steps = [[from, false], [to, true], ...captured.map((sq) => [sq, false] as const)] as const;
  for (const [square, sensed] of steps) {
    await page.click(`[data-square="${square}"]`);
    await page.locator(`[data-square="${square}"][data-sensed="${sensed}"]`).waitFor({ state: 'attached' });
  }
}

/** A legal move of the game's position now (the rules core's first), for the player to make. */
async function playerMove(url: string): Promise<Move> {
  const game = readPdn((await view(url)).pdn, { variant: v }).games[0];
  return legalMoves(game.end)[0];
}

describe('a game against the computer on the page', () => {
  it.skipIf(!hasChromium)('level changed from the page, moves made by clicks (the computer\'s too), a hint, a pair taken back and put back by clicks, the analysis shown and switched off; phone and laptop, light and dark, axe clean', async () => {
    mkdirSync(shotDir, { recursive: true });
    const { url, page, errors } = await playOnPage(run, work, { width: 1280, height: 800 }, ['--engine', 'black', '--level', '1', '--policy', 'casual']);
    await addAxe(page);
    await page.locator('[data-testid=link-state]', { hasText: /^connected/ }).waitFor();
    await expect.poll(() => page.getByTestId('computer-who').textContent()).toBe('dambord, level 1 plays Black');
    expect(await page.getByTestId('computer-choose').isVisible()).toBe(true);
    await page.screenshot({ path: join(shotDir, 'computer-choose-laptop-light.png') });

    // The level from the page, before the first move: the scoresheet names the computer at it.
    await page.getByTestId('computer-level').selectOption('2');
    await expect.poll(() => page.getByTestId('computer-who').textContent()).toBe('dambord, level 2 plays Black');
    await expect.poll(() => page.getByTestId('announce').textContent()).toContain('dambord, level 2 plays Black');
    expect((await view(url)).pdn).toContain('[Black "dambord, level 2"]');
    expect((await view(url)).engine).toMatchObject({ level: 2, side: 'black', state: 'idle' });

    const violations: string[] = [];
    let last: { mine: Move; shown: NonNullable<NonNullable<PlayView['engine']>['move']> } | null = null;
    for (let pair = 0; pair < 2; pair++) {
      const mine = await playerMove(url);
      await clickMove(page, squareName(v, mine.from), squareName(v, mine.to), mine.captured.map((sq) => squareName(v, sq)));
      expect(await page.getByTestId('computer-choose').isHidden()).toBe(true);
      // The computer's move: its text and route on the page, its squares marked on the board as the LEDs light them.
      await page.getByTestId('computer-move').waitFor();
      const shown = (await view(url)).engine!.move!;
      expect(await page.getByTestId('computer-plays').textContent()).toBe(`The computer plays ${shown.text}.`);
      await expect.poll(() => page.getByTestId('announce').textContent()).toContain(`The computer plays ${shown.text}. Make the computer's move on the board.`);
      expect(await page.getByTestId('computer-route').textContent()).toBe(`Route: ${shown.route.join(' → ')}`);
      // The from square of a capture carries the referee's own mark over it (capturing is compulsory, FMJD 4.2).
      const mark = (sq: string) => page.locator(`[data-square="${sq}"]`).getAttribute('data-mark');
      expect(await mark(shown.from)).toBe(shown.captured.length > 0 ? 'capture' : 'hint');
      for (const sq of shown.route.slice(1)) expect(await mark(sq)).toBe('hint');
      for (const sq of shown.captured) expect(await mark(sq)).toBe('remove');
      await page.getByTestId('computer-analysis').waitFor();
      expect(await page.getByTestId('eval-text').textContent()).toMatch(/^Evaluation: ([+−]?\d+\.\d\d men for White|(White|Black) wins in \d+ pl(y|ies))$/);
      expect(await page.getByTestId('computer-pv').textContent()).toMatch(new RegExp(`^Best line: ${shown.text.replace(/[-x]/g, '[-x]')}`));
      if (pair === 1) {
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          await page.locator(`html[data-shown="${theme}"]`).waitFor({ state: 'attached' });
          await page.screenshot({ path: join(shotDir, `computer-laptop-${theme}.png`) });
          violations.push(...(await axeViolations(page)).map((x) => `laptop ${theme}: ${x}`));
        }
        const phone = await watchedPage(run.browser!, { width: 360, height: 740 });
        await phone.page.goto(`${url}/`);
        await addAxe(phone.page);
        await phone.page.getByTestId('computer-move').waitFor();
        for (const theme of ['light', 'dark'] as const) {
          await phone.page.emulateMedia({ colorScheme: theme });
          await phone.page.locator(`html[data-shown="${theme}"]`).waitFor({ state: 'attached' });
          await phone.page.screenshot({ path: join(shotDir, `computer-phone-${theme}.png`), fullPage: true });
          violations.push(...(await axeViolations(phone.page)).map((x) => `phone ${theme}: ${x}`));
        }
        expect(phone.errors).toEqual([]);
        await phone.page.close();
      }
      await clickMove(page, shown.from, shown.to, shown.captured);
      last = { mine, shown };
      await waitFor('the computer\'s move made', async () => (await view(url)).moves.length === 2 * (pair + 1));
      await page.getByTestId('computer-move').waitFor({ state: 'hidden' });
    }
    expect(violations).toEqual([]);

    // The computer resigns and offers draws for itself: only the player's own buttons are there.
    expect(await page.locator('#btn-resign-white').isVisible()).toBe(true);
    expect(await page.locator('#btn-draw-white').isVisible()).toBe(true);
    for (const id of ['btn-resign-black', 'btn-draw-black', 'btn-draw']) expect(await page.locator(`#${id}`).isHidden(), id).toBe(true);

    // A hint from the page: the engine's move for the player said and marked on the board as the LEDs show it.
    await page.getByTestId('hint').click();
    await expect.poll(async () => (await view(url)).log.at(-1) ?? '').toMatch(/^Hint: \d+[-x]\d+/);
    await page.locator('[data-mark="hint"]').first().waitFor({ state: 'attached' });

    // Take back from the page: the last pair goes from the scoresheet, and the hands put its pieces back by clicks.
    await page.getByTestId('computer-takeback').click();
    await waitFor('the pair taken back', async () => (await view(url)).moves.length === 2);
    const { mine, shown } = last!;
    const put = async (square: string, sensed: boolean) => {
      await page.click(`[data-square="${square}"]`);
      await page.locator(`[data-square="${square}"][data-sensed="${sensed}"]`).waitFor({ state: 'attached' });
    };
    await put(shown.to, false);
    await put(shown.from, true);
    for (const sq of shown.captured) await put(sq, true);
    await put(squareName(v, mine.to), false);
    await put(squareName(v, mine.from), true);
    for (const sq of mine.captured) await put(squareName(v, sq), true);
    await waitFor('the board as the scoresheet has it', async () => (await view(url)).squares.every((q) => q.mark !== 'clear' && q.mark !== 'fill'));
    expect((await view(url)).pdn).toContain('Taken back');

    // The switch hides the evaluation and the line; the page remembers it.
    await page.getByTestId('analysis-switch').uncheck();
    expect(await page.getByTestId('computer-analysis').isHidden()).toBe(true);
    await page.reload();
    await page.getByTestId('computer').waitFor();
    expect(await page.getByTestId('analysis-switch').isChecked()).toBe(false);
    expect(await page.getByTestId('computer-analysis').isHidden()).toBe(true);
    expect(errors).toEqual([]);
  }, 6 * WAIT_LIMIT_MS);

  it.skipIf(!hasChromium)('thinking: a quiet busy line; under the tournament policy no evaluation, no switch, no hint, even with a score; axe clean', async () => {
    // A real English game (host/web/testing/analysedGame.ts) under way, the computer (White, to move) thinking or showing.
    const engine = { side: 'white' as const, name: 'dambord, level 4', level: 4, move: null, pv: null };
    const at = (policy: string, e: PlayView['engine']): PlaySession => {
      const v = { ...finishedView(policy), result: null, engine: e };
      return { view: () => v, subscribe: () => () => {}, command: async (_c: PlayCommand) => ({ ok: true }) };
    };
    const thinking = await startWebServer(at('casual', { ...engine, state: 'thinking', score: null }));
    const tournament = await startWebServer(at('tournament', { ...engine, state: 'thinking', score: { kind: 'men', value: 1 } }));
    try {
      run.browser ??= await launchChromium();
      const { page, errors } = await watchedPage(run.browser, { width: 1280, height: 800 });
      await page.goto(thinking.url);
      await addAxe(page);
      await page.getByTestId('computer-thinking').waitFor();
      expect(await page.getByTestId('computer-thinking').textContent()).toContain('The computer is thinking…');
      expect(await page.getByTestId('computer-move').isHidden()).toBe(true);
      expect(await page.getByTestId('analysis-switch').isVisible()).toBe(true);
      expect(await page.getByTestId('hint').isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(shotDir, 'computer-thinking-laptop-light.png') });
      await page.goto(tournament.url);
      await page.getByTestId('computer-thinking').waitFor();
      expect(await page.getByTestId('analysis-switch').isHidden()).toBe(true);
      expect(await page.getByTestId('computer-analysis').isHidden()).toBe(true);
      // No hint is offered under the tournament policy either.
      expect(await page.getByTestId('hint').isHidden()).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await thinking.close();
      await tournament.close();
    }
  }, 2 * WAIT_LIMIT_MS);
});
