// `dambord digitise --guide` in a real Chromium: the page of the sitting says what the sheet asks
// for, frames a slip as it frames an irregularity, lights the candidates' squares, lists the
// repairs made, its Take back button takes a wrong candidate back and its result buttons give the
// sheet's result; axe-core finds nothing at the slip. The process runs on the simulated board; the hands are the page's command endpoint.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addAxe, axeViolations, hasChromium as chromiumHere, launchChromium, pageRun, watchedPage } from './chromium.ts';
import { digitiseProcess, hands, view, waitFor } from './playProcess.ts';

const hasChromium = chromiumHere('digitise.guide.page.test.ts');
const work = mkdtempSync(join(tmpdir(), 'dambord-guide-page-'));
const run = pageRun(work);
/** Where the screenshot of the slip goes, to be looked at. */
const shotDir = join(tmpdir(), 'dambord-page-views');

/** A club sheet: White's second move (37-32) typed 73-32. */
const SHEET = '[Event "Clubavond"]\n[White "Anna"]\n[Black "Bert"]\n[Result "2-0"]\n\n1. 32-28 18-23 2. 73-32 12-18 2-0\n';

describe('digitise --guide: the page in Chromium', () => {
  it.skipIf(!hasChromium)('says the move asked for, frames the slip with its candidates lit, takes a wrong candidate back by its button, lists the repair, gives the result by its buttons', async () => {
    const file = join(work, 'club.pdn');
    writeFileSync(file, SHEET);
    const started = await digitiseProcess(['--games', join(work, 'games'), '--guide', file, '--no-ask'], '');
    run.child = started.child;
    const url = started.url;
    run.browser = await launchChromium();
    const { page, errors } = await watchedPage(run.browser, { width: 1280, height: 800 });
    await page.goto(`${url}/`);
    await addAxe(page);
    const testid = (id: string) => page.getByTestId(id);
    const led = (sq: string) => page.locator(`[data-square="${sq}"] .led`);

    await testid('guide-message').filter({ hasText: /^ply 1: 32-28$/ }).waitFor();
    await expect(led('32').getAttribute('class')).resolves.toContain('led-slow');
    await hands(url, 'l:32 p:28 l:18 p:23');

    // The slip: framed, its likeliest moves lit, said in words.
    await testid('guide-message').filter({ hasText: /^Slip at ply 3: the sheet has 73-32, which cannot be played; most likely 37-32/ }).waitFor();
    expect(await testid('guide').getAttribute('class')).toBe('guide slip');
    for (const sq of ['37', '38', '32']) await expect(led(sq).getAttribute('class'), sq).resolves.toContain('led-slow');
    expect(await axeViolations(page)).toEqual([]);
    mkdirSync(shotDir, { recursive: true });
    await page.screenshot({ path: join(shotDir, 'guide-slip-laptop-light.png'), animations: 'disabled' });

    // The second candidate played, then taken back by the page's button; its piece put back as the LEDs say.
    await hands(url, 'l:38 p:32');
    await waitFor('38-32', async () => (await view(url)).moves.length === 3);
    await testid('takeback').click();
    await waitFor('38-32 taken back', async () => (await view(url)).moves.length === 2);
    await hands(url, 'l:32 p:38');
    await testid('guide-message').filter({ hasText: /^Slip at ply 3/ }).waitFor();

    await hands(url, 'l:37 p:32 l:12 p:18');
    await testid('guide-message').filter({ hasText: "the sheet's moves are all played (4 plies): give the result" }).waitFor();
    expect(await testid('guide-repairs').innerText()).toBe('ply 3: the sheet has 73-32; 37-32 was played (73 for 37, digits swapped)');
    expect(await testid('guide').getAttribute('class')).toBe('guide end');
    expect(await axeViolations(page)).toEqual([]);

    // The result from the page: nobody resigns while a sheet is recorded; White won, confirmed by a second press.
    expect(await testid('resign-white').isHidden()).toBe(true);
    await testid('result-white').click();
    await testid('result-white').filter({ hasText: 'White won: press again to confirm' }).waitFor();
    await testid('result-white').click();
    await waitFor('the sheet saved', async () => /Anna - Bert 2-0, saved in/.test(started.out()));
    await testid('result-white').waitFor({ state: 'hidden' });
    expect(await testid('takeback').isHidden()).toBe(true);
    expect(errors).toEqual([]);
  });
});
