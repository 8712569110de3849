// Choosing a delivery window later than the soonest, whatever the hour the test runs at: the second
// free time of the day the picker shows, or, when that day has one time left (late in the day),
// the first free time of the next day. `tap` is how the test presses the day's tab (a counted tap).
import type { Locator, Page } from 'playwright-core';

export async function laterWindow(page: Page, tap: (target: Locator) => Promise<void> = (t) => t.click()): Promise<Locator> {
  const group = page.getByRole('group', { name: 'Delivery window' });
  const times = group.getByRole('tabpanel').getByRole('radio', { disabled: false });
  await times.first().waitFor();
  if ((await times.count()) >= 2) return times.nth(1);
  const shownDay = await group.getByRole('tab', { selected: true }).textContent();
  await tap(group.getByRole('tab', { selected: false, disabled: false }).first());
  await group
    .getByRole('tab', { selected: true })
    .filter({ hasNotText: shownDay ?? '' })
    .waitFor();
  await times.first().waitFor();
  return times.first();
}
