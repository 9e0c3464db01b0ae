import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundUsdn, setNickname, signUpAdminInPage, signUpInPage, type E2EMember } from '../helpers/e2e-marketplace.ts';
import { getBalances } from '../../server/src/domain/ledger/index.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

/**
 * People tabs in the browser (rules AD-5, AD-8, AD-9 and AD-16): an admin adjusts a member's
 * USDN, warns one sender and bans another from the violations tab (the banned member's open page
 * is signed out), lifts the ban from the users tab, and reads it all back in the audit log. Then
 * screenshots of the three tabs in zh-CN / en, light / dark, at 390 and 1280 px.
 */
describeInBrowser('admin people tabs: users, violations and audit in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  async function violation(senderId: string, receiverId: string, type: string, content: string, pattern: string) {
    const row = await server.db.db
      .insertInto('message_violations')
      .values({
        sender_id: senderId,
        receiver_id: receiverId,
        violation_type: type,
        detected_types: [type],
        original_content: content,
        detected_patterns: [pattern],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function toast(page: Page, text: string) {
    await page.getByText(text, { exact: true }).first().waitFor();
  }

  test('adjust USDN, warn and ban from violations (the member is signed out), unban, read the audit log', async () => {
    const adminSession = await openPage(browser, { baseUrl: server.url, language: EN });
    const memberSession = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      const page = adminSession.page;
      await signUpAdminInPage(server, page, 'people');
      await memberSession.page.goto('/');
      const spammer = await signUpInPage(memberSession.page, 'spammer');
      await setNickname(server, spammer.id, 'Spammy Sam');
      const chatty = await signUpInPage((await openPage(browser, { baseUrl: server.url })).page, 'chatty');
      await setNickname(server, chatty.id, 'Chatty Cat');
      await fundUsdn(server, spammer.id, 1_000);

      // --- users: search by e-mail, adjust +25, then a deduction below zero is refused in the form
      await page.goto('/admin?tab=users');
      await page.getByRole('textbox', { name: en('admin-people:users.searchPlaceholder') }).fill(spammer.email);
      const row = page.getByTestId(`user-row-${spammer.id}`);
      await row.getByText('USDN 10.00').waitFor();
      await row.getByRole('button', { name: en('admin-people:users.actionsFor', { name: 'Spammy Sam' }) }).click();
      await page.getByRole('menuitem', { name: en('admin-people:users.adjust') }).click();
      const amount = page.getByLabel(en('admin-people:users.adjustAmount'));
      await amount.fill('-11');
      await page.getByText(uiText(EN, 'errors:USER_USDN_INSUFFICIENT')).first().waitFor();
      await amount.fill('25');
      await page
        .getByTestId('adjust-result')
        .getByText(en('admin-people:users.resultBalance', { amount: '35.00' }))
        .waitFor();
      await page.getByRole('button', { name: en('admin-people:users.adjustSubmit') }).click();
      await page.getByText(uiText(EN, 'errors:REASON_REQUIRED')).waitFor();
      await page.getByLabel(en('admin-people:users.adjustReason')).fill('Compensation for a lost parcel');
      await page.getByRole('button', { name: en('admin-people:users.adjustSubmit') }).click();
      await toast(page, en('admin-people:users.adjustedToast'));
      await row.getByText('USDN 35.00').waitFor();
      expect((await getBalances(server.db.db, spammer.id)).usdnAvailableCents).toBe(3_500);

      // --- violations: warn one sender, ban the other with notes as the reason
      const warnId = await violation(chatty.id, spammer.id, 'wechat', 'add me on wechat: cat_2026', 'cat_2026');
      const banId = await violation(spammer.id, chatty.id, 'phone', 'call me 13812345678 for a better price', '13812345678');
      await page.goto('/admin?tab=violations');
      await page.getByTestId('violations-unreviewed').getByText('2').waitFor();
      await page
        .getByTestId('violations-top')
        .getByText(`${en('admin-people:violations.types.phone')} · 1`)
        .waitFor();
      const warnCard = page.getByTestId(`violation-${warnId}`);
      await warnCard.getByRole('button', { name: en('admin-people:violations.warn') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: en('admin-people:violations.warn') })
        .click();
      await toast(page, en('admin-people:violations.warnedToast'));
      await warnCard.getByText(en('admin:status.warning')).waitFor();

      const banCard = page.getByTestId(`violation-${banId}`);
      await banCard.getByLabel(en('admin-people:violations.notes')).fill('Phone numbers in chat after a warning');
      await banCard.getByRole('button', { name: en('admin-people:violations.ban') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: en('admin-people:violations.ban') })
        .click();
      await toast(page, en('admin-people:violations.bannedToast'));
      await banCard.getByText(en('admin-people:violations.notesShown', { notes: 'Phone numbers in chat after a warning' })).waitFor();
      // the unreviewed filter is empty now
      await page
        .getByRole('group', { name: en('admin-people:violations.filterLabel') })
        .getByText(en('admin:status.unreviewed'), { exact: true })
        .click();
      await page.getByText(en('admin-people:violations.empty')).waitFor();

      // the banned member's open page is signed out: their next navigation lands on sign-in
      await expect.poll(async () => memberSession.page.evaluate(async () => (await fetch('/trpc/auth.me')).text())).toContain('"json":null');
      await memberSession.page.goto('/wallet');
      await memberSession.page.waitForURL((url) => url.pathname === '/auth');

      // --- users: the banned filter shows the member with the reason; lift the ban
      await page.goto('/admin?tab=users');
      await page
        .getByRole('group', { name: en('admin-people:users.filterLabel') })
        .getByText(en('admin-people:users.filters.banned'), { exact: true })
        .click();
      const banned = page.getByTestId(`user-row-${spammer.id}`);
      await banned.getByText('Phone numbers in chat after a warning', { exact: false }).waitFor();
      await banned.getByRole('button', { name: en('admin-people:users.actionsFor', { name: 'Spammy Sam' }) }).click();
      await page.getByRole('menuitem', { name: en('admin-people:users.unban') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: en('admin-people:users.unban') })
        .click();
      await toast(page, en('admin-people:users.unbannedToast'));
      await page.getByText(en('admin:kit.empty')).waitFor();

      // --- audit: newest first, filtered to user actions
      await page.goto('/admin?tab=audit');
      await page.getByText(en('admin-people:audit.actions.user_unban')).first().waitFor();
      const actions = await page.locator('tbody code').allInnerTexts();
      expect(actions).toEqual(['user.unban', 'violation.ban', 'violation.warn', 'user.adjust_usdn']);
      await page.getByRole('combobox', { name: en('admin-people:audit.targetFilter') }).click();
      await page.getByRole('option', { name: en('admin-people:audit.targets.violation') }).click();
      await expect.poll(() => page.locator('tbody code').allInnerTexts()).toEqual(['violation.ban', 'violation.warn']);
      await page.getByText('Phone numbers in chat after a warning').waitFor();
      expect(adminSession.pageErrors).toEqual([]);
    } finally {
      await adminSession.close();
      await memberSession.close();
    }
  });

  test('screens of the users, violations and audit tabs', async () => {
    // data to show: a banned user, balances, reviewed and unreviewed violations, audit entries
    const setup = await openPage(browser, { baseUrl: server.url, language: EN });
    const members: E2EMember[] = [];
    try {
      await signUpAdminInPage(server, setup.page, 'screens');
      for (const name of ['Lin Xiaoyu', 'Marta Gómez', 'Kenji Watanabe']) {
        const member = await signUpInPage((await openPage(browser, { baseUrl: server.url })).page, 'screens-member');
        await setNickname(server, member.id, name);
        await fundUsdn(server, member.id, 12_345 * (members.length + 1));
        members.push(member);
      }
      const [lin, marta, kenji] = members as [E2EMember, E2EMember, E2EMember];
      await violation(lin.id, marta.id, 'qq', 'My QQ is 123456789, message me there instead of here', '123456789');
      await violation(kenji.id, lin.id, 'email', 'Write to kenji.w@example.com and I will send the photos', 'kenji.w@example.com');
      await violation(marta.id, kenji.id, 'url', 'Cheaper on https://example.shop/item/42, check it out', 'https://example.shop/item/42');
    } finally {
      await setup.close();
    }

    // one admin session; language and theme are switched the way the app stores them, then reloaded
    const session = await openPage(browser, { baseUrl: server.url, language: 'zh-CN', theme: 'light' });
    try {
      const page = session.page;
      await signUpAdminInPage(server, page, 'shots');
      for (const [language, theme] of [
        ['zh-CN', 'light'],
        ['zh-CN', 'dark'],
        ['en', 'light'],
        ['en', 'dark'],
      ] as const) {
        await page.evaluate(
          ({ lng, th }) => {
            localStorage.setItem('language', lng);
            localStorage.setItem('theme', th);
          },
          { lng: language, th: theme },
        );
        const suffix = `${language}-${theme}`;
        await page.goto('/admin?tab=users');
        await page.getByText('Kenji Watanabe').first().waitFor();
        await page.getByText(uiText(language, 'admin-people:users.description')).waitFor();
        await captureScreens(page, `admin-people-users-${suffix}`);
        await page.goto('/admin?tab=violations');
        await page.getByText('kenji.w@example.com', { exact: false }).first().waitFor();
        await captureScreens(page, `admin-people-violations-${suffix}`);
        await page.goto('/admin?tab=audit');
        await page.locator('[data-testid^="audit-"]').first().waitFor();
        await captureScreens(page, `admin-people-audit-${suffix}`);
      }
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
