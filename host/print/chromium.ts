// Debian's Chromium, driven by playwright-core (no browser download): the browser tests use it,
// and `dambord archive sheet --pdf` prints a scoresheet with it. playwright-core is loaded only
// when Chromium is launched.

import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** Where Debian installs Chromium (`apt-get install -y chromium`). */
export const CHROMIUM = '/usr/bin/chromium';

/** What to say when Chromium is not there. */
export const CHROMIUM_MISSING = `${CHROMIUM} is missing: install Chromium with apt-get install -y chromium (see scripts/setup.sh)`;

/** Whether Chromium is installed. */
export function chromiumInstalled(): boolean {
  return existsSync(CHROMIUM);
}

/** Headless Chromium, quiet (no background traffic, updates or first-run pages), with `args` added. */
export async function launchChromium(args: readonly string[] = []): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...args],
  });
}

/**
 * A page of HTML printed as PDF by Chromium: the page's own `@page` size and margins (A4 when it
 * sets none), its backgrounds printed. Throws when Chromium cannot be launched.
 *
 * @example writeFileSync('sheet.pdf', await htmlToPdf(scoresheetHtml(game)))
 */
export async function htmlToPdf(html: string): Promise<Uint8Array> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  } finally {
    await browser.close();
  }
}
