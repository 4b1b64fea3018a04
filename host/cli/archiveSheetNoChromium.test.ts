// `dambord archive sheet --pdf` on a machine without Chromium. Chromium is installed here (the
// browser tests need it), so its absence is a fake: `chromiumInstalled` answers no, the rest of
// host/print/chromium.ts is the real module. The HTML is still written; the PDF is not, and the
// message says how to install Chromium.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { EXIT } from './command.ts';
import { runCliBuffered as cli } from './testing.ts';

vi.mock('../print/chromium.ts', async (real) => ({ ...(await real<typeof import('../print/chromium.ts')>()), chromiumInstalled: () => false }));

const nk1 = fileURLToPath(new URL('../../test/fixtures/oracles/games/nk ronde 01.pdn', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'dambord-no-chromium-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('dambord archive sheet --pdf without Chromium', () => {
  it('writes the HTML asked for, no PDF, says how to install Chromium and exits 3', async () => {
    const html = path.join(work, 'sheet.html');
    const pdf = path.join(work, 'sheet.pdf');
    const r = await cli(['archive', 'sheet', nk1, '2', '--html', html, '--pdf', pdf]);
    expect(r.code).toBe(EXIT.io);
    expect(r.stderr).toBe(`dambord archive sheet: cannot write the PDF: /usr/bin/chromium is missing: install Chromium with apt-get install -y chromium (see scripts/setup.sh); the HTML is in ${html}\n`);
    expect(readFileSync(html, 'utf8')).toContain('<span class="label">White</span>');
    expect(existsSync(pdf)).toBe(false);
  });

  it('without --html: names the option that writes the scoresheet without Chromium', async () => {
    const pdf = path.join(work, 'alone.pdf');
    const r = await cli(['archive', 'sheet', nk1, '1', '--pdf', pdf]);
    expect(r.code).toBe(EXIT.io);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/cannot write the PDF: .*; --html OUT\.html writes the scoresheet without it\n$/);
    expect(existsSync(pdf)).toBe(false);
  });
});
