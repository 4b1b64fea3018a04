// `dambord play --hints` (the squares a lifted piece may go to, lit): listed in the usage, and
// refused with exit 2 and the reason under the tournament policy, which never gives hints.
import { describe, expect, it } from 'vitest';
import { runCliBuffered } from './testing.ts';

describe('dambord play --hints', () => {
  it('is listed in the usage line and among the options', async () => {
    const r = await runCliBuffered(['play', '--help']);
    expect(r.stdout.split('\n\n')[0]).toContain('[--hints]');
    expect(r.stdout).toMatch(/--hints +light the squares a lifted piece may go to/);
  });

  it.each([[[]], [['--policy', 'tournament']]])('is refused with exit 2 under the tournament policy (%j), before a board is opened', async (extra) => {
    const r = await runCliBuffered(['play', '--hints', ...extra, '--http-port', '0', '--games', '/nonexistent/dambord-hints']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--hints is not given under the tournament policy');
    expect(r.stderr).toContain('choose --policy casual or blind');
    expect(r.stderr).toContain("Run 'dambord play --help' for its usage.");
  }, 10_000);
});
