// The issue (dambord 13): "Visual checks in Chromium: screenshots of the start, a move, a
// capture, an irregularity, a correction, a result, at both sizes and in both themes, saved by
// the browser test and looked at; an axe-core audit with no violations." `dambord play` runs as
// a real process on the simulated board; the hands are the page's own command endpoint (POST
// /api/command, squares named as the page names them); Chromium shows the page at 360x740 (a
// phone) and 1280x800 (a laptop), in the light and the dark theme.
//
// The game (international, FMJD): 1. 32-28 19-23 2. 28x19 (compulsory, 4.2) 14x23, then White
// touches 31, puts it back and plays 33-28: a touch-move irregularity (3.11, 5.4) that Black,
// the opponent, decides (5.4); Black has it corrected (5.8), the position is put back and White
// must play the touched piece, 31-27. Then Black resigns and a new game is asked for; in the
// return game the same touch-move is accepted, and stands in the move list as irregular.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { command, play, view, waitFor } from './playProcess.ts';
import { addAxe, axeViolations, hasChromium as chromiumHere, launchChromium, pageRun, watchedPage } from './chromium.ts';
import { contrasts, lowContrasts } from './contrast.ts';

const hasChromium = chromiumHere('pageViews.test.ts');

const work = mkdtempSync(join(tmpdir(), 'dambord-page-views-'));
/** Where the screenshots go, to be looked at: <state>-<size>-<theme>.png. */
const shotDir = join(tmpdir(), 'dambord-page-views');

const SIZES = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** The play process and Chromium, stopped (and the work folder removed) after the file's tests. */
const run = pageRun(work);

interface Box { x: number; y: number; width: number; height: number }

/** Whether `box` lies wholly inside a viewport of `size`, as the page opens (not scrolled). */
function inside(box: Box | null, size: { width: number; height: number }): boolean {
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
}

