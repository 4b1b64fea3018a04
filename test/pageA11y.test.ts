// The issue (dambord 14, item 6): "The page for screen readers: one polite live region for moves
// and one assertive for irregularities, repeated text re-announced, every square a labelled
// control, the whole game playable from the keyboard; an axe-core audit in Chromium reports no
// violations, and a test reads the accessibility tree after each move." `dambord play` runs as
// a real process on the simulated board; Chromium opens its page and the test plays with the
// keyboard alone (Tab, Shift+Tab, the arrows, Enter): no click, no command sent by the test.
//
// The game (international, FMJD), from the start position with White's man on 31 a king (the
// board senses pieces, not crowns, so it is set up as it comes out of the box): 1. 32-28 19-23
// 2. 28x19 (compulsory, 4.2) 14x23 3. K31-26 10-14 4. K26-31 5-10 5. K31-26 (the king's move
// again, word for word) 14-19; then White touches 33, puts it back and plays 34-30: a
// touch-move (3.11) that Black, the opponent, decides (5.4). Black has it corrected (5.8), the
// position is put back, White makes the same irregular move again and Black accepts it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { play, view } from './playProcess.ts';
import type { PlayView } from '../host/game/types.ts';
import { addAxe, axeViolations, hasChromium as chromiumHere, launchChromium, pageRun, watchedPage } from './chromium.ts';

const hasChromium = chromiumHere('pageA11y.test.ts');

const work = mkdtempSync(join(tmpdir(), 'dambord-page-a11y-'));
/** The start position with White's man on 31 a king: the squares the board senses are the usual ones. */
const FEN = 'W:W32-50,K31:B1-20';
/** What the page's live regions were given, by id: the text of every element put into them (a MutationObserver's count). */
const LISTEN = `window.heard = { announce: [], alert: [] };
for (const id of Object.keys(window.heard)) new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) window.heard[id].push(n.textContent);
}).observe(document.getElementById(id), { childList: true });`;

/** The play process and Chromium, stopped (and the work folder removed) after the file's tests. */
const run = pageRun(work);

/** Where a square is in the board as drawn (not flipped): its row, and its place in that row. */
function placeOf(v: PlayView, name: string): { row: number; at: number } {
  const sq = v.squares.find((s) => s.name === name)!;
  return { row: sq.row, at: v.squares.filter((s) => s.row === sq.row && s.col < sq.col).length };
}

