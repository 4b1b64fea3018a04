// The viewer page of a broadcast (issue 15) in Chromium, served by the broadcast server
// (host/broadcast/server.ts) from a round store, the way `dambord` serves an event's round:
// three boards (one international, one with an irregularity waiting for Black's decision and
// its link lost, one English 8x8). The page shows the cards in board order with their words and
// badges; a move put in the store reaches its card; board 2 on its own shows the
// move list in pairs with the irregular move's article, the clocks and the irregularity as the
// arbiter sees it; the back button returns to the round. Then the viewer's stream is cut from
// the server's side while two more moves are put: the page says it is reconnecting, comes back
// with Last-Event-ID and has both moves, none doubled, even when the relay replays two events
// it already had. axe-core finds no violations on either view; the page reports no errors.
//
// The stream is cut by a TCP proxy between Chromium and the server (the server keeps its
// sockets to itself): it destroys the connections that carried the event stream, both ends.
import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parseFen, parseMoveText, play, squareName, variants } from '../rules/index.ts';
import type { Position, VariantName } from '../rules/index.ts';
import { boardText } from '../host/game/view.ts';
import { createRoundStore } from '../host/broadcast/store.ts';
import type { RoundStore } from '../host/broadcast/store.ts';
import { nodeStoreHost } from '../host/broadcast/storeHost.ts';
import { startBroadcastServer } from '../host/broadcast/server.ts';
import type { BroadcastServer } from '../host/broadcast/server.ts';
import type { BoardState, BroadcastMove } from '../host/broadcast/types.ts';
import type { IrregularityView } from '../host/game/types.ts';
import { addAxe, axeViolations, hasChromium as chromiumHere, launchChromium, watchedPage } from './chromium.ts';

const hasChromium = chromiumHere('watchPage.test.ts');

const EVENT = 'Club night';
/** The broadcast delay: 15 minutes, with the store's clock 15 minutes ahead, so states made now are shown at once. */
const DELAY = 15 * 60_000;

/** An irregular move that stands: the move and its code and article. */
type Played = string | { text: string; irregular: { code: string; article: string } };

/** The game after `played` from the variant's start: the position, whose turn, the moves and the last move's squares. */
function game(name: VariantName, played: readonly Played[]): Pick<BoardState, 'position' | 'turn' | 'moves' | 'lastMove' | 'variant' | 'size'> {
  const v = variants[name];
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error(`${name}: the start FEN does not read`);
  let pos: Position = start.position;
  const moves: BroadcastMove[] = [];
  let lastMove: BoardState['lastMove'] = null;
  for (const p of played) {
    const text = typeof p === 'string' ? p : p.text;
    const parsed = parseMoveText(pos, text);
    if (!parsed.ok) throw new Error(`${name}: ${text} is not legal here`);
    const m = parsed.move;
    moves.push({ ply: moves.length + 1, side: pos.turn, text, irregular: typeof p === 'string' ? null : p.irregular });
    lastMove = { squares: [m.from, ...m.path].map((sq) => squareName(v, sq)), captured: m.captured.map((sq) => squareName(v, sq)) };
    pos = play(pos, m);
  }
  return { variant: name, size: v.geometry.size, position: boardText(pos), turn: pos.turn, moves, lastMove };
}

/** The states' times: each later than the one before (the store takes no older state for a board). */
let tick = Date.now() - 60_000;

