import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, test, vi } from '../helpers/fixtures.ts';
import { LANGUAGES, NOTIFICATION_TYPES } from '@curio/shared';
import { captureScreens, describeInBrowser, openPage, uiText, type BrowserPage } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundPoints, fundUsdn, mutateInPage, signInInPage, signUpInPage, type E2EMember } from '../helpers/e2e-marketplace.ts';
import { runInTransaction } from '../../server/src/db/transaction.ts';
import { notify } from '../../server/src/domain/notifications/notify.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

const EN = 'en';
const ZH = 'zh-CN';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

describe('notification texts', () => {
  test('every notification type has a headline and a sentence in every language', () => {
    for (const language of LANGUAGES) {
      const bundle = JSON.parse(readFileSync(new URL(`../../client/src/i18n/locales/${language}/notifications.json`, import.meta.url), 'utf8')) as {
        headline: Record<string, string>;
        types: Record<string, string>;
      };
      for (const type of NOTIFICATION_TYPES) {
        expect(bundle.headline[type], `${language} headline.${type}`).toEqual(expect.any(String));
        expect(bundle.types[type], `${language} types.${type}`).toEqual(expect.any(String));
      }
    }
  });
});

describeInBrowser('two members chat live; badges, masking, blocking and notifications, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  async function setNickname(member: E2EMember, nickname: string): Promise<void> {
    await server.db.db.updateTable('profiles').set({ nickname }).where('user_id', '=', member.id).execute();
  }

  function composer(page: Page, language = EN): Locator {
    return page.getByRole('textbox', { name: uiText(language, 'messages:composer.label'), exact: true });
  }

  function bubble(page: Page, text: string): Locator {
    return page.getByTestId('chat-bubble').filter({ hasText: text });
  }

  function messagesButton(page: Page, count: number): Locator {
    const name = count > 0 ? en('messages.buttonUnread', { count }) : en('messages.button');
    return page.getByRole('banner').getByRole('link', { name, exact: true });
  }

  test('A writes to B: live delivery, badges across tabs, read marking, masking, blocking, notifications', async () => {
    const aliceCtx = await openPage(browser, { baseUrl: server.url, language: EN });
    const benCtx = await openPage(browser, { baseUrl: server.url, language: EN });
    const extra: BrowserPage[] = [];
    try {
      const a = aliceCtx.page;
      const b = benCtx.page;
      await a.goto('/');
      await b.goto('/');
      const alice = await signUpInPage(a, 'alice');
      const ben = await signUpInPage(b, 'ben');
      await setNickname(alice, 'Alice 爱丽丝');
      await setNickname(ben, 'Ben');

      // B waits on the messages centre, and keeps a second tab on the home page
      await b.goto('/messages');
      await b.getByText(en('messages:list.empty')).waitFor();
      const bOther = await benCtx.context.newPage();
      await bOther.goto('/');
      await messagesButton(bOther, 0).waitFor();

      // A opens a new conversation with B from a link, with a prefilled text
      await a.goto(`/messages?userId=${ben.id}&prefill=${encodeURIComponent('Is the lamp still available?')}`);
      await a.getByRole('heading', { level: 2, name: 'Ben' }).waitFor();
      await a
        .getByRole('navigation', { name: en('messages:list.label') })
        .getByText(en('messages:list.newConversation'))
        .waitFor();
      expect(await composer(a).inputValue()).toBe('Is the lamp still available?');

      // an empty message is not sent
      await composer(a).fill('   ');
      await composer(a).press('Enter');
      await a.getByText(uiText(EN, 'errors:MESSAGE_EMPTY'), { exact: true }).first().waitFor();
      await composer(a).fill('Is the lamp still available?');
      await composer(a).press('Enter');
      await bubble(a, 'Is the lamp still available?').waitFor();
      // the sender's own live stream may show the bubble before chat.send's answer clears the field
      await expect.poll(() => composer(a).inputValue()).toBe('');

      // B sees it arrive without reloading; both of B's badges go up
      const bList = b.getByRole('navigation', { name: en('messages:list.label') });
      await bList.getByText('Is the lamp still available?').waitFor();
      await bList.getByRole('link', { name: en('messages:list.rowUnread', { name: 'Alice 爱丽丝', count: 1 }) }).waitFor();
      await messagesButton(bOther, 1).waitFor();
      await captureScreens(b, 'messaging-list-en');

      // B opens the thread: reading it clears the badge in B's other tab
      await bList.getByRole('link', { name: en('messages:list.rowUnread', { name: 'Alice 爱丽丝', count: 1 }) }).click();
      await bubble(b, 'Is the lamp still available?').waitFor();
      await messagesButton(bOther, 0).waitFor();
      await bList.getByRole('link', { name: en('messages:list.row', { name: 'Alice 爱丽丝' }) }).waitFor();

      // B answers on two lines (Shift+Enter); A sees it live in the open thread
      await composer(b).fill('Yes!');
      await composer(b).press('Shift+Enter');
      await composer(b).pressSequentially('Still here.');
      expect(await composer(b).inputValue()).toBe('Yes!\nStill here.');
      await composer(b).press('Enter');
      await bubble(a, 'Still here.').waitFor();
      expect(await bubble(a, 'Still here.').innerText()).toBe('Yes!\nStill here.');

      // A sends a phone number: it arrives masked, A is told, the original is kept for the admins
      await composer(a).fill('call 13812345678');
      await a.getByTestId('contact-warning').waitFor();
      await composer(a).press('Enter');
      await a.getByText(en('messages:composer.filtered'), { exact: true }).first().waitFor();
      await bubble(a, 'call [***]').waitFor();
      await bubble(b, 'call [***]').waitFor();
      expect(await b.getByText('13812345678').count()).toBe(0);
      const violations = await server.db.db
        .selectFrom('message_violations')
        .select(['sender_id', 'receiver_id', 'violation_type', 'original_content', 'detected_patterns'])
        .execute();
      expect(violations).toEqual([
        {
          sender_id: alice.id,
          receiver_id: ben.id,
          violation_type: 'phone',
          original_content: 'call 13812345678',
          detected_patterns: ['13812345678'],
        },
      ]);
      const stored = await server.db.db.selectFrom('messages').select('content').where('has_violation', '=', true).execute();
      expect(stored).toEqual([{ content: 'call [***]' }]);
      // B is reading the thread, so the new message is marked read at once
      await messagesButton(bOther, 0).waitFor();

      // A asks about B's listing: the listing card shows until the first message, which carries it
      await fundPoints(server, ben.id, 5);
      const { id: listingId } = await mutateInPage<{ id: string }>(b, 'marketplace.listings.create', {
        title: '黄铜台灯 Brass lamp',
        description: '老式黄铜台灯，可正常使用。A working vintage brass lamp.',
        category: 'goods',
        unit: 'piece',
        quantity: 3,
        priceCents: 2_500,
        idempotencyKey: `lamp-${ben.id}`,
      });
      await a.goto(`/messages?seller_id=${ben.id}&listing_id=${listingId}`);
      const listingCard = a.getByRole('region', { name: en('messages:context.listing') });
      await listingCard.getByText('黄铜台灯 Brass lamp').waitFor();
      await composer(a).fill('Does the lamp come with a bulb?');
      await composer(a).press('Enter');
      await bubble(a, 'Does the lamp come with a bulb?').waitFor();
      await listingCard.waitFor({ state: 'detached' });
      await bubble(b, 'Does the lamp come with a bulb?').waitFor();

      // A buys it and writes about the order: the order card (title, status, total, view-order) goes with it
      await fundUsdn(server, alice.id, 10_000);
      const { orderId } = await mutateInPage<{ orderId: string }>(a, 'orders.purchase', { listingId, quantity: 1, idempotencyKey: `lamp-${alice.id}` });
      await a.goto(`/messages?seller_id=${ben.id}&order_id=${orderId}`);
      const orderCard = a.getByRole('region', { name: en('messages:context.order') });
      await orderCard.getByText('黄铜台灯 Brass lamp').waitFor();
      await orderCard.getByText(en('orders:status.paid'), { exact: true }).waitFor();
      await orderCard.getByText('USDN 25.00').waitFor();
      expect(await orderCard.getByRole('link', { name: en('messages:context.viewOrder') }).getAttribute('href')).toBe(`/orders/${orderId}`);
      await composer(a).fill('Paid, please ship soon.');
      await composer(a).press('Enter');
      await bubble(b, 'Paid, please ship soon.').waitFor();
      const context = await server.db.db
        .selectFrom('messages')
        .select(['content', 'listing_id', 'order_id'])
        .where('sender_id', '=', alice.id)
        .where((eb) => eb.or([eb('listing_id', 'is not', null), eb('order_id', 'is not', null)]))
        .orderBy('seq')
        .execute();
      expect(context).toEqual([
        { content: 'Does the lamp come with a bulb?', listing_id: listingId, order_id: null },
        { content: 'Paid, please ship soon.', listing_id: null, order_id: orderId },
      ]);
      // B's open thread learns the order from the conversation and shows its card too
      await b
        .getByRole('region', { name: en('messages:context.order') })
        .getByText('黄铜台灯 Brass lamp')
        .waitFor();
      await captureScreens(b, 'messaging-thread-en');

      // B blocks A with a reason from the thread menu
      await b.getByRole('button', { name: en('messages:thread.menu') }).click();
      await b.getByRole('menuitem', { name: en('messages:block.block') }).click();
      const dialog = b.getByRole('dialog', { name: en('messages:block.title', { name: 'Alice 爱丽丝' }) });
      await dialog.getByRole('textbox', { name: en('messages:block.reason') }).fill('spam');
      await dialog.getByRole('button', { name: en('messages:block.confirm'), exact: true }).click();
      await b.getByText(en('messages:block.done'), { exact: true }).first().waitFor();
      await b.getByText(uiText(EN, 'errors:CHAT_YOU_BLOCKED')).waitFor();
      const blocks = await server.db.db.selectFrom('user_blocks').select(['blocker_id', 'blocked_id', 'reason']).execute();
      expect(blocks).toEqual([{ blocker_id: ben.id, blocked_id: alice.id, reason: 'spam' }]);

      // A, coming from B's listing, cannot contact the seller; from anywhere else, is told they are blocked
      await a.goto(`/messages?seller_id=${ben.id}`);
      await a.getByTestId('chat-blocked-notice').getByText(uiText(EN, 'errors:CHAT_SELLER_BLOCKED')).waitFor();
      expect(await composer(a).isDisabled()).toBe(true);
      await a.goto(`/messages?userId=${ben.id}`);
      await a.getByTestId('chat-blocked-notice').getByText(uiText(EN, 'errors:CHAT_BLOCKED_BY_PEER')).waitFor();
      expect(await composer(a).isDisabled()).toBe(true);
      await captureScreens(a, 'messaging-blocked-en');

      // B finds the block again in the privacy settings, with its date and reason
      await b.goto('/privacy-settings');
      const blockedList = b.getByTestId('blocked-members');
      await blockedList.getByText('Alice 爱丽丝').waitFor();
      await blockedList.getByText(/spam/).waitFor();
      await captureScreens(b, 'privacy-blocked-en');
      // the server refuses too, whatever the page shows
      await expect(mutateInPage(a, 'chat.send', { peerId: ben.id, content: 'hello?', clientId: 'blocked-attempt-1' })).rejects.toThrow(/CHAT_BLOCKED_BY_PEER/);

      // notifications: B's welcome points (ADR 0030) and A's purchase already told B; three more ring the bell live
      await bOther.getByRole('link', { name: en('notifications:bellUnread', { count: 2 }), exact: true }).waitFor();
      await runInTransaction(server.db.db, async (trx) => {
        await notify(trx, {
          userId: ben.id,
          type: 'tip_received',
          params: { nickname: 'Alice 爱丽丝', title: 'Brass lamp', currency: 'points', amount: 20 },
          link: '/orders',
        });
        // a row without the params its sentence needs still reads well: the headline alone
        await notify(trx, { userId: ben.id, type: 'review_received', params: { title: 'Brass lamp' }, link: '/orders' });
        await notify(trx, { userId: ben.id, type: 'withdrawal_rejected', params: { amount: '40.00', reason: 'Address does not match' }, link: '/withdrawal' });
      });
      await bOther.getByRole('link', { name: en('notifications:bellUnread', { count: 5 }), exact: true }).waitFor();
      await bOther.getByRole('link', { name: en('notifications:bellUnread', { count: 5 }), exact: true }).click();
      await bOther.waitForURL(`${server.url}/notifications`);
      const main = bOther.getByRole('main');
      await main.getByText(en('notifications:types.order_paid', { title: '黄铜台灯 Brass lamp', quantity: 1, amount: '25.00' })).waitFor();
      await main
        .getByText(
          en('notifications:types.tip_received', { nickname: 'Alice 爱丽丝', amount: 20, unit: en('notifications:units.points'), title: 'Brass lamp' }),
        )
        .waitFor();
      await main.getByText(en('notifications:headline.review_received'), { exact: true }).waitFor();
      await main.getByText(en('notifications:details.reason', { value: 'Address does not match' })).waitFor();
      expect(await main.getByText('{{').count()).toBe(0);
      await captureScreens(bOther, 'messaging-notifications-en');

      // opening one marks it read and goes to its link
      await main.getByText(en('notifications:headline.withdrawal_rejected'), { exact: true }).click();
      await bOther.waitForURL(`${server.url}/withdrawal`);
      await bOther.getByRole('link', { name: en('notifications:bellUnread', { count: 4 }), exact: true }).waitFor();
      await bOther.goto('/notifications');
      await bOther.getByRole('button', { name: en('notifications:markAll') }).click();
      await bOther.getByRole('link', { name: en('notifications:bell'), exact: true }).waitFor();
      expect(await bOther.locator('[data-unread="true"]').count()).toBe(0);

      // the same screens in Chinese and in the dark theme
      const looks = [
        { language: ZH, theme: 'light' as const },
        { language: ZH, theme: 'dark' as const },
        { language: EN, theme: 'dark' as const },
      ];
      await runInTransaction(server.db.db, async (trx) => {
        await notify(trx, { userId: ben.id, type: 'order_shipped', params: { title: 'Brass lamp' }, link: '/orders' });
      });
      for (const { language, theme } of looks) {
        const tag = `${language}-${theme}`;
        const asBen = await openPage(browser, { baseUrl: server.url, language, theme });
        const asAlice = await openPage(browser, { baseUrl: server.url, language, theme });
        extra.push(asBen, asAlice);
        await signInInPage(asBen.page, ben);
        await signInInPage(asAlice.page, alice);

        await asBen.page.goto('/messages');
        await asBen.page
          .getByRole('navigation', { name: uiText(language, 'messages:list.label') })
          .getByText('Alice 爱丽丝')
          .waitFor();
        await captureScreens(asBen.page, `messaging-list-${tag}`);

        await asBen.page.goto(`/messages?userId=${alice.id}`);
        await bubble(asBen.page, 'call [***]').waitFor();
        await captureScreens(asBen.page, `messaging-thread-${tag}`);

        await asAlice.page.goto(`/messages?userId=${ben.id}`);
        await asAlice.page.getByTestId('chat-blocked-notice').getByText(uiText(language, 'errors:CHAT_BLOCKED_BY_PEER')).waitFor();
        await captureScreens(asAlice.page, `messaging-blocked-${tag}`);

        await asBen.page.goto('/notifications');
        await asBen.page.getByRole('main').getByText(uiText(language, 'notifications:headline.order_shipped'), { exact: true }).waitFor();
        await captureScreens(asBen.page, `messaging-notifications-${tag}`);

        await asBen.page.goto('/privacy-settings');
        await asBen.page.getByTestId('blocked-members').getByText('Alice 爱丽丝').waitFor();
        await captureScreens(asBen.page, `privacy-blocked-${tag}`);
        expect(asBen.pageErrors).toEqual([]);
        expect(asAlice.pageErrors).toEqual([]);
      }

      // lifting the block from the list lets A write again
      await b.goto('/privacy-settings');
      await b.getByRole('button', { name: en('profiles:blocked.unblockNamed', { nickname: 'Alice 爱丽丝' }) }).click();
      await b.getByText(en('profiles:blocked.empty')).waitFor();
      expect(await server.db.db.selectFrom('user_blocks').select('blocker_id').execute()).toEqual([]);
      await mutateInPage(a, 'chat.send', { peerId: ben.id, content: 'thanks for unblocking', clientId: 'after-unblock-1' });

      expect(aliceCtx.pageErrors).toEqual([]);
      expect(benCtx.pageErrors).toEqual([]);
    } finally {
      for (const page of extra) await page.close();
      await benCtx.close();
      await aliceCtx.close();
    }
  });
});
