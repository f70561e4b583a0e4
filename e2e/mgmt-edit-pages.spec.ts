import { expect, expectAccessible, snapshot, test } from './fixtures';
import { loginAsAdmin } from './manager';

test('an edit page opened without a record says so and leads back to its list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsAdmin(page, '/mgmt');
  const pages = [
    { edit: '/mgmt/registration_edit', list: /\/mgmt\/registrations$/, text: 'Geen record gekozen' },
    { edit: '/mgmt/participant_edit?kind=bjk', list: /\/mgmt\/participants(\?kind=bjk)?$/, text: 'Geen record gekozen' },
    { edit: '/mgmt/reservation_edit', list: /\/mgmt\/reservations$/, text: 'Geen reservatie gekozen' },
    { edit: '/mgmt/paymentrequest_edit', list: /\/mgmt\/paymentrequests$/, text: 'Geen betaalverzoek gekozen' },
  ];
  for (const { edit, list, text } of pages) {
    await page.goto(edit);
    await expect(page.getByTestId('missing-record'), edit).toContainText(text);
    if (edit === '/mgmt/paymentrequest_edit') {
      await expectAccessible(page);
      await snapshot(page, 'mgmt-missing-record-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await snapshot(page, 'mgmt-missing-record-390');
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.getByTestId('missing-record-back').click();
    await expect(page).toHaveURL(list);
  }
});

test('an edit page opened with an unknown or unreadable id says so and leads back to its list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsAdmin(page, '/mgmt');
  // A record that does not exist (any more), or an id the server cannot read: the server's answer, and the same way back.
  const unknown = [
    { edit: '/mgmt/paymentrequest_edit?id=999999', list: /\/mgmt\/paymentrequests$/, text: 'bestaat niet' },
    { edit: '/mgmt/registration_edit?id=00000000-0000-4000-8000-000000000000', list: /\/mgmt\/registrations$/, text: 'bestaat niet' },
    { edit: '/mgmt/participant_edit?kind=bjk&id=999999', list: /\/mgmt\/participants(\?kind=bjk)?$/, text: 'bestaat niet' },
    { edit: '/mgmt/reservation_edit?id=00000000-0000-4000-8000-000000000000', list: /\/mgmt\/reservations$/, text: 'Deze reservatie bestaat niet' },
    { edit: '/mgmt/reservation_edit?id=not-an-id', list: /\/mgmt\/reservations$/, text: '' },
  ];
  for (const { edit, list, text } of unknown) {
    await page.goto(edit);
    await expect(page.getByTestId('missing-record'), edit).toContainText(text);
    if (edit.startsWith('/mgmt/reservation_edit?id=0')) {
      await expectAccessible(page);
      await snapshot(page, 'mgmt-unknown-reservation-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await snapshot(page, 'mgmt-unknown-reservation-390');
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.getByTestId('missing-record-back').click();
    await expect(page).toHaveURL(list);
  }
});
