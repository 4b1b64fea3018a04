// `--resume last` in a folder with no game: one sentence naming the folder (issue 29: the message
// read "no journal EMPTY/(no journal) to resume").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WAIT_LIMIT_MS } from '../../test/limits.ts';
import { EXIT } from './command.ts';
import { runCliBuffered as cli } from './testing.ts';

const empty = mkdtempSync(path.join(tmpdir(), 'dambord-resume-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('--resume last with no game to resume', () => {
  it('play and digitise say the folder holds no journal of a game, and exit at once', async () => {
    for (const command of ['play', 'digitise']) {
      const r = await cli([command, '--games', empty, '--resume', 'last']);
      expect(r.code, command).toBe(EXIT.io);
      expect(r.stderr).toBe(`dambord ${command}: there is no game to resume: the folder ${empty} holds no journal of a game\n`);
    }
    // A game let through would wait for its board: bounded.
  }, WAIT_LIMIT_MS);
});
