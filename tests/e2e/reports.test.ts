import type { Browser } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { signUpInPage } from '../helpers/e2e-marketplace.ts';
import { insertTestUser } from '../helpers/users.ts';
import { insertTestBuyingRequest, insertTestListing } from '../integration/social/fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

/**
 * The one report dialog (client/src/components/ReportDialog.tsx) serves listings and buying
 * requests with their own rules: a listing report needs a detail, a buying-request report needs
 * a reason and takes details optionally. Both land as complaints for the admins.
 */
describeInBrowser('reporting a listing and a buying request, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  test('a listing report refuses a blank detail, a request report refuses a missing reason; both are stored', async () => {
    const owner = await insertTestUser(server.db.db);
    const listingId = await insertTestListing(server.db.db, owner.id, { title: 'Brass sextant' });
    const requestId = await insertTestBuyingRequest(server.db.db, owner.id, { title: 'Wanted: a ship in a bottle' });
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      const reporter = await signUpInPage(page, 'reporter');

      await page.goto(`/listing/${listingId}`);
      await page.getByRole('button', { name: en('listing:report.open') }).click();
      const listingDialog = page.getByRole('dialog', { name: en('listing:report.title') });
      await listingDialog.getByRole('button', { name: en('listing:report.submit') }).click();
      await listingDialog.getByText(en('errors:REPORT_DETAIL_REQUIRED')).waitFor();
      await captureScreens(page, 'report-listing-en');
      await listingDialog.getByRole('radio', { name: en('listing:report.reasons.fraud') }).check();
      await listingDialog.getByRole('textbox', { name: en('listing:report.detail') }).fill('Asks for payment by bank transfer');
      await listingDialog.getByRole('button', { name: en('listing:report.submit') }).click();
      await page.getByText(en('listing:report.sent')).waitFor();
      await listingDialog.waitFor({ state: 'hidden' });

      await page.goto(`/buying-requests/${requestId}`);
      await page
        .getByRole('button', { name: en('buying:detail.report') })
        .first()
        .click();
      const requestDialog = page.getByRole('dialog', { name: en('buying:report.title') });
      await requestDialog.getByRole('button', { name: en('buying:report.submit') }).click();
      await requestDialog.getByText(en('buying:report.reasonRequired')).waitFor();
      await captureScreens(page, 'report-buying-request-en');
      await requestDialog.getByRole('radio', { name: en('buying:report.reasons.spam') }).check();
      await requestDialog.getByRole('button', { name: en('buying:report.submit') }).click();
      await page.getByText(en('buying:report.sent')).waitFor();

      const complaints = await server.db.db
        .selectFrom('complaints')
        .select(['reporter_id', 'listing_id', 'buying_request_id', 'reason'])
        .orderBy('created_at')
        .execute();
      expect(complaints).toHaveLength(2);
      expect(complaints[0]).toMatchObject({ reporter_id: reporter.id, listing_id: listingId });
      expect(complaints[0]?.reason).toContain('Asks for payment by bank transfer');
      expect(complaints[1]).toMatchObject({ reporter_id: reporter.id, buying_request_id: requestId });
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
