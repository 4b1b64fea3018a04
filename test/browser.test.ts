// The issue: "A browser test (playwright-core with Debian's chromium, headless) that plays a
// complete real game from test/fixtures/oracles/games/ by clicking on the page against the simulated
// board running the real firmware, checks the move list and the final PDN, and saves a
// screenshot." `dambord play` runs as a real process (the committed firmware in avr8js, the
// serial link, the referee); Chromium opens its page and the test's clicks are the hands.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { play, stop, view } from './playProcess.ts';
import { formatMove, legalMoves, normaliseResult, parseFen, readPdn, squareName, variants, writeFen } from '../rules/index.ts';
import type { PdnPly } from '../rules/index.ts';
import { fetchStandardFirmata } from '../hardware/firmata/fetch.mjs';
import { oracleTexts } from './oracles.ts';
import { hasChromium as chromiumHere, launchChromium, pageRun } from './chromium.ts';
import { WAIT_LIMIT_MS } from './limits.ts';

const hasChromium = chromiumHere('browser.test.ts');

const work = mkdtempSync(join(tmpdir(), 'dambord-browser-'));
const shotDir = join(tmpdir(), 'dambord-browser');

/** The play process and Chromium, stopped (and the work folder removed) after the file's tests. */
const run = pageRun(work);

/** The moves as the page numbers them: `1. c3-b4 b6-c5`, one item per pair (white moves first). */
function pairs(texts: readonly string[]): string[] {
  const rows: string[] = [];
  for (let i = 0; i < texts.length; i += 2) rows.push(`${i / 2 + 1}. ${texts.slice(i, i + 2).join(' ')}`);
  return rows;
}

// A real Brazilian game (brazilian_random_pdns.json, its second game): 34 plies, 16 pieces
// captured, Black wins 0-2 when White has no pieces left, so it ends by the rules.
const variant = variants.brazilian;
const GAME_FILE = 'brazilian_random_pdns.json';
const GAME_INDEX = 1;

// The same game on both simulated boards: the dambord firmware, and stock StandardFirmata on a
// Mega read through johnny-five (`--firmata`; skipped, saying why, when it cannot be fetched).
const firmata = fetchStandardFirmata();
const boards = [
  { board: 'the simulated board', args: [], skip: '', shotName: 'last-game.png' },
  { board: `the simulated Firmata board${firmata.ok ? '' : ` — SKIPPED: ${firmata.error}`}`, args: ['--firmata'], skip: firmata.ok ? '' : firmata.error, shotName: 'last-game-firmata.png' },
];