function state(board: number, players: [string, string], g: ReturnType<typeof game>, over: Partial<BoardState> = {}): BoardState {
  return {
    event: EVENT,
    round: '3',
    board,
    players: { white: players[0], black: players[1] },
    ...g,
    clock: null,
    result: null,
    irregularity: null,
    link: 'connected',
    // The scoresheet of the moves (the relay replays it against them).
    pdn: `[Event "${EVENT}"]\n[Round "3"]\n[White "${players[0]}"]\n[Black "${players[1]}"]\n\n${[...g.moves.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m.text}` : m.text)), '*'].join(' ')}`,
    t: ++tick,
    ...over,
  };
}

// -- the three boards -------------------------------------------------------------------------------

const ANNA: [string, string] = ['Anna', 'Bert'];
const CLARA: [string, string] = ['Clara', 'Daan'];
const EVA: [string, string] = ['Eva', 'Femke'];
const board1 = (moves: string[]) =>
  state(1, ANNA, game('international', moves), {
    clock: { white: 300_000 - moves.length * 1000, black: 270_000, running: moves.length % 2 === 0 ? 'white' : 'black', control: '5:00' },
  });
/** Board 2: 2. 36-31 stood irregular (White touched 37 first, Black accepted it); now White touched 34 and moved 35-30: Black decides. */
const TOUCH: IrregularityView = {
  code: 'touch-move',
  article: '5.4.3',
  message: 'White touched the piece on 34 and moved the piece on 35 instead.',
  decision: 'decide',
  status: 'pending',
  decides: 'black',
  choices: { accept: '35-30 stands and Black moves next', correct: 'the position before the move is put back and White plays the piece on 34 (touched, 3.11)' },
  required: 'White must play the piece on 34 (touched, 3.11)',
};
const board2 = state(2, CLARA, game('international', ['31-26', '20-25', { text: '36-31', irregular: { code: 'touch-move', article: '5.4.3' } }, '15-20']), {
  clock: { white: 3_000_000, black: 2_700_000, running: null, control: '90 min' },
  irregularity: TOUCH,
  link: 'lost',
});
const board3 = state(3, EVA, game('english', ['11-15', '23-19']), { clock: { white: 600_000, black: 590_000, running: null, control: '10 min' } });

// -- a proxy that can cut the viewers' streams ------------------------------------------------------

interface Cutter {
  readonly port: number;
  /** The Last-Event-ID of each event-stream request, as Chromium sent it ('' for none). */
  readonly asked: string[];
  /** How many `board` events and `round` events each stream brought, in the order of `asked`. */
  readonly brought: { board: number; round: number }[];
  /** Destroys the connections that carried an event stream, both ends; returns how many. */
  cut(): number;
  /** The next stream request asks from this id instead of Chromium's (the relay then replays what the page has). */
  askFrom(id: string): void;
  close(): Promise<void>;
}

function cutter(target: number): Promise<Cutter> {
  const streams = new Set<Socket>();
  const all = new Set<Socket>();
  const asked: string[] = [];
  const brought: { board: number; round: number }[] = [];
  let instead: string | null = null;
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    all.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      all.delete(client);
      all.delete(upstream);
      streams.delete(client);
      streams.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      let text = chunk.toString('latin1');
      if (text.startsWith('GET /api/round/events')) {
        streams.add(client).add(upstream);
        const count = { board: 0, round: 0 };
        brought.push(count);
        upstream.on('data', (frames: Buffer) => {
          for (const m of frames.toString('utf8').matchAll(/^event: (board|round)$/gm)) count[m[1] as 'board' | 'round']++;
        });
        const id = /^last-event-id: *(.*?)\r$/im.exec(text)?.[1] ?? '';
        asked.push(id);
        if (instead !== null && id !== '') {
          text = text.replace(/^(last-event-id: *).*?\r$/im, `$1${instead}\r`);
          instead = null;
        }
        upstream.write(Buffer.from(text, 'latin1'));
      } else upstream.write(chunk);
    });
    upstream.pipe(client);
    for (const s of [client, upstream]) {
      s.on('error', end);
      s.on('close', end);
    }
    client.on('end', () => upstream.end());
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        asked,
        brought,
        cut() {
          const n = streams.size / 2;
          for (const s of [...streams]) s.destroy();
          return n;
        },
        askFrom(id) {
          instead = id;
        },
        close() {
          for (const s of all) s.destroy();
          return new Promise<void>((done) => server.close(() => done()));
        },
      });
    });
  });
}

// -- the test ---------------------------------------------------------------------------------------

const run: { browser: Browser | null; server: BroadcastServer | null; store: RoundStore | null; proxy: Cutter | null } = { browser: null, server: null, store: null, proxy: null };
afterAll(async () => {
  await run.browser?.close();
  await run.proxy?.close();
  await run.server?.close();
  run.store?.close();
});

describe('the viewer page in Chromium: every board of the round live, read-only', () => {
  it.skipIf(!hasChromium)('cards in board order, a move within 2 s, board 2 on its own, back, a cut stream caught up with Last-Event-ID, no axe violations', async () => {
    const store = (run.store = createRoundStore({ event: EVENT, delayMs: DELAY }, { ...nodeStoreHost, now: () => Date.now() + DELAY }));
    expect(store.put(board1(['32-28', '19-23']))).toBe(true);
    expect(store.put(board2)).toBe(true);
    expect(store.put(board3)).toBe(true);
    run.server = await startBroadcastServer(store, { port: 0, host: '127.0.0.1' });
    const proxy = (run.proxy = await cutter(run.server.port));
    const url = `http://127.0.0.1:${proxy.port}`;

    run.browser = await launchChromium();
    const { page, errors } = await watchedPage(run.browser, { width: 1280, height: 800 });
    const testid = (id: string) => page.getByTestId(id);
    await page.goto(`${url}/`);
    await addAxe(page);

    // -- the round ---------------------------------------------------------------------------
    await page.locator('[data-testid=cards] a.card').nth(2).waitFor();
    await expect.poll(() => testid('connection').textContent()).toBe('live');
    expect(await testid('title').textContent()).toBe('Club night, round 3');
    expect(await testid('delay').textContent()).toBe('Moves and clocks are shown 15 minutes late.');
    expect(await page.locator('a.card .card-label').allTextContents()).toEqual([
      'Board 1: Anna (White) – Bert (Black), 1 move, White to move, last move 1... 19-23',
      'Board 2: Clara (White) – Daan (Black), 2 moves, White to move, last move 2... 15-20, board disconnected, irregularity: black decides',
      'Board 3: Eva (White) – Femke (Black), 1 move, Black to move, last move 1... 23-19',
    ]);
    // That sentence is the link's name, all a screen reader hears of the card.
    expect(await page.getByRole('link', { name: 'Board 3: Eva (White) – Femke (Black), 1 move, Black to move, last move 1... 23-19', exact: true }).getAttribute('href')).toBe('/?board=3');
    // The badges are seen, on the board they belong to only.
    await expect.poll(() => testid('card-2').getByTestId('badge-lost').isVisible()).toBe(true);
    expect(await testid('card-2').getByTestId('badge-lost').textContent()).toBe('Board disconnected');
    expect(await testid('card-2').getByTestId('badge-irregularity').textContent()).toBe('Irregularity: Black decides');
    expect(await page.getByTestId('badge-lost').count()).toBe(1);
    expect(await page.getByTestId('badge-irregularity').count()).toBe(1);
    // The small boards: drawn from the position, the last move tinted, hidden from screen readers; 50 and 32 squares.
    expect(await testid('card-1').locator('svg rect.dark').count()).toBe(50);
    expect(await testid('card-3').locator('svg rect.dark').count()).toBe(32);
    expect(await testid('card-1').locator('svg circle.piece').count()).toBe(40);
    expect(await testid('card-1').locator('svg rect.dark.last').count()).toBe(2);
    expect(await testid('card-1').locator('.card-body').getAttribute('aria-hidden')).toBe('true');
    const small = await testid('card-1').locator('.card-board').boundingBox();
    expect(small!.width).toBeGreaterThan(120);
    expect(small!.width).toBeLessThan(160);
    // The running clock is marked and counts down; the stopped ones stand.
    const whiteClock = testid('card-1').locator('.clock[data-side=white]');
    expect(await whiteClock.getAttribute('class')).toContain('running');
    const first = await whiteClock.textContent();
    expect(first).toMatch(/^4:[0-5]\d$/); // 4:58 when the card came, counted down since (seconds; longer on a busy machine)
    await expect.poll(() => whiteClock.textContent()).not.toBe(first);
    expect(await testid('card-2').locator('.clock[data-side=white]').textContent()).toBe('50:00');
    expect(await testid('card-3').locator('.clock[data-side=black]').textContent()).toBe('9:50');
    expect(await page.getByRole('link', { name: 'Download the round (PDN)' }).getAttribute('href')).toBe('/feed/round.pdn');
    // Read-only: the only buttons are the viewer's own (stepping through the game, turning the board round, the moves).
    expect(await page.locator('button:not([data-step], #flip, #moves button)').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // -- a move reaches its card ---------------------------------------------------------------
    expect(store.put(board1(['32-28', '19-23', '28x19']))).toBe(true);
    await expect.poll(() => testid('card-1').locator('.card-label').textContent(), { interval: 50 }).toBe(
      'Board 1: Anna (White) – Bert (Black), 2 moves, Black to move, last move 2. 28x19',
    );
    expect(await testid('card-1').getByTestId('card-last').textContent()).toBe('2. 28x19 · Black to move');
    // The capture: 28x19 took the man on 23; the squares left and reached are tinted, the captured one marked.
    expect(await testid('card-1').locator('svg circle.piece').count()).toBe(39);
    expect(await testid('card-1').locator('svg rect.dark.captured').count()).toBe(1);

    // -- board 2 on its own -------------------------------------------------------------------
    await testid('card-2').click();
    await testid('board-view').waitFor();
    expect(new URL(page.url()).search).toBe('?board=2');
    expect(await testid('round-view').isHidden()).toBe(true);
    expect(await testid('board-heading').textContent()).toBe('Board 2: Clara – Daan');
    expect(await page.evaluate('document.activeElement?.id')).toBe('board-heading');
    expect(await testid('moves').locator('li').allTextContents()).toEqual(['1. 31-26 20-25', '2. 36-31 (irregular: touch-move, article 5.4.3) 15-20']);
    expect(await testid('moves').locator('.move.irregular').textContent()).toBe('36-31');
    expect(await testid('clock-white').textContent()).toBe('50:00');
    expect(await testid('clock-black').textContent()).toBe('45:00');
    expect(await testid('clock-white').getAttribute('aria-label')).toBe('White\'s clock: 50:00');
    expect(await testid('irregularity-code').textContent()).toBe('touch-move');
    expect(await testid('irregularity-article').textContent()).toBe('article 5.4.3');
    expect(await testid('irregularity-message').textContent()).toBe(TOUCH.message);
    expect(await testid('irregularity-status').textContent()).toBe('Pending: waiting for Black\'s decision');
    expect(await testid('irregularity-who').textContent()).toBe('Black decides (FMJD 5.4): accept the move or have it corrected.');
    expect(await testid('irregularity-required').textContent()).toBe('The rules required: White must play the piece on 34 (touched, 3.11)');
    expect(await testid('irregularity-choices').textContent()).toContain('35-30 stands and Black moves next');
    expect(await testid('link-lost').isVisible()).toBe(true);
    expect(await testid('result').isHidden()).toBe(true);
    expect(await testid('big-board').getAttribute('aria-label')).toMatch(/^The position on board 2, white to move\. White: men on 26, 31, 32, .* and 50\. Black: men on 1, .* and 25\.$/);
    expect(await testid('board-pdn').getAttribute('href')).toBe('/feed/board/2.pdn');
    // Read-only: the only buttons are the viewer's own (stepping through the game, turning the board round, the moves).
    expect(await page.locator('button:not([data-step], #flip, #moves button)').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // -- back to the round, with the back button --------------------------------------------------
    await page.goBack();
    await testid('round-view').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await testid('board-view').isHidden()).toBe(true);
    expect(await page.evaluate("document.activeElement?.getAttribute('data-board')")).toBe('2');

    // -- board 1: a move said in the polite region ---------------------------------------------
    await testid('card-1').click();
    await expect.poll(() => testid('board-heading').textContent()).toBe('Board 1: Anna – Bert');
    expect(store.put(board1(['32-28', '19-23', '28x19', '14x23']))).toBe(true);
    await expect.poll(() => testid('announce').textContent(), { interval: 50 }).toBe('Black: 14x23.');
    expect(await testid('announce').getAttribute('aria-live')).toBe('polite');
    expect(await axeViolations(page)).toEqual([]);

    // -- the stream cut from the server's side while two moves are put ---------------------------------
    const before = store.counts().shown;
    // The relay replays the last two events the page has before the two it missed: none may be doubled.
    proxy.askFrom(`${/^id: (\w+)\./.exec(store.snapshotFrame())![1]}.${before - 2}`);
    expect(proxy.cut()).toBe(1);
    expect(store.put(board1(['32-28', '19-23', '28x19', '14x23', '37-32']))).toBe(true);
    expect(store.put(board1(['32-28', '19-23', '28x19', '14x23', '37-32', '10-14']))).toBe(true);
    await expect.poll(() => testid('connection').textContent(), { interval: 20 }).toBe('reconnecting…');
    await expect.poll(() => testid('moves').locator('.move').allTextContents()).toEqual(['32-28', '19-23', '28x19', '14x23', '37-32', '10-14']);
    await expect.poll(() => testid('connection').textContent()).toBe('live');
    expect(proxy.asked).toHaveLength(2);
    expect(proxy.asked[0]).toBe('');
    expect(proxy.asked[1]).toMatch(new RegExp(`^\\w+\\.${before}$`));
    // The first stream: the round, then the board events of the two moves put since; the second: the two events replayed and the two missed.
    expect(proxy.brought).toEqual([{ round: 1, board: 2 }, { round: 0, board: 4 }]);
    const body = await page.evaluate('({ ...document.body.dataset })');
    // Caught up with the changes missed, not with a fresh round; no revision skipped.
    expect(body).toMatchObject({ gaps: '0', rounds: '1', view: 'board' });
    expect(await testid('moves').locator('li').allTextContents()).toEqual(['1. 32-28 19-23', '2. 28x19 14x23', '3. 37-32 10-14']);
    expect(await testid('clock-white').getAttribute('class')).toContain('running');
    expect(errors).toEqual([]);
  });
});
