// The hardening issue: "The page's control API has no authentication and no Host or Origin
// check: a page on any site can reach http://127.0.0.1:8080 through DNS rebinding and end the
// game with one POST {"type":"draw"}; with --host 0.0.0.0 anyone on the network can accept,
// correct, resign for either side or play the simulator's pieces." `dambord play` runs as a
// real process on the simulated board; headless Chromium is the stranger: a page of another
// origin, a page reached through a foreign DNS name, and pages with and without the token.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { play, stop, view, waitFor } from './playProcess.ts';
import { hasChromium as chromiumHere, launchChromium } from './chromium.ts';

const hasChromium = chromiumHere('browserOrigin.test.ts');

const work = mkdtempSync(join(tmpdir(), 'dambord-origin-'));
const children: ChildProcess[] = [];
let browser: Browser | null = null;
let hostile: Server | null = null;

beforeAll(async () => {
  if (!hasChromium) return;
  // evil.example is the attacker's DNS name, answering with this computer's address: DNS rebinding.
  browser = await launchChromium(['--host-resolver-rules=MAP evil.example 127.0.0.1']);
});

afterAll(async () => {
  await browser?.close();
  hostile?.close();
  for (const child of children) await stop(child);
  rmSync(work, { recursive: true, force: true });
});

/** A command as a program sends it (no Origin), with the token when given: the status and the error. */
async function post(url: string, body: object, token?: string): Promise<{ status: number; error?: string }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${url}/api/command`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, error: ((await res.json()) as { error?: string }).error };
}

/** The statuses of the game server's answers to `path` that `page` saw, preflights included. */
function answers(page: Page, port: number, path: string): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.port === String(port) && u.pathname === path) seen.push(`${r.request().method()} ${r.status()}`);
  });
  return seen;
}

describe.skipIf(!hasChromium)('strangers at the controls', () => {
  it('a page of another origin cannot end the game on 127.0.0.1, nor can one reached through a foreign DNS name (rebinding)', async () => {
    const { child, url } = await play(work, []);
    children.push(child);
    await waitFor('the board', async () => (await view(url)).link.state === 'connected');
    const port = Number(new URL(url).port);

    // The hostile page, from a second server: another port is another origin. It tries what a
    // page can without the server's consent: a plain fetch, a no-cors fetch, a JSON fetch
    // (which needs a preflight) and a form posted into a hidden frame.
    hostile = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>hostile</title>
<iframe name="sink" hidden></iframe>
<form id="f" method="POST" action="${url}/api/command" enctype="text/plain" target="sink"><input name='{"type":"draw","x":"' value='"}'></form>
<script>
  const target = ${JSON.stringify(`${url}/api/command`)};
  const body = '{"type":"draw"}';
  const tries = [
    fetch(target, { method: 'POST', body }),
    fetch(target, { method: 'POST', body, mode: 'no-cors' }),
    fetch(target, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } }),
  ].map((p) => p.then((r) => 'answered ' + r.status, (e) => 'failed'));
  document.getElementById('f').submit();
  Promise.all(tries).then((r) => { document.title = 'done ' + r.join(', '); });
</script>`);
    });
    await new Promise<void>((r) => hostile!.listen(0, '127.0.0.1', r));
    const page = await browser!.newPage();
    const seen = answers(page, port, '/api/command');
    await page.goto(`http://127.0.0.1:${(hostile.address() as AddressInfo).port}/`);
    await page.waitForFunction('document.title.startsWith("done")');
    // The plain fetch is not readable across origins: it fails; the no-cors one is opaque (0).
    expect(await page.title()).toBe('done failed, answered 0, failed');
    // What Chromium shows of the answers (the no-cors fetch and the form; not the one whose
    // answer CORS withheld, nor the preflight that stopped the JSON one): refused as another
    // origin's.
    await waitFor('the form and the no-cors fetch to be answered', async () => seen.length >= 2);
    expect(seen).toEqual(['POST 403', 'POST 403']);

    // DNS rebinding: the attacker's name now points here, so its page is same-origin with
    // the server; the server answers only to its own names.
    const rebound = await browser!.newPage();
    const seenRebound = answers(rebound, port, '/api/command');
    const first = await rebound.goto(`http://evil.example:${port}/`);
    expect(first?.status()).toBe(421);
    const status = await rebound.evaluate(`fetch('/api/command', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":"draw"}' }).then((r) => r.status)`);
    expect(status).toBe(421);
    expect(seenRebound).toEqual(['POST 421']);

    const v = await view(url);
    expect(v.result).toBeNull();
    expect(v.drawOffer).toBeNull();
    // The board's own page, opened as the person at the board does, still plays.
    expect(await post(url, { type: 'draw', color: 'white' })).toEqual({ status: 200, error: undefined });
    expect((await view(url)).drawOffer).toBe('white');
  });

  it('on the network only the token gives control: the page with it plays, without it only watches', async () => {
    // `dambord play --host 0.0.0.0`, which prints the addresses with the token.
    const bin = fileURLToPath(new URL('../host/cli/bin.js', import.meta.url));
    const child = spawn(process.execPath, [bin, 'play', '--http-port', '0', '--host', '0.0.0.0', '--games', join(work, 'net')], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const printed = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (/\?token=[\w-]+/.test(out)) resolve(out);
      });
      child.on('exit', (code) => reject(new Error(`dambord play exited ${code}: ${out}`)));
    });
    expect(printed).toMatch(/the game is at http:\/\/0\.0\.0\.0:\d+\//);
    expect(printed).toMatch(/only this address gives control of the game, keep it to the players: /);
    const [, port, token] = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([\w-]+)/.exec(printed)!;
    const url = `http://127.0.0.1:${port}`;
    await waitFor('the board', async () => (await view(url)).link.state === 'connected');

    // A program without the token, or with a wrong one, is refused; with it, taken.
    expect(await post(url, { type: 'resign', color: 'white' })).toEqual({ status: 401, error: 'this page only watches the game: to play, open the address with the token that dambord play printed' });
    expect((await post(url, { type: 'resign', color: 'white' }, `${token}x`)).status).toBe(401);
    const sensed = async (square: string) => (await view(url)).squares.find((q) => q.name === square)!.sensed;
    expect(await post(url, { type: 'lift', square: '32' }, token)).toEqual({ status: 200, error: undefined });
    await waitFor('32 lifted', async () => !(await sensed('32')));
    expect(await post(url, { type: 'place', square: '32' }, token)).toEqual({ status: 200, error: undefined });
    await waitFor('32 put back', () => sensed('32'));

    // The page opened from the printed address plays: 32-28 by clicking.
    const player = await browser!.newPage();
    await player.goto(`${url}/?token=${token}`);
    await player.locator('body[data-control="true"]').waitFor({ state: 'attached' });
    await player.locator('[data-testid=link-state]', { hasText: /^connected/ }).waitFor();
    expect(await player.getByTestId('watching').isHidden()).toBe(true);
    expect(await player.getByTestId('resign-white').isVisible()).toBe(true);
    await player.click('[data-square="32"]');
    await player.locator('[data-square="32"][data-sensed="false"]').waitFor({ state: 'attached' });
    await player.click('[data-square="28"]');
    await player.locator('[data-testid=moves] .move[data-ply]').first().waitFor({ state: 'attached' });
    expect((await view(url)).moves.map((m) => m.text)).toEqual(['32-28']);

    // The page opened without it watches: it sees the move, has no buttons, and its clicks and
    // its own requests change nothing.
    const watcher = await browser!.newPage();
    const seen = answers(watcher, Number(port), '/api/command');
    await watcher.goto(`${url}/`);
    await watcher.locator('body[data-control="false"]').waitFor({ state: 'attached' });
    await watcher.locator('[data-testid=moves] .move[data-ply]').first().waitFor({ state: 'attached' });
    expect(await watcher.getByTestId('watching').textContent()).toMatch(/^Watching only: the controls are on the page opened from the address with the token/);
    for (const id of ['resign-white', 'resign-black', 'draw', 'draw-white', 'draw-black', 'clock', 'jadoube']) expect(await watcher.getByTestId(id).isHidden(), id).toBe(true);
    // Its squares say they are disabled; a click made anyway lifts nothing.
    expect(await watcher.locator('[data-square="19"]').getAttribute('aria-disabled')).toBe('true');
    await watcher.click('[data-square="19"]', { force: true });
    const status = await watcher.evaluate(`fetch('/api/command', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":"resign","color":"black"}' }).then((r) => r.status)`);
    expect(status).toBe(401);
    expect(seen).toEqual(['POST 401']);
    // A wrong token in the address is said so, and watches too.
    const wrong = await browser!.newPage();
    await wrong.goto(`${url}/?token=${token.slice(0, -1)}`);
    await wrong.locator('body[data-control="false"]').waitFor({ state: 'attached' });
    expect(await wrong.getByTestId('watching').textContent()).toBe('The token in this address is not this game\'s: watching only.');

    const v = await view(url);
    expect(v.result).toBeNull();
    expect(v.squares.find((q) => q.name === '19')!.sensed).toBe(true);
    expect(v.moves.map((m) => m.text)).toEqual(['32-28']);
  });
});
