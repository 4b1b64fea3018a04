// "Settings entered once" (issue 28) in Chromium: the players fill the page's settings before
// the first move, in the page's own form (labels, fields, the policy and language chosen), and
// the scoresheet of the game carries them; once a move is made (FMJD 3.1: White moves first) the
// page says the game's settings are fixed and offers them for the next game. An axe-core audit
// of the page with the form open finds nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hands, view, waitFor } from './playProcess.ts';
import { addAxe, axeViolations, hasChromium as chromiumHere, pageRun, playOnPage } from './chromium.ts';

const hasChromium = chromiumHere('setupPage.test.ts');
const work = mkdtempSync(join(tmpdir(), 'dambord-setup-page-'));
const run = pageRun(work);

describe('the page sets the game in Chromium', () => {
  it.skipIf(!hasChromium)('the form filled before the first move gives the PDN its tags; after a move it is for the next game', async () => {
    const { url, page, errors } = await playOnPage(run, work, { width: 360, height: 740 });
    await page.locator('body[data-control="true"]').waitFor({ state: 'attached' });
    await waitFor('the game to start', async () => (await view(url)).guidance === null);
    const setup = page.getByTestId('setup');
    await setup.locator('summary').waitFor();
    expect(await setup.getAttribute('open')).not.toBeNull();
    await expect.poll(() => page.getByTestId('setup-state').textContent()).toBe('These settings apply to this game until its first move.');

    await page.getByLabel('White', { exact: true }).fill('Anna van Dijk');
    await page.getByLabel('Black', { exact: true }).fill('Bert Jansen');
    await page.getByLabel('Event').fill('Club night');
    await page.getByLabel('Site').fill('Utrecht NED');
    await page.getByLabel('Round').fill('3');
    await page.getByLabel(/^Time control/).fill('5400+30');
    await page.getByLabel('Policy').selectOption({ label: 'Casual' });
    await page.getByLabel('Language of speech and log').selectOption('nl');
    if (process.env.DAMBORD_SHOTS) await setup.screenshot({ path: join(process.env.DAMBORD_SHOTS, 'setup-phone.png') });
    await addAxe(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Apply to this game' }).click();
    await waitFor('the names on the page', async () => (await page.getByTestId('player-white').textContent())?.includes('Anna van Dijk') ?? false);
    expect(await page.getByTestId('player-black').textContent()).toContain('Bert Jansen');

    await hands(url, 'l:32 p:28');
    await page.locator('[data-testid=moves] .move[data-ply]').first().waitFor({ state: 'attached' });
    await expect.poll(() => page.getByTestId('setup-state').textContent()).toMatch(/^A move has been made: this game's settings are fixed/);
    expect(await page.getByRole('button', { name: 'Apply to the next game' }).isVisible()).toBe(true);

    const pdn = await (await fetch(`${url}/game.pdn`)).text();
    for (const tag of ['Event "Club night"', 'Site "Utrecht NED"', 'Round "3"', 'White "Anna van Dijk"', 'Black "Bert Jansen"', 'TimeControl "5400+30"']) expect(pdn).toContain(`[${tag}]`);
    expect(pdn).not.toContain('White "?"');
    expect((await view(url)).settings?.current).toMatchObject({ policy: 'casual', lang: 'nl' });
    expect(errors).toEqual([]);
  });
});