describe('the live page in Chromium, at a phone and a laptop size, light and dark', () => {
  it.skipIf(!hasChromium)('a short game with a capture, a touch-move corrected and a result: screenshots, axe audits, the decision in view, flip, review while the game goes on', async () => {
    const started = Date.now();
    let url: string;
    ({ child: run.child, url } = await play(work, ['--white', 'Anna', '--black', 'Bert', '--event', 'Club night', '--round', '3', '--site', 'Utrecht']));
    run.browser = await launchChromium();
    const { page, errors: pageErrors } = await watchedPage(run.browser, { width: 1280, height: 800 });
    /** The commands the page sent, as JSON. */
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/command') sent.push(r.postData() ?? '');
    });
    // Nothing the page loads is missing (its icon included).
    page.on('response', (r) => {
      if (r.request().method() === 'GET' && r.status() >= 400) pageErrors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${url}/`);
    await addAxe(page);
    await page.locator('[data-testid=link-state]', { hasText: /^connected/ }).waitFor();
    await page.locator('body[data-control="true"]').waitFor({ state: 'attached' });

    // -- the hands, through the command endpoint ------------------------------------------------
    /** Waits until the board senses `sq` occupied (or empty); on a timeout says what the referee made of the board. */
    const sensed = async (sq: string, want: boolean) => {
      try {
        await waitFor(`square ${sq} ${want ? 'occupied' : 'empty'}`, async () => (await view(url)).squares.find((s) => s.name === sq)!.sensed === want);
      } catch (e) {
        const v = await view(url);
        const board = v.squares.filter((s) => s.sensed !== (s.piece !== null)).map((s) => `${s.name}:${s.piece ?? '-'}/${s.sensed ? 'sensed' : 'empty'}`);
        throw new Error(`${(e as Error).message}: ${JSON.stringify({ differs: board, irregularity: v.irregularity, guidance: v.guidance, log: v.log.slice(-4) })}`, { cause: e });
      }
    };
    const lift = async (sq: string) => {
      await command(url, { type: 'lift', square: sq });
      await sensed(sq, false);
    };
    const place = async (sq: string) => {
      await command(url, { type: 'place', square: sq });
      await sensed(sq, true);
    };
    const moveCount = (n: number) => page.locator('[data-testid=moves] .move[data-ply]').nth(n - 1).waitFor({ state: 'attached' });
    const square = (sq: string) => page.locator(`[data-square="${sq}"]`);
    const testid = (id: string) => page.getByTestId(id);

    // -- every state at both sizes, in both themes ----------------------------------------------
    mkdirSync(shotDir, { recursive: true });
    const shots: string[] = [];
    /** The axe-core violations of every state, size and theme, said at the end (none expected). */
    const audits: string[] = [];
    /**
     * Screenshots `state` at each size and theme, and audits each: axe-core finds no violations;
     * the pieces and the players' colour dots contrast 3:1 (WCAG 1.4.11; test/contrast.ts); the
     * square numbers are 11 px or more.
     */
    const capture = async (state: string) => {
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        for (const theme of THEMES) {
          await page.emulateMedia({ colorScheme: theme });
          await page.locator(`html[data-shown="${theme}"]`).waitFor({ state: 'attached' });
          await page.evaluate('window.scrollTo(0, 0)');
          const path = join(shotDir, `${state}-${size.name}-${theme}.png`);
          await page.screenshot({ path, animations: 'disabled' });
          shots.push(path);
          for (const v of await axeViolations(page)) audits.push(`${state}, ${size.name}, ${theme}: ${v}`);
          expect((await contrasts(page)).length, 'pieces and dots measured').toBeGreaterThan(3);
          for (const v of await lowContrasts(page)) audits.push(`${state}, ${size.name}, ${theme}: WCAG 1.4.11 below 3:1, ${v}`);
          const numberPx = (await page.evaluate("parseFloat(getComputedStyle(document.querySelector('#board .num')).fontSize)")) as number;
          if (numberPx < 11) audits.push(`${state}, ${size.name}, ${theme}: square numbers ${numberPx} px`);
        }
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    };

    // The theme and the sounds as chosen are remembered: dark on a light system, sounds off.
    await page.emulateMedia({ colorScheme: 'light' });
    await testid('theme').selectOption('dark');
    await page.locator('html[data-shown="dark"]').waitFor({ state: 'attached' });
    await testid('sound').click();
    expect(await testid('sound').textContent()).toBe('Sounds off');
    await page.reload();
    await addAxe(page);
    await page.locator('[data-testid=link-state]', { hasText: /^connected/ }).waitFor();
    expect(await testid('theme').inputValue()).toBe('dark');
    expect(await page.locator('html').getAttribute('data-shown')).toBe('dark');
    expect(await testid('sound').textContent()).toBe('Sounds off');
    await testid('sound').click();
    await testid('theme').selectOption('auto');

    // The start: the header of the scoresheet, the players, Black above the board, the legend
    // of the marks open.
    expect(await testid('event').textContent()).toBe(`Club night, round 3 · Utrecht · ${(await view(url)).header.date}`);
    expect(await testid('turn').textContent()).toBe('White to move');
    expect(await page.locator('#name-white').textContent()).toBe('Anna');
    // The legend names everything the board draws: each mark, the LED, a lifted piece, a piece
    // the game does not have there (striped), a king. The keys' help is folded away until asked.
    await page.locator('[data-testid=legend] summary').click();
    expect(await page.locator('#legend li').evaluateAll((els) => els.map((e) => e.getAttribute('data-legend')))).toEqual(['last', 'hint', 'capture', 'obligation', 'flagged', 'remove', 'clear', 'fill', 'led', 'lifted', 'unknown', 'king']);
    expect(await page.locator('#legend li[data-legend=led] .led').count()).toBe(1);
    expect(await page.locator('#legend li[data-legend=lifted] .piece.ghost').count()).toBe(1);
    expect(await page.locator('#legend li[data-legend=unknown] .piece.unknown').count()).toBe(1);
    // The compulsory capture's sign is not the cross of a piece to take off.
    expect(await page.locator('#legend li[data-legend=capture] .badge').textContent()).not.toBe(await page.locator('#legend li[data-legend=remove] .badge').textContent());
    expect(await page.locator('#legend li[data-legend=capture] .badge').textContent()).not.toMatch(/[×✕xX]/);
    expect(await testid('keys-help').isVisible()).toBe(false);
    await testid('keys').locator('summary').click();
    expect(await testid('keys-help').isVisible()).toBe(true);
    await testid('keys').locator('summary').click();
    await capture('start');
    await page.locator('[data-testid=legend] summary').click();

    // Flip turns everything: the board and the players' bars (White's then above the board).
    const above = async (a: string, b: string) => (await page.locator(a).boundingBox())!.y < (await page.locator(b).boundingBox())!.y;
    expect(await above('#player-black', '#board')).toBe(true);
    expect(await above('#board', '#player-white')).toBe(true);
    const firstSquareBefore = await page.locator('#board .sq.dark').first().getAttribute('data-square');
    await testid('flip').click();
    expect(await above('#player-white', '#board')).toBe(true);
    expect(await above('#board', '#player-black')).toBe(true);
    expect(await page.locator('#board .sq.dark').first().getAttribute('data-square')).not.toBe(firstSquareBefore);
    await testid('flip').click();
    expect(await above('#player-black', '#board')).toBe(true);

    // A move, and the reply that leaves White a compulsory capture (FMJD 4.2): named in words,
    // the capturing piece marked, the last move's squares marked apart from it.
    await lift('32');
    await place('28');
    await moveCount(1);
    await lift('19');
    await place('23');
    await moveCount(2);
    await expect.poll(() => testid('compulsory').textContent()).toMatch(/^White must capture: 28x19\b/);
    expect(await square('28').getAttribute('data-mark')).toBe('capture');
    expect(await square('19').getAttribute('data-mark')).toBe('last');
    await capture('move');

    // A capture under way: the piece has jumped, the captured one is still to be taken off.
    await lift('28');
    await place('19');
    await expect.poll(() => square('23').getAttribute('data-mark')).toBe('remove');
    await capture('capture');
    await lift('23');
    await moveCount(3);
    await lift('14');
    await place('23');
    await lift('19');
    await moveCount(4);

    // The irregularity: White touches 31, puts it back and moves 33-28 (touch-move, 3.11).
    // Black decides (5.4); the panel says so, says what each choice does, and is in view
    // without scrolling at both sizes.
    await lift('31');
    await place('31');
    await lift('33');
    await place('28');
    const panel = testid('irregularity');
    await panel.waitFor({ state: 'visible' });
    expect(await testid('irregularity-who').textContent()).toMatch(/^Black decides \(FMJD 5\.4\)/);
    expect(await testid('accept').textContent()).toMatch(/^Black accepts: \S/);
    expect(await testid('correct').textContent()).toMatch(/^Black has it corrected: \S/);
    expect(await testid('irregularity-required').textContent()).toMatch(/31/);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.evaluate('window.scrollTo(0, 0)');
      for (const id of ['irregularity', 'irregularity-who', 'irregularity-required', 'accept', 'correct']) {
        expect(inside(await testid(id).boundingBox(), size), `${id} in view at ${size.name}`).toBe(true);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await capture('irregularity');

    // Black has it corrected, with the page's button: the buttons go, the guidance says in
    // words how to put the position back, and the board marks it step by step as the LEDs
    // show it (5.8): first the square to clear, then the one to fill.
    await testid('correct').click();
    await expect.poll(() => panel.getAttribute('class')).toBe('irregularity correcting');
    expect(await testid('accept').isVisible()).toBe(false);
    expect(await testid('correct').isVisible()).toBe(false);
    await testid('guidance').waitFor({ state: 'visible' });
    expect(await testid('guidance-message').textContent()).toMatch(/28.*33/);
    await expect.poll(() => square('28').getAttribute('data-mark')).toBe('clear');
    await capture('correction');
    await lift('28');
    await expect.poll(() => square('33').getAttribute('data-mark')).toBe('fill');

    // Put back: the touched piece must be played (3.11), said in words and marked on the board.
    await place('33');
    await expect.poll(() => testid('obligation').textContent()).toMatch(/31/);
    expect(await square('31').getAttribute('data-mark')).toBe('obligation');
    await capture('obligation');

    // Review while the game goes on: Home shows the start, Right the position after 32-28,
    // marked as not live; the board does not answer the hands; White's move arrives in the list
    // and the review stays; End is the live board again.
    await page.locator('body').press('Home');
    await page.locator('body[data-review="0"]').waitFor({ state: 'attached' });
    expect(await square('32').getAttribute('data-piece')).toBe('wm');
    expect(await testid('review-banner').isVisible()).toBe(true);
    // The "not live" tag covers no square: the reviewed position is seen whole.
    const tag = (await page.locator('#review-tag').boundingBox())!;
    expect(tag.y + tag.height).toBeLessThanOrEqual((await testid('board').boundingBox())!.y);
    await page.locator('body').press('ArrowRight');
    await page.locator('body[data-review="1"]').waitFor({ state: 'attached' });
    expect(await square('32').getAttribute('data-piece')).toBe('');
    expect(await square('28').getAttribute('data-piece')).toBe('wm');
    const commandsBefore = sent.length;
    await square('20').click({ force: true });
    await lift('31');
    await place('27');
    await moveCount(5);
    expect(await page.locator('body').getAttribute('data-review')).toBe('1');
    expect(await square('27').getAttribute('data-piece')).toBe('');
    expect(sent.length).toBe(commandsBefore);
    await capture('review');
    await page.locator('body').press('End');
    await page.locator('body[data-review="live"]').waitFor({ state: 'attached' });
    expect(await square('27').getAttribute('data-piece')).toBe('wm');
    // White's attempt 33-28, corrected, is noted under White's third move, not under Black's 14x23.
    const row = (n: number) => page.locator('[data-testid=moves] > li').nth(n - 1);
    expect(await row(3).locator('.notes').textContent()).toMatch(/Corrected at Black's request/);
    expect(await row(2).locator('.notes').count()).toBe(0);
    expect(await testid('review-banner').isVisible()).toBe(false);
    // A move in the list shows the board after it; the button brings the live game back.
    await page.locator('[data-testid=moves] .move[data-ply="3"]').click();
    await page.locator('body[data-review="3"]').waitFor({ state: 'attached' });
    expect(await square('19').getAttribute('data-piece')).toBe('wm');
    expect(await square('23').getAttribute('data-piece')).toBe('');
    await testid('live').click();
    await page.locator('body[data-review="live"]').waitFor({ state: 'attached' });

    // A draw offered (FMJD 7.3.1): a banner says who offers it, with the answers of the side
    // offered; Black declines, the banner goes and the list notes it on Black's turn.
    await testid('draw-white').click();
    await testid('draw-offer').waitFor({ state: 'visible' });
    expect(await testid('draw-offer-text').textContent()).toBe('White offers a draw.');
    expect(await testid('draw-accept').textContent()).toBe('Black accepts the draw');
    expect(await testid('draw-decline').textContent()).toBe('Black declines the draw');
    await capture('draw-offer');
    await testid('draw-decline').click();
    await expect.poll(() => sent.at(-1)).toBe('{"type":"decline-draw","color":"black"}');
    await testid('draw-offer').waitFor({ state: 'hidden' });
    expect((await view(url)).drawOffer).toBeNull();
    expect(await row(3).locator('.notes').textContent()).toMatch(/White offered a draw\..*Black declined the draw offered by White, playing on\./);

    // The result: Black resigns (pressed twice, as the page asks). What still applies stays:
    // the result ends the move list, the board's clock and j'adoube buttons go; a position
    // reviewed is not the final one, and the way back is to the final position, not a live game.
    await testid('resign-black').click();
    await testid('resign-black').click();
    await testid('result').waitFor({ state: 'visible' });
    expect(await testid('result').textContent()).toMatch(/^2-0\b/);
    expect(await testid('turn').textContent()).toBe('Game over');
    expect(await page.locator('[data-testid=moves] > li').last().getAttribute('data-testid')).toBe('moves-result');
    expect(await testid('moves-result').textContent()).toBe(await testid('result').textContent());
    expect(await testid('clock').isVisible()).toBe(false);
    expect(await testid('jadoube').isVisible()).toBe(false);
    expect(await testid('draw-offer').isVisible()).toBe(false);
    await capture('result');
    await page.locator('body').press('Home');
    await page.locator('body[data-review="0"]').waitFor({ state: 'attached' });
    expect(await testid('review-banner').textContent()).toMatch(/the game is over, and this is not its final position/);
    expect(await testid('review-banner').textContent()).not.toMatch(/goes on|live/);
    expect(await testid('live').textContent()).toBe('Back to the final position');
    await capture('result-review');
    await testid('live').click();
    await page.locator('body[data-review="live"]').waitFor({ state: 'attached' });

    // A new game after the result: the page asks for it, and the board starts again.
    await testid('new-game').click();
    await expect.poll(() => sent.at(-1)).toBe('{"type":"new-game"}');
    await testid('result').waitFor({ state: 'hidden' });
    expect(await page.locator('[data-testid=moves] .move[data-ply]').count()).toBe(0);
    // The return game: colours swapped (the session's new game).
    await expect.poll(() => page.locator('#name-white').textContent()).toBe('Bert');

    // Set up the start position as the board's guidance asks: the pieces the game has where the
    // board has none are put down, the others taken off.
    const setup = await view(url);
    for (const s of setup.squares) if (s.sensed && !s.piece) await lift(s.name);
    for (const s of setup.squares) if (!s.sensed && s.piece) await place(s.name);
    await testid('guidance').waitFor({ state: 'hidden' });

    // Black accepts this time: the irregular move stands (5.4), marked in the list with its
    // code and article, and the decision is no longer asked for.
    await lift('31');
    await place('31');
    await lift('33');
    await place('28');
    await testid('accept').waitFor({ state: 'visible' });
    expect(await testid('accept').textContent()).toMatch(/^Black accepts: /);
    await testid('accept').click();
    const irregular = page.locator('[data-testid=moves] .move.irregular[data-ply="1"]');
    await irregular.waitFor({ state: 'attached' });
    expect(await irregular.getAttribute('aria-label')).toBe('1. 33-28, irregular: touch-move, article 5.4.3');
    // Marked with a flag, not `!` (a good move in draughts notation); its note said once.
    expect(await irregular.textContent()).not.toMatch(/[!?]/);
    const notes = await page.locator('[data-testid=moves] .notes li').allTextContents();
    expect(notes.filter((n) => /touch-move/.test(n))).toHaveLength(1);
    expect(notes[0]).toMatch(/^33-28: White touched the piece on 31\b.*\(touch-move, article 5\.4\.3\)/);
    expect(await testid('accept').isVisible()).toBe(false);
    expect(await testid('correct').isVisible()).toBe(false);
    await capture('accepted');

    // The scoresheet downloads under the name the host gives it.
    expect(await testid('pdn-link').getAttribute('download')).toBe((await view(url)).pdnName);

    console.log(`pageViews.test.ts: ${shots.length} screenshots in ${shotDir}, each audited by axe-core, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(audits).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