/** The accessible names of the board's squares, by square, from the accessibility tree as YAML (`- 'button "32: white man"'`). */
function squareNames(snapshot: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of snapshot.matchAll(/^\s*- '?button "((\w+): [^"]*)"/gm)) names.set(m[2], m[1]);
  return names;
}

describe('the page for screen readers, in Chromium, played from the keyboard', () => {
  it.skipIf(!hasChromium)('live regions polite and assertive, the same sentence said twice, every square a named control, the game played with Tab, the arrows and Enter; axe finds nothing', async () => {
    const started = Date.now();
    let url: string;
    ({ child: run.child, url } = await play(work, ['--fen', FEN, '--white', 'Anna', '--black', 'Bert']));
    run.browser = await launchChromium();
    const { page, errors: pageErrors } = await watchedPage(run.browser, { width: 1280, height: 800 });
    await page.goto(`${url}/`);
    await addAxe(page);
    await page.evaluate(LISTEN);
    await page.locator('[data-testid=link-state]', { hasText: /^connected/ }).waitFor().catch(async (e: unknown) => {
      const link = await page.getByTestId('link-state').textContent();
      throw new Error(`the page did not show the board connected: link "${link}", connection "${await page.getByTestId('connection').textContent()}", page errors ${JSON.stringify(pageErrors)}`, { cause: e });
    });
    await page.locator('body[data-control="true"]').waitFor({ state: 'attached' });
    const setup = Date.now() - started;
    const audits: string[] = [];
    const audit = async (state: string) => {
      for (const v of await axeViolations(page)) audits.push(`${state}: ${v}`);
    };
    await audit('start');

    // -- the keyboard ---------------------------------------------------------------------------
    const v0 = await view(url);
    const active = async () => (await page.evaluate('document.activeElement ? (document.activeElement.dataset.square ? `square ${document.activeElement.dataset.square}` : document.activeElement.id) : ""')) as string;
    /** Presses `key` until the focus is on `target` (a square: `square 32`, or an id); at most `most` times. */
    const tabTo = async (key: 'Tab' | 'Shift+Tab', target: (a: string) => boolean, most = 12) => {
      for (let i = 0; i < most && !target(await active()); i++) await page.keyboard.press(key);
      expect(target(await active()), `${key} to the target, at ${await active()}`).toBe(true);
    };
    /** Moves the focus from square to square with the arrows, to `name`. */
    const goTo = async (name: string) => {
      const from = placeOf(v0, (await active()).replace(/^square /, ''));
      const to = placeOf(v0, name);
      for (let i = 0; i < Math.abs(to.row - from.row); i++) await page.keyboard.press(to.row > from.row ? 'ArrowDown' : 'ArrowUp');
      for (let i = 0; i < Math.abs(to.at - from.at); i++) await page.keyboard.press(to.at > from.at ? 'ArrowRight' : 'ArrowLeft');
      expect(await active()).toBe(`square ${name}`);
    };
    /** Enter on the square `name`: lifts the piece on it, or puts the piece in hand down; waits until the board senses it. */
    const enter = async (name: string, sensed: boolean) => {
      await goTo(name);
      await page.keyboard.press('Enter');
      await page.locator(`[data-square="${name}"][data-sensed="${sensed}"]`).waitFor({ state: 'attached' });
    };
    let plies = 0;
    /** A move by the keyboard: lift, put down, take off each captured piece; waits for it in the move list. */
    const move = async (from: string, to: string, captured: string[] = []) => {
      await enter(from, false);
      await enter(to, true);
      for (const c of captured) await enter(c, false);
      await page.locator('[data-testid=moves] .move[data-ply]').nth(plies++).waitFor({ state: 'attached' });
    };

    // -- the accessibility tree -----------------------------------------------------------------
    const names = async () => squareNames(await page.getByTestId('board').ariaSnapshot());
    /** The text a live region holds now, as the accessibility tree has it. */
    const region = async (id: 'announce' | 'alert') => (await page.getByTestId(id).ariaSnapshot()).replace(/\s+/g, ' ');
    const heard = async (id: 'announce' | 'alert') => (await page.evaluate(`window.heard.${id}`)) as string[];
    /** After a move: each square's name in the tree starts as given, and the polite region says the move. */
    const check = async (said: string, squares: Record<string, string>) => {
      await expect.poll(() => region('announce')).toContain(said);
      const now = await names();
      for (const [sq, name] of Object.entries(squares)) expect(now.get(sq), `square ${sq}`).toMatch(new RegExp(`^${sq}: ${name}`));
    };

    // Every dark square is a button named by what stands on it; the light ones are not in the
    // tree. One square is in the tab order: Tab from the top of the page reaches it, and the
    // focus on it is seen (a white ring with black edges).
    const start = await names();
    expect(start.size).toBe(50);
    expect(start.get('31')).toBe('31: white king');
    expect(start.get('32')).toBe('32: white man');
    expect(start.get('1')).toBe('1: black man');
    expect(start.get('25')).toBe('25: empty');
    expect(await page.locator('#board [data-square][tabindex="0"]').count()).toBe(1);
    expect(await page.locator('#board .sq.light:not([aria-hidden="true"])').count()).toBe(0);
    await tabTo('Tab', (a) => a.startsWith('square '));
    expect(await page.evaluate('getComputedStyle(document.activeElement, "::after").borderTopWidth')).toBe('3px');
    expect(await page.getByTestId('keys-help').textContent()).toMatch(/arrow keys move\s+between the squares; Enter or Space/);

    // 1. 32-28: the squares it left and reached say so, the polite region says the move.
    await move('32', '28');
    await check('White: 32-28', { 32: 'empty, last move', 28: 'white man, last move' });
    await move('19', '23');
    await check('Black: 19-23', { 19: 'empty, last move', 23: 'black man' });
    await expect.poll(() => region('announce')).toContain('White must capture: 28x19');
    expect((await names()).get('28')).toMatch(/^28: white man, must capture/);

    // 2. 28x19, the capture: the piece jumps, the captured piece is named to take off, then taken.
    await enter('28', false);
    expect((await names()).get('28')).toMatch(/^28: white man, lifted\b/);
    await expect.poll(() => region('announce')).toContain('Lifted the white man from 28.');
    await enter('19', true);
    await expect.poll(async () => (await names()).get('23')).toMatch(/^23: black man, captured: take it off/);
    await expect.poll(() => region('announce')).toContain('Captured: take the piece off 23.');
    await enter('23', false);
    await page.locator('[data-testid=moves] .move[data-ply]').nth(plies++).waitFor({ state: 'attached' });
    await check('White: 28x19', { 28: 'empty, last move', 19: 'white man, last move', 23: 'empty' });
    await audit('after a capture');
    await move('14', '23', ['19']);
    await check('Black: 14x23', { 14: 'empty, last move', 19: 'empty', 23: 'black man, last move' });

    // 3.-5. The king goes 31-26, back, and 31-26 again: the same sentence is said again, each
    // time in an element of its own (a screen reader stays silent for text a region already holds).
    await move('31', '26');
    await check('White: 31-26', { 31: 'empty, last move', 26: 'white king, last move' });
    await move('10', '14');
    await check('Black: 10-14', { 14: 'black man, last move' });
    await move('26', '31');
    await check('White: 26-31', { 26: 'empty, last move', 31: 'white king, last move' });
    await move('5', '10');
    await check('Black: 5-10', { 10: 'black man, last move' });
    await move('31', '26');
    await check('White: 31-26', { 31: 'empty, last move', 26: 'white king, last move' });
    expect((await heard('announce')).filter((t) => t.includes('White: 31-26'))).toHaveLength(2);
    await move('14', '19');
    await check('Black: 14-19', { 19: 'black man, last move' });

    // The irregularity: White touches 33, puts it back and plays 34-30 (touch-move, 3.11).
    // The assertive region says it and who decides, the polite one does not; the squares say
    // where it is; the panel is open, and axe finds nothing.
    await enter('33', false);
    await enter('33', true);
    await expect.poll(() => region('announce')).toContain('White must play the piece on 33');
    await enter('34', false);
    await enter('30', true);
    const irregularity = /^Irregularity, article 5\.4\.3: .*33.* Black decides: accept or correct\.$/;
    await expect.poll(async () => (await heard('alert')).at(-1)).toMatch(irregularity);
    const sentence = (await heard('alert')).at(-1)!;
    expect(await region('alert')).toContain(sentence);
    expect(await region('announce')).not.toContain('Irregularity');
    await page.getByTestId('irregularity').waitFor({ state: 'visible' });
    expect([...(await names()).values()].some((n) => / irregularity here/.test(n))).toBe(true);
    await audit('the irregularity panel open');

    // Black has it corrected, from the keyboard: Shift+Tab from the board reaches the panel's
    // buttons, named for Black, and their focus is seen.
    await tabTo('Shift+Tab', (a) => a === 'btn-correct');
    expect(await page.getByTestId('correct').textContent()).toMatch(/^Black has it corrected: /);
    expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).toBe('solid');
    await page.keyboard.press('Enter');
    await expect.poll(() => region('announce')).toContain('Put the position back');
    await tabTo('Tab', (a) => a.startsWith('square '));
    await enter('30', false);
    await enter('34', true);
    await expect.poll(() => page.getByTestId('guidance').isHidden()).toBe(true);

    // The same irregular move again: the same sentence, said again in the assertive region.
    await enter('34', false);
    await enter('30', true);
    await expect.poll(async () => (await heard('alert')).filter((t) => t === sentence)).toHaveLength(2);
    expect(await heard('alert')).toEqual([sentence, sentence]);
    expect(await region('alert')).toContain(sentence);

    // Black accepts it: the move stands, irregular, and is said politely.
    await tabTo('Shift+Tab', (a) => a === 'btn-accept');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=moves] .move.irregular').waitFor({ state: 'attached' });
    await check('White: 34-30 (irregular, article 5.4.3)', { 34: 'empty, last move', 30: 'white man, last move' });
    await audit('the irregular move accepted');

    // Left and Right off the board still step through the moves; End returns.
    await page.keyboard.press('ArrowLeft');
    await page.locator('body[data-review]:not([data-review="live"])').waitFor({ state: 'attached' });
    await page.keyboard.press('End');
    await page.locator('body[data-review="live"]').waitFor({ state: 'attached' });
    // Sentences within one moment of each other are read as one (live.js): the answer below is
    // asked once the return to the live game has been said, so that it stands alone on any machine.
    await expect.poll(async () => (await heard('announce')).at(-1)).toMatch(/Back to the live game\.$/);

    // Questions from the keyboard (the board as keyboard, on the page): M the last move, M again
    // the last two, T whose turn; the answers in the polite region.
    await page.keyboard.press('m');
    await expect.poll(async () => (await heard('announce')).at(-1)).toBe('The last move: White 34 to 30.');
    await page.keyboard.press('m');
    await expect.poll(async () => (await heard('announce')).at(-1)).toMatch(/^The last 2 moves: Black .* and White 34 to 30\.$/);
    await page.keyboard.press('t');
    await expect.poll(async () => (await heard('announce')).at(-1)).toMatch(/^Black to move, move \d+\.$/);

    console.log(`pageA11y.test.ts: ${(await view(url)).moves.length} plies by the keyboard, 3 axe audits, in ${((Date.now() - started) / 1000).toFixed(1)} s (setup ${(setup / 1000).toFixed(1)} s)`);
    expect(audits).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
