// The English laws' time per move on the play page (Standard Laws 24, 25): once time is called
// for the side to move, its clock shows the minute left, marked as called, in words a screen
// reader reads too; the other side's shows its five minutes to a call. The view is written by
// hand as the host sends it (host/game/types.ts, PlayView.clock).
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { PlaySession, PlayView } from '../host/game/types.ts';
import { startWebServer } from '../host/web/server.ts';
import type { WebServer } from '../host/web/server.ts';
import { startView } from '../host/web/testing/playView.ts';
import { hasChromium as chromiumHere, launchChromium, watchedPage } from './chromium.ts';

const hasChromium = chromiumHere('lawsClock.test.ts');

/** English draughts, Black to move, time called for Black 15 s ago (law 24): 45 s left to the loss. */
const VIEW: PlayView = { ...startView(), clock: { white: 300_000, black: 45_000, running: 'black', control: 'laws', called: 'black' } };

const SESSION: PlaySession = { view: () => VIEW, subscribe: () => () => {}, command: async () => ({ ok: true }) };

const run: { browser: Browser | null; web: WebServer | null } = { browser: null, web: null };
afterAll(async () => {
  await run.browser?.close();
  await run.web?.close();
});

describe('Standard Laws 24, 25: time called, on the page', () => {
  it.skipIf(!hasChromium)('law 24: the clock of the side whose time was called shows the minute left, marked "time called"; the other its five minutes', async () => {
    run.web = await startWebServer(SESSION, { port: 0 });
    run.browser = await launchChromium();
    const { page, errors } = await watchedPage(run.browser, { width: 360, height: 740 });
    await page.goto(run.web.url);
    const black = page.getByTestId('clock-black');
    await expect.poll(() => black.textContent()).toMatch(/^time called 0:4\d$/);
    expect(await black.getAttribute('aria-label')).toMatch(/^Black's clock: 0:4\d, running, time called$/);
    expect(await black.getAttribute('class')).toContain('low');
    expect(await page.getByTestId('clock-white').textContent()).toBe('5:00');
    expect(errors).toEqual([]);
  });
});
