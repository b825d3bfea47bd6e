// What the specs check on a screen and take of it: the axe check (DESIGN §4,
// @axe-core/playwright: WCAG 2.1 A and AA and best practices, no serious or critical finding on
// the screen as it is) and the pictures of docs/screenshots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * axe as every spec runs it: WCAG 2.1 A and AA and best practices. In legacy mode the builder
 * runs `axe.run` in the page itself — the app has no frames — instead of a partial run per frame
 * finished in a blank page it opens for the purpose; and only the violations' elements are
 * described. Together they halve a check's time (docs/performance.md "The CI run").
 */
export const axe = (page: Page) =>
  new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);

/**
 * The screen's finite animations ended (2 s at most): axe reads the colours of an element that
 * fades in — a live notice come from another session's alert — as too faint for their contrast.
 */
async function animationsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((done) => setTimeout(done, 2000)),
    ]),
  );
}

/** The serious and critical findings, each with where, the rule and the elements. */
export async function seriousFindings(page: Page, where: string): Promise<string[]> {
  await animationsEnded(page);
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(', ')}`,
    );
}

export async function expectAxeClean(page: Page, where: string) {
  expect(await seriousFindings(page, where)).toEqual([]);
}

/** With VFM_SCREENSHOTS_DIR (e.g. docs/screenshots), the screen as a picture of that name. */
export async function picture(page: Page, name: string) {
  const dir = process.env.VFM_SCREENSHOTS_DIR;
  if (!dir) return;
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: `${dir}/${name}.png`, animations: 'disabled' });
}

/** Whether a spec's pictures are taken: with VFM_SCREENSHOTS_DIR, and locally for the test's
 *  output; not in CI, where no one looks at them (a failure comes with its own screenshot). */
export const picturesWanted = () => !!process.env.VFM_SCREENSHOTS_DIR || !process.env.CI;

/** A picture in the test's output and, with VFM_SCREENSHOTS_DIR, in that folder too (the
 *  screenshots' specs: fonts loaded, no caret nor focus ring). */
export async function shoot(page: Page, name: string) {
  if (!picturesWanted()) return;
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled' });
  const dir = process.env.VFM_SCREENSHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
  }
}
