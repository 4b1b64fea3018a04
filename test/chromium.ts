// Debian's Chromium for the browser tests (host/print/chromium.ts launches it through
// playwright-core; no browser download), and axe-core's audit of a page in it.
import type { ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { CHROMIUM, launchChromium } from '../host/print/chromium.ts';
import { WAIT_LIMIT_MS } from './limits.ts';
import { play, stop } from './playProcess.ts';

export { launchChromium };
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Whether Chromium is installed; when not, says that `file`'s tests are skipped and how to install it. */
export function hasChromium(file: string): boolean {
  if (existsSync(CHROMIUM)) return true;
  console.warn(`${file}: skipped, ${CHROMIUM} is missing (apt-get install -y chromium, see scripts/setup.sh)`);
  return false;
}

/** Puts axe-core into `page`; again after each load of the page. */
export async function addAxe(page: Page): Promise<void> {
  await page.addScriptTag({ path: AXE });
}

/**
 * The accessibility violations axe-core finds on `page` as it is now (every rule axe runs by
 * default: WCAG 2 A and AA and its best practices), each as `rule (impact): the first few
 * elements`; [] for none. The page must have axe-core ({@link addAxe}).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // page.evaluate has no timeout of its own: an axe run that never ends fails the test instead of holding it.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`axe-core did not finish within ${WAIT_LIMIT_MS} ms`)), WAIT_LIMIT_MS);
  });
  try {
    return (await Promise.race([
      page.evaluate(
        "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`))",
      ),
      late,
    ])) as string[];
  } finally {
    clearTimeout(timer);
  }
}

/** The play process and the browser a page test starts: both stopped, and `work` removed, after the file's tests. */
export function pageRun(work: string): { child: ChildProcess | null; browser: Browser | null } {
  const run: { child: ChildProcess | null; browser: Browser | null } = { child: null, browser: null };
  afterAll(async () => {
    await run.browser?.close();
    await stop(run.child);
    rmSync(work, { recursive: true, force: true });
  });
  return run;
}

/**
 * A new page of `browser` at `viewport`, and the errors it reports (uncaught ones, and console
 * errors other than a failed load). Its waits (`waitFor`, clicks, navigation) give up after
 * {@link WAIT_LIMIT_MS}, a hang guard, so that a busy machine makes a page test slower, never red.
 */
export async function watchedPage(browser: Browser, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(WAIT_LIMIT_MS);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  return { page, errors };
}

/**
 * `dambord play` with `args` started as a real process on the simulated board (its games in
 * `work`), Chromium launched, both `run`'s to stop, and the game's page opened in a
 * {@link watchedPage} at `viewport`: the game's address, the page and the errors it reports.
 */
export async function playOnPage(run: ReturnType<typeof pageRun>, work: string, viewport: { width: number; height: number }, args: string[] = []): Promise<{ url: string; page: Page; errors: string[] }> {
  let url: string;
  ({ child: run.child, url } = await play(work, args));
  run.browser = await launchChromium();
  const { page, errors } = await watchedPage(run.browser, viewport);
  await page.goto(`${url}/`);
  return { url, page, errors };
}
