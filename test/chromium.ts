// Debian's Chromium for the browser tests (playwright-core drives it; no browser download).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** Whether Chromium is installed; when not, says that `file`'s tests are skipped and how to install it. */
export function hasChromium(file: string): boolean {
  if (existsSync(CHROMIUM)) return true;
  console.warn(`${file}: skipped, ${CHROMIUM} is missing (apt-get install -y chromium, see scripts/setup.sh)`);
  return false;
}

/** Headless Chromium, quiet (no background traffic, updates or first-run pages), with `args` added. */
export function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...args],
  });
}
