import { test, expect, MAP_READY } from './fixtures';

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`zones screenshots ${name}`, async ({ page, login }) => {
    await page.setViewportSize(viewport);
    await login('manager');
    await page.goto('/en/zones');
    await expect(page.getByTestId('zones-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/zones-shot-${name}-list.png`, fullPage: true });
    await page.getByTestId('zone-list').getByText('Place Bellecour').click();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/zones-shot-${name}-form.png`, fullPage: true });
    await page.goto('/en/fleet');
    await page.waitForTimeout(4000);
    await page.screenshot({ path: `/tmp/zones-shot-${name}-fleet.png` });
  });
}