describe.each(boards)('the page plays a real game on $board', ({ args, skip, shotName }) => {
  it.skipIf(!hasChromium || skip !== '')(`${GAME_FILE} #${GAME_INDEX} (brazilian) clicked through in headless Chromium: move list, PDN, result, screenshot`, async () => {
    const shot = join(shotDir, shotName);
    const started = Date.now();
    const game = readPdn(oracleTexts(GAME_FILE)[GAME_INDEX], { variant }).games[0];
    expect(game.error).toBeNull();
    const line = game.line.flatMap((p): PdnPly[] => (p.kind === 'ply' ? [p] : []));
    const expected = line.map((p) => formatMove(p.before, p.move));
    // The game must be one the hands can click: from the start position, and no capture that
    // ends where it began (clicking the from square again would lift, not place).
    const standard = parseFen(variant, variant.startFen);
    expect(standard.ok && writeFen(standard.position) === writeFen(game.start)).toBe(true);
    expect(line).toHaveLength(game.line.length);
    expect(line.every((p) => p.move.from !== p.move.to)).toBe(true);
    const endedByRules = legalMoves(game.end).length === 0;
    expect(endedByRules).toBe(true);

    let url: string;
    ({ child: run.child, url } = await play(work, ['--variant', 'brazilian', ...args]));
    run.browser = await launchChromium();
    const page: Page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(WAIT_LIMIT_MS); // a hang guard: a busy machine makes the game slower, never red
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    // A failed request is reported by its address (the console only says "404"), the icon's
    // too: the page links one (/favicon.svg), so the browser asks for nothing missing.
    page.on('response', (r) => {
      if (r.status() >= 400) pageErrors.push(`${r.status()} ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push(m.text());
    });
    await page.goto(`${url}/`);
    // The waits are on the page's DOM (the tests' tsconfig has no DOM types, so no page functions).
    /** Waits for an element, and on a timeout says what the referee thought of the board. */
    const waitOn = async (what: string, target: Locator): Promise<void> => {
      try {
        await target.waitFor({ state: 'attached' });
      } catch (e) {
        const v = await view(url);
        const why = JSON.stringify({ irregularity: v.irregularity, guidance: v.guidance, moves: v.moves.length, log: v.log.slice(-5), pageErrors });
        throw new Error(`timed out waiting for ${what}: ${why}`, { cause: e });
      }
    };
    await waitOn('the board link', page.locator('[data-testid=link-state]', { hasText: args.includes('--firmata') ? /^connected \(StandardFirmata\.ino 2\.3\)/ : /^connected \(dambord \d/ }));
    const setup = Date.now() - started;

    const click = async (square: string, type: 'lift' | 'place') => {
      await page.click(`[data-square="${square}"]`);
      await waitOn(`${type} ${square}`, page.locator(`[data-square="${square}"][data-sensed="${type === 'place'}"]`));
    };

    // Every ply by hand: lift the piece, put it down, then take off each captured piece.
    for (let i = 0; i < line.length; i++) {
      const m = line[i].move;
      await click(squareName(variant, m.from), 'lift');
      await click(squareName(variant, m.to), 'place');
      for (const c of m.captured) await click(squareName(variant, c), 'lift');
      await waitOn(`ply ${i + 1} (${expected[i]}) in the move list`, page.locator('[data-testid=moves] .move[data-ply]').nth(i));
    }

    // The move list on the page is the game's.
    const rows = await page.locator('[data-testid=moves] > li:not([data-testid=moves-result])').allTextContents();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(pairs(expected));
    expect((await view(url)).moves.map((m) => m.text)).toEqual(expected);

    // It ended by the rules: the page shows the game's result.
    const result = page.getByTestId('result');
    await result.waitFor({ state: 'visible' });
    expect(await result.textContent()).toMatch(new RegExp(`^${normaliseResult(game.result ?? '', variant).replace(/-/g, '\\-')}\\b`));
    expect(await page.getByTestId('turn').textContent()).toBe('Game over');
    expect(await page.getByTestId('irregularity').isHidden()).toBe(true);
    // The result ends the move list, in sight in the list's scrolled box; the hands' help is gone.
    expect(await page.locator('[data-testid=moves] > li').last().getAttribute('data-testid')).toBe('moves-result');
    expect(await page.getByTestId('moves-result').textContent()).toBe(await result.textContent());
    const list = (await page.getByTestId('moves').boundingBox())!;
    const end = (await page.getByTestId('moves-result').boundingBox())!;
    expect(end.y + end.height).toBeLessThanOrEqual(list.y + list.height + 0.5);
    expect(await page.locator('#sim-help').isVisible()).toBe(false);

    // The scoresheet behind the page's link reads back to the same moves and result.
    const href = await page.getByTestId('pdn-link').getAttribute('href');
    expect(href).toBe('/game.pdn');
    const pdn = await (await fetch(new URL(href!, url))).text();
    const read = readPdn(pdn, { variant }).games[0];
    expect(read.error).toBeNull();
    expect(read.line.flatMap((p) => (p.kind === 'ply' ? [formatMove(p.before, p.move)] : []))).toEqual(expected);
    expect(normaliseResult(read.result ?? '', variant)).toBe(normaliseResult(game.result ?? '', variant));

    mkdirSync(shotDir, { recursive: true });
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`browser.test.ts: ${line.length} plies in ${((Date.now() - started) / 1000).toFixed(1)} s (setup ${(setup / 1000).toFixed(1)} s); screenshot ${shot}`);
    expect(pageErrors).toEqual([]);

    await stop(run.child);
    await run.browser.close();
    run.browser = null;
  });
});
