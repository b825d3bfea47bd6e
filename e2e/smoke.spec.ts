import { expect, test } from '@playwright/test';

test('the site opens under the default language', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/fr\//);
  await expect(page.getByText('2.17.0-rc.1')).toBeVisible();
});
