// `dambord play --second-board` (issue 14, item 5: two boards, one per player, as blind players
// play): bad usage refused before anything starts, and a real process on two simulated boards
// driven through its page: the page's hands act on the board of the side to move, so White's move
// is made on board 1, Black's board copies it (a click where it differs from the game does the
// copy step) and Black's reply is the game's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliBuffered } from '../host/cli/testing.ts';
import { command, play, stop, view, waitFor } from './playProcess.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-two-boards-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('dambord play --second-board', () => {
  it('bad usage is refused with exit 2 and what is wrong; --help documents it', async () => {
    const cases: [string[], RegExp][] = [
      [['--second-board', 'sim', '--port', '/dev/ttyUSB0'], /--second-board sim pairs two simulated boards/],
      [['--second-board', '/dev/ttyUSB1'], /name White's with --port/],
      [['--second-board', '/dev/ttyUSB0', '--port', '/dev/ttyUSB0'], /name the same port/],
      [['--second-board', 'sim', '--find'], /cannot be used with --find/],
    ];
    for (const [args, message] of cases) {
      const r = await runCliBuffered(['play', '--games', join(work, 'games'), ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
    expect((await runCliBuffered(['play', '--help'])).stdout).toContain('--second-board B   two boards, one per player');
  });

  it('two simulated boards: White moves on board 1, Black copies on board 2 through the page and replies', async () => {
    const { child, url } = await play(work, ['--second-board', 'sim']);
    try {
      await waitFor('both boards to connect', async () => (await view(url)).link.state === 'connected');
      await command(url, { type: 'lift', square: '32' });
      await command(url, { type: 'place', square: '28' });
      await waitFor('32-28', async () => (await view(url)).moves.length === 1);
      // Black's board still shows 32 and not 28: the page (which shows the game) clicks there.
      await command(url, { type: 'place', square: '32' });
      await command(url, { type: 'lift', square: '28' });
      await new Promise((r) => setTimeout(r, 300));
      await command(url, { type: 'lift', square: '19' });
      await command(url, { type: 'place', square: '23' });
      await waitFor('19-23', async () => (await view(url)).moves.length === 2);
      const v = await view(url);
      expect(v.moves.map((m) => m.text)).toEqual(['32-28', '19-23']);
      expect(v.irregularity).toBeNull();
    } finally {
      await stop(child);
    }
  });
});
