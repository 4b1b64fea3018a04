// The pages in another language (host/words/page/): the play page served with `lang: 'nl'` shows
// Dutch (its buttons, the legend, whose turn), `<html lang="nl">`; the viewers' page served with
// `lang: 'fr'` shows French (its title, a board's card). English is the other browser tests'.
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { PlayCommand, PlaySession } from '../host/game/types.ts';
import { startWebServer } from '../host/web/server.ts';
import type { WebServer } from '../host/web/server.ts';
import { startView } from '../host/web/testing/playView.ts';
import { createRoundStore } from '../host/broadcast/store.ts';
import { nodeStoreHost } from '../host/broadcast/storeHost.ts';
import type { RoundStore } from '../host/broadcast/store.ts';
import { startBroadcastServer } from '../host/broadcast/server.ts';
import type { BroadcastServer } from '../host/broadcast/server.ts';
import { hasChromium as chromiumHere, launchChromium, watchedPage } from './chromium.ts';

const hasChromium = chromiumHere('pageWords.test.ts');

/** A simulated English game at its start, Black to move. */
const VIEW = startView();

const SESSION: PlaySession = {
  view: () => VIEW,
  subscribe: () => () => {},
  command: async (_c: PlayCommand) => ({ ok: true }),
};

const run: { browser: Browser | null; web: WebServer | null; watch: BroadcastServer | null; store: RoundStore | null } = { browser: null, web: null, watch: null, store: null };
afterAll(async () => {
  await run.browser?.close();
  await run.web?.close();
  await run.watch?.close();
  run.store?.close();
});

describe('the pages in the language the server is given', () => {
  it.skipIf(!hasChromium)('the play page in Dutch, the viewers\' page in French', async () => {
    run.web = await startWebServer(SESSION, { port: 0, lang: 'nl' });
    run.browser = await launchChromium();
    const { page, errors } = await watchedPage(run.browser, { width: 1280, height: 800 });
    await page.goto(run.web.url);
    await expect.poll(() => page.getByTestId('turn').textContent()).toBe('Zwart aan zet');
    expect(await page.evaluate('document.documentElement.lang')).toBe('nl');
    expect(await page.getByTestId('clock').textContent()).toBe('Klok');
    expect(await page.getByTestId('clock').getAttribute('aria-label')).toBe('Druk op de klok');
    expect(await page.getByTestId('flip').textContent()).toBe('Bord draaien');
    expect(await page.getByTestId('legend').locator('summary').textContent()).toBe('Wat de tekens op het bord betekenen');
    expect(await page.locator('#legend li').first().textContent()).toBe(' Laatste zet: de velden die hij verliet en bereikte zijn gekleurd');
    expect(await page.getByTestId('board').getAttribute('aria-label')).toBe('Dambord');
    expect(await page.locator('#variant').textContent()).toBe('Engels dammen (8×8), gesimuleerd bord');
    expect(await page.getByTestId('connection').textContent()).toBe('live');
    expect(await page.locator('#moves').textContent()).toBe('Nog geen zetten.');
    expect(await page.locator('[data-square="1"]').getAttribute('aria-label')).toBe('1: zwarte schijf');
    expect(errors).toEqual([]);

    const store = (run.store = createRoundStore({ event: 'Clubavond', delayMs: 0 }, nodeStoreHost));
    store.put({
      event: 'Clubavond', round: '3', board: 1, players: { white: 'Anna', black: 'Bert' },
      variant: 'english', size: 8, position: VIEW.startBoard, turn: 'black', moves: [], lastMove: null,
      clock: null, result: null, irregularity: null, link: 'lost', pdn: '[Event "Clubavond"]\n\n*', t: Date.now(),
    });
    run.watch = await startBroadcastServer(store, { port: 0, lang: 'fr' });
    await page.goto(run.watch.url);
    await page.getByTestId('card-1').waitFor({ timeout: 5_000 });
    expect(await page.evaluate('document.documentElement.lang')).toBe('fr');
    expect(await page.getByTestId('title').textContent()).toBe('Clubavond, ronde 3');
    expect(await page.getByTestId('card-1').locator('.card-label').textContent()).toBe('Damier 1 : Anna (blancs) – Bert (noirs), 0 coup, Trait aux noirs, damier déconnecté');
    expect(await page.getByTestId('badge-lost').textContent()).toBe('Damier déconnecté');
    expect(await page.getByTestId('round-pdn').textContent()).toBe('Télécharger la ronde (PDN)');
    await expect.poll(() => page.getByTestId('connection').textContent()).toBe('en direct');
    expect(errors).toEqual([]);
  });
});
