import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, type BrowserPage } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundUsdn, mutateInPage, signInInPage, signUpInPage, type E2EMember } from '../helpers/e2e-marketplace.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

/**
 * What changes under an open tab reaches it without a reload: a block (rule C-9) closes the
 * blocked member's composer, the admin dashboard follows new orders (rule AD-7), and a ban signs
 * the member's tab out with a notice (rule A-18). Also the admin's read-only order page, reached
 * from the console's orders tab (rules AD-20 and O-14).
 */
const EN = 'en';
const ZH = 'zh-CN';
const LANGUAGES = [EN, ZH] as const;

describeInBrowser('live blocks, a live dashboard, the admin order page and the ban sign-out, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  const open: BrowserPage[] = [];

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });
  test.afterEach(async () => {
    await Promise.all(open.splice(0).map((page) => page.close()));
  });

  async function pageIn(language: string): Promise<BrowserPage> {
    const page = await openPage(browser, { baseUrl: server.url, language });
    open.push(page);
    return page;
  }

  async function memberIn(language: string, label: string, nickname: string): Promise<{ session: BrowserPage; member: E2EMember }> {
    const session = await pageIn(language);
    await session.page.goto('/');
    const member = await signUpInPage(session.page, label);
    await server.db.db.updateTable('profiles').set({ nickname }).where('user_id', '=', member.id).execute();
    return { session, member };
  }

  /** Sign-ups are limited per address, so members made once are signed in again in other pages. */
  async function signedIn(language: string, member: E2EMember): Promise<BrowserPage> {
    const session = await pageIn(language);
    await signInInPage(session.page, member);
    return session;
  }

  let admin: E2EMember | null = null;
  async function adminIn(language: string): Promise<BrowserPage> {
    if (admin) return signedIn(language, admin);
    const made = await memberIn(language, 'console-admin', 'Console admin');
    admin = made.member;
    await server.db.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
    return made.session;
  }

  async function listingOf(sellerId: string, title: string): Promise<string> {
    const row = await server.db.db
      .insertInto('listings')
      .values({ seller_id: sellerId, title, description: 'A working piece in good order.', category: 'goods', unit: 'piece', price_cents: 1_500, quantity: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  function composer(page: Page, language: string): Locator {
    return page.getByRole('textbox', { name: uiText(language, 'messages:composer.label'), exact: true });
  }

  test('a block and an unblock reach both open threads at once, whoever makes them', async () => {
    const first = await memberIn(EN, 'block-a', 'Alice 爱丽丝');
    const second = await memberIn(EN, 'block-b', 'Ben');
    const [alice, ben] = [first.member, second.member];
    await mutateInPage(first.session.page, 'chat.send', { peerId: ben.id, content: 'Is the lamp still available?', clientId: randomUUID() });
    await Promise.all(open.splice(0).map((page) => page.close()));
    for (const language of LANGUAGES) {
      const t = (key: string, params?: Record<string, string | number>) => uiText(language, key, params);
      const aliceSession = await signedIn(language, alice);
      const benSession = await signedIn(language, ben);
      const a = aliceSession.page;
      const b = benSession.page;

      await a.goto(`/messages?userId=${ben.id}`);
      await b.goto(`/messages?userId=${alice.id}`);
      await a.getByTestId('chat-bubble').first().waitFor();
      await b.getByTestId('chat-bubble').first().waitFor();
      expect(await composer(a, language).isDisabled()).toBe(false);

      // Ben blocks Alice from his thread: Alice's open thread closes its composer without a send failing first
      await b.getByRole('button', { name: t('messages:thread.menu') }).click();
      await b.getByRole('menuitem', { name: t('messages:block.block') }).click();
      await b
        .getByRole('dialog', { name: t('messages:block.title', { name: 'Alice 爱丽丝' }) })
        .getByRole('button', { name: t('messages:block.confirm'), exact: true })
        .click();
      await a.getByTestId('chat-blocked-notice').getByText(t('errors:CHAT_BLOCKED_BY_PEER')).waitFor();
      await expect.poll(() => composer(a, language).isDisabled()).toBe(true);
      await captureScreens(a, `live-block-blocked-${language}`);

      // Alice blocks back from another tab: Ben's thread follows too
      await mutateInPage(a, 'chat.block', { userId: ben.id });
      await b.getByTestId('chat-blocked-notice').getByText(t('errors:CHAT_BLOCKED_BY_PEER')).waitFor();
      await captureScreens(b, `live-block-both-${language}`);

      // both lift their blocks elsewhere (Ben from his privacy settings' API): both composers open again
      await mutateInPage(b, 'chat.unblock', { peerId: alice.id });
      await mutateInPage(a, 'chat.unblock', { peerId: ben.id });
      await expect.poll(() => composer(a, language).isDisabled()).toBe(false);
      await expect.poll(() => composer(b, language).isDisabled()).toBe(false);
      expect(await a.getByTestId('chat-blocked-notice').count()).toBe(0);
      expect(aliceSession.pageErrors).toEqual([]);
      expect(benSession.pageErrors).toEqual([]);
      await Promise.all(open.splice(0).map((page) => page.close()));
    }
  });

  test("the dashboard follows orders, members and queues live; an admin opens any order's page read-only", async () => {
    const adminSession = await adminIn(EN);
    const { session: sellerSession, member: seller } = await memberIn(EN, 'dash-seller', 'Shopkeeper');
    const { session: buyerSession, member: buyer } = await memberIn(EN, 'dash-buyer', 'Collector');
    await fundUsdn(server, buyer.id, 100_000);
    const page = adminSession.page;

    await page.goto('/admin');
    const ordersCard = page.getByTestId('dashboard-total-orders');
    await ordersCard.waitFor();
    const figure = async (card: Locator) => Number((await card.innerText()).replace(/\D+/g, ''));
    const ordersBefore = await figure(ordersCard);
    const usersBefore = await figure(page.getByTestId('dashboard-total-users'));

    // four purchases while the dashboard is open: its count follows without a reload
    const orderIds: string[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const listingId = await listingOf(seller.id, `Brass lamp ${i}`);
      const { orderId } = await mutateInPage<{ orderId: string }>(buyerSession.page, 'orders.purchase', {
        listingId,
        quantity: 1,
        idempotencyKey: randomUUID(),
      });
      orderIds.push(orderId);
    }
    await expect.poll(() => figure(ordersCard), { timeout: 15_000 }).toBe(ordersBefore + 4);
    // a refund request shows in the waiting list as it does on the badge
    await mutateInPage(buyerSession.page, 'orders.requestRefund', { orderId: orderIds[0], reason: 'It never arrived.' });
    await page.getByTestId('dashboard-waiting-refunds').waitFor({ timeout: 15_000 });
    // so does a member signing up
    const newcomer = await pageIn(EN);
    await newcomer.page.goto('/');
    await signUpInPage(newcomer.page, 'dash-newcomer');
    await expect.poll(() => figure(page.getByTestId('dashboard-total-users')), { timeout: 15_000 }).toBe(usersBefore + 1);
    for (const language of LANGUAGES) {
      await page.evaluate((lng) => localStorage.setItem('language', lng), language);
      await page.reload();
      await page.getByTestId('dashboard-waiting-refunds').waitFor();
      await captureScreens(page, `live-dashboard-${language}`);
    }

    // the orders tab links each order to its page; the admin reads it without the parties' actions
    for (const language of LANGUAGES) {
      const t = (key: string, params?: Record<string, string | number>) => uiText(language, key, params);
      await page.evaluate((lng) => localStorage.setItem('language', lng), language);
      await page.goto('/admin?tab=orders');
      const shortId = orderIds[1]!.slice(0, 8);
      await page.getByRole('link', { name: t('admin-content:orders.openPage', { id: shortId }) }).click();
      await page.waitForURL((url) => url.pathname === `/orders/${orderIds[1]}`);
      await page.getByTestId('order-admin-view').getByText(t('orders:detail.adminView')).waitFor();
      await page.getByRole('link', { name: 'Collector' }).waitFor();
      await page.getByRole('link', { name: 'Shopkeeper' }).waitFor();
      expect(await page.getByRole('heading', { name: t('orders:actions.title') }).count()).toBe(0);
      expect(await page.getByRole('button', { name: t('orders:actions.complain') }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: t('orders:ship.title') }).count()).toBe(0);
      expect(await page.getByText(t('orders:detail.deniedTitle')).count()).toBe(0);
      await captureScreens(page, `admin-order-page-${language}`);
    }
    // the admin-view notice is coloured: look at it in the dark theme too
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await page.getByTestId('order-admin-view').waitFor();
    await captureScreens(page, 'admin-order-page-zh-CN-dark');
    // the parties still see their own page
    await sellerSession.page.goto(`/orders/${orderIds[1]}`);
    await sellerSession.page.getByRole('heading', { name: uiText(EN, 'orders:ship.title') }).waitFor();
    expect(adminSession.pageErrors).toEqual([]);
  });

  test("a ban signs the member's open tab out at once, with a notice in their language", async () => {
    for (const language of LANGUAGES) {
      const t = (key: string) => uiText(language, key);
      const adminSession = await adminIn(language);
      const { session: memberSession, member } = await memberIn(language, `ban-member-${language}`, 'Mallory');
      const page = memberSession.page;
      await page.goto('/orders');
      await page.getByRole('button', { name: t('common:account.menu') }).waitFor();

      await mutateInPage(adminSession.page, 'admin.users.ban', { userId: member.id, reason: 'fraud' });
      await page.getByText(t('common:account.banned.title')).waitFor({ timeout: 15_000 });
      await page.getByText(t('common:account.banned.body')).waitFor();
      // signed out: the header offers to log in again and the member-only page is gone
      await page.waitForURL((url) => url.pathname === '/');
      await page
        .getByRole('link', { name: t('common:nav.login') })
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: t('common:account.menu') }).count()).toBe(0);
      // the ban's notice says it all: no "please log in first" on top of it, no detour to /auth
      expect(await page.getByText(t('errors:LOGIN_REQUIRED')).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
      await captureScreens(page, `ban-signed-out-${language}`);
      expect(memberSession.pageErrors).toEqual([]);
      await Promise.all(open.splice(0).map((session) => session.close()));
    }
  });

  test('an admin role granted or taken away reaches the open tab: the console link and page follow without a reload', async () => {
    const t = (key: string) => uiText(EN, key);
    const adminSession = await adminIn(EN);
    const { session: memberSession, member } = await memberIn(EN, 'role-member', 'Rory');
    const page = memberSession.page;
    const menu = page.getByRole('button', { name: t('common:account.menu') });
    const consoleLink = page.getByRole('menuitem', { name: t('common:account.admin') });
    await page.goto('/orders');
    await menu.click();
    await page.getByRole('menuitem', { name: t('common:account.logout') }).waitFor();
    expect(await consoleLink.count()).toBe(0);
    await page.keyboard.press('Escape');

    await mutateInPage(adminSession.page, 'admin.users.setRole', { userId: member.id, admin: true, reason: 'joins the support team' });
    await menu.click();
    await consoleLink.waitFor({ timeout: 15_000 });
    await consoleLink.click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: t('admin:title') }).waitFor();

    // taken away while the console is open: the page says so and goes home
    await mutateInPage(adminSession.page, 'admin.users.setRole', { userId: member.id, admin: false, reason: 'left the support team' });
    await page.getByText(t('admin:noPermission')).waitFor({ timeout: 15_000 });
    await page.waitForURL((url) => url.pathname === '/');
    await menu.click();
    await page.getByRole('menuitem', { name: t('common:account.logout') }).waitFor();
    expect(await consoleLink.count()).toBe(0);
    expect(memberSession.pageErrors).toEqual([]);
  });
});
