import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { LIMITS, POINTS_RULES } from '@curio/shared';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import { waitForMailedLink, type E2EServer } from '../helpers/e2e-server.ts';
import { fundPoints, fundUsdn, mutateInPage, signUpInPage } from '../helpers/e2e-marketplace.ts';
import { insertTestUser, TEST_PASSWORD } from '../helpers/users.ts';
import { insertListing } from '../integration/orders/support.ts';
import { generateInvitationCode } from '../../server/src/domain/accounts/invitations.ts';
import { createPointsRedemption } from '../../server/src/domain/points/redemption.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

describeInBrowser('Curio center, check-in, invitations and points redemption in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  /** The big number under a label of the center card (a dl: the term follows its value). */
  async function centerFigure(page: Page, language: string, key: string): Promise<string> {
    const term = page.locator('dt', { hasText: uiText(language, `points:center.${key}`) }).first();
    return (await term.locator('xpath=following-sibling::dd[1] | preceding-sibling::dd[1]').first().innerText()).trim();
  }

  /** An invitation of `inviterId` accepted by a new member, in one of the reward states (ADR 0045). */
  async function acceptedInvitation(inviterId: string, reward: 'waiting' | 'rewarded' | 'capped', invitee: { nickname: string; email?: string }) {
    const friend = await insertTestUser(server.db.db, invitee);
    const now = new Date();
    await server.db.db
      .insertInto('invitations')
      .values({
        inviter_id: inviterId,
        invitation_code: generateInvitationCode(),
        invitee_id: friend.id,
        status: 'accepted',
        accepted_at: now,
        ...(reward === 'rewarded' ? { rewarded_at: now } : reward === 'capped' ? { reward_capped_at: now } : {}),
      })
      .execute();
    return friend;
  }

  test("check in on the center, invite by link; the rewards wait for the friend's first purchase, then both balances show them", async () => {
    const inviter = await openPage(browser, { baseUrl: server.url, language: EN });
    const invitee = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await inviter.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await inviter.page.goto('/');
      const member = await signUpInPage(inviter.page, 'inviter');

      // check in on the center
      await inviter.page.goto('/curio-center');
      const checkIn = inviter.page.getByRole('button', { name: en('points:checkIn.button', { points: 1 }) });
      await checkIn.waitFor();
      await captureScreens(inviter.page, 'points-center-before-check-in-en-light');
      await checkIn.focus();
      await inviter.page.keyboard.press('Enter');
      await inviter.page.getByText(en('points:checkIn.done', { points: 1, streak: 1 })).waitFor();
      await inviter.page.getByText(en('points:checkIn.doneToday'), { exact: true }).waitFor();
      // the welcome points of the verified address (ADR 0030) plus the check-in
      expect(await centerFigure(inviter.page, EN, 'balance')).toBe(String(POINTS_RULES.welcomePoints + 1));
      expect(await server.db.db.selectFrom('check_ins').select('streak').where('user_id', '=', member.id).execute()).toEqual([{ streak: 1 }]);

      // create a code on /invitations and copy the link
      await inviter.page.goto('/invitations');
      await inviter.page.getByText(en('points:invitations.empty')).waitFor();
      await inviter.page.getByRole('button', { name: en('points:invite.create') }).click();
      await inviter.page.getByText(en('points:invite.created')).waitFor();
      const codeText = inviter.page.getByTestId('invite-code');
      await expect.poll(async () => (await codeText.innerText()).trim()).toMatch(/^[A-Z2-9]{8}$/);
      const code = (await codeText.innerText()).trim();
      await inviter.page.getByRole('listitem').filter({ hasText: code }).getByText(en('points:invitations.status.pending'), { exact: true }).waitFor();

      await inviter.page.getByRole('button', { name: en('points:invite.copyLink') }).click();
      await inviter.page.getByText(en('points:invite.linkCopied')).waitFor();
      await inviter.page.getByRole('button', { name: en('points:invite.copied') }).waitFor();
      const link = await inviter.page.evaluate(() => navigator.clipboard.readText());
      expect(link).toBe(`${server.url}/auth?invite=${code}`);
      // the copied state lasts two seconds
      await inviter.page.getByRole('button', { name: en('points:invite.copyLink') }).waitFor({ timeout: 4_000 });

      // a new browser opens the link and signs up with the code filled in
      await invitee.page.goto(link);
      await invitee.page.getByText(en('auth:signup.invitedNotice')).waitFor();
      await expect.poll(() => invitee.page.getByLabel(en('auth:fields.invitationCode')).inputValue()).toBe(code);
      const inviteeEmail = `e2e-invitee-${Date.now()}@example.com`;
      await invitee.page.getByRole('textbox', { name: en('auth:fields.email'), exact: true }).fill(inviteeEmail);
      await invitee.page.getByRole('textbox', { name: en('auth:fields.password'), exact: true }).fill('e2e-secret-123');
      await invitee.page.getByRole('button', { name: en('auth:actions.signup') }).click();
      // the rewards wait for the mailed link: the inviter has nothing yet
      await invitee.page.getByTestId('verification-sent').waitFor({ timeout: 30_000 });
      await invitee.page.getByTestId('invitation-outcome').getByText(en('auth:signup.invitationApplied')).waitFor();
      await invitee.page.goto(await waitForMailedLink(server, inviteeEmail, '/verify-email'));
      await invitee.page.waitForURL((url) => !url.pathname.startsWith('/verify-email'), { timeout: 30_000 });

      // verifying pays the invitee's welcome points only: the invitation waits for a first purchase (ADR 0045)
      await invitee.page.goto('/curio-center');
      await expect.poll(() => centerFigure(invitee.page, EN, 'balance')).toBe(String(POINTS_RULES.welcomePoints));
      await inviter.page.goto('/invitations');
      const invitationRow = inviter.page.getByRole('listitem').filter({ hasText: code });
      await invitationRow.getByText(en('points:invitations.status.accepted'), { exact: true }).waitFor();
      await invitationRow.getByText(en('points:invitations.reward.waiting'), { exact: true }).waitFor();
      await inviter.page.goto('/curio-center');
      await expect.poll(() => centerFigure(inviter.page, EN, 'invitesAccepted')).toBe('1');
      expect(await centerFigure(inviter.page, EN, 'balance')).toBe(String(1 + POINTS_RULES.welcomePoints));

      // the invitee buys from a third member, who ships, and confirms receipt
      const inviteeRow = await server.db.db.selectFrom('users').select('id').where('email', '=', inviteeEmail).executeTakeFirstOrThrow();
      const seller = await insertTestUser(server.db.db, { nickname: 'Third member' });
      // 10 USDN: too little for order points of its own (rule O-17), so the balances show the invitation alone
      const listingId = await insertListing(server.db.db, seller.id, { priceCents: 1_000, quantity: 1 });
      await fundUsdn(server, inviteeRow.id, 1_000);
      const { orderId } = await mutateInPage<{ orderId: string }>(invitee.page, 'orders.purchase', { listingId, quantity: 1, idempotencyKey: randomUUID() });
      const sellerSession = await openPage(browser, { baseUrl: server.url, language: EN });
      try {
        await sellerSession.page.goto('/');
        await mutateInPage(sellerSession.page, 'auth.signIn', { email: seller.email, password: TEST_PASSWORD });
        await mutateInPage(sellerSession.page, 'orders.ship', { orderId, deliveryInfo: 'SF Express 1234567890' });
      } finally {
        await sellerSession.close();
      }
      await mutateInPage(invitee.page, 'orders.confirmReceipt', { orderId, idempotencyKey: randomUUID() });

      await invitee.page.goto('/curio-center');
      await expect.poll(() => centerFigure(invitee.page, EN, 'balance')).toBe(String(LIMITS.inviteeRewardPoints + POINTS_RULES.welcomePoints));
      expect(await centerFigure(invitee.page, EN, 'lifetimeEarned')).toBe(String(LIMITS.inviteeRewardPoints + POINTS_RULES.welcomePoints));

      await inviter.page.goto('/curio-center?tab=rewards');
      await expect.poll(() => centerFigure(inviter.page, EN, 'balance')).toBe(String(LIMITS.inviterRewardPoints + 1 + POINTS_RULES.welcomePoints));
      expect(await centerFigure(inviter.page, EN, 'invitesAccepted')).toBe('1');
      await inviter.page.getByText(en('points:rewards.type.invite'), { exact: true }).waitFor();
      await inviter.page.getByText(en('points:rewards.type.daily_check_in'), { exact: true }).waitFor();

      await inviter.page.goto('/invitations');
      await inviter.page
        .getByRole('listitem')
        .filter({ hasText: code })
        .getByText(en('points:invitations.reward.rewarded', { points: LIMITS.inviterRewardPoints }), { exact: true })
        .waitFor();

      // the same link once more, typed in small letters: the account is made without the reward, and the panel says why
      const latecomer = await openPage(browser, { baseUrl: server.url, language: EN });
      try {
        await latecomer.page.goto(`/auth?invite=${code.toLowerCase()}`);
        await latecomer.page.getByRole('textbox', { name: en('auth:fields.email'), exact: true }).fill(`e2e-latecomer-${Date.now()}@example.com`);
        await latecomer.page.getByRole('textbox', { name: en('auth:fields.password'), exact: true }).fill('e2e-secret-123');
        await latecomer.page.getByRole('button', { name: en('auth:actions.signup') }).click();
        await latecomer.page.getByTestId('invitation-outcome').getByText(en('auth:signup.invitationUsed')).waitFor({ timeout: 30_000 });
        await captureScreens(latecomer.page, 'auth-invitation-used-en');
        expect(latecomer.pageErrors).toEqual([]);
      } finally {
        await latecomer.close();
      }
      expect(inviter.pageErrors).toEqual([]);
      expect(invitee.pageErrors).toEqual([]);
    } finally {
      await inviter.close();
      await invitee.close();
    }
  });

  test('a visitor opening the center is sent to sign in', async () => {
    const visitor = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await visitor.page.goto('/curio-center');
      await visitor.page.waitForURL(/\/auth/);
      await visitor.page.goto('/points-redemption');
      await visitor.page.waitForURL(/\/auth/);
    } finally {
      await visitor.close();
    }
  });

  test('a redemption request from the form is held and listed in the history', async () => {
    const session = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await session.page.goto('/');
      const member = await signUpInPage(session.page, 'redeemer');
      await fundPoints(server, member.id, 1500);
      await session.page.goto('/points-redemption');
      await session.page.getByLabel(en('points:redemption.points')).fill('999');
      await session.page.getByLabel(en('points:redemption.account')).fill('wx-redeemer');
      await session.page.getByRole('button', { name: en('points:redemption.submit') }).click();
      await session.page
        .getByText(uiText(EN, 'errors:POINTS_REDEMPTION_MINIMUM', { min: 1000 }))
        .first()
        .waitFor();

      await session.page.getByLabel(en('points:redemption.points')).fill('1200');
      await session.page.getByText('¥11.40').waitFor();
      await session.page.locator('label', { hasText: en('points:redemption.methods.alipay') }).click();
      await expect.poll(() => session.page.getByRole('radio', { name: en('points:redemption.methods.alipay') }).isChecked()).toBe(true);
      await session.page.getByRole('button', { name: en('points:redemption.submit') }).click();
      await session.page.getByText(en('points:redemption.submitted')).waitFor();
      await session.page.waitForURL(/tab=history/);
      const row = session.page.getByRole('row').filter({ hasText: 'wx-redeemer', visible: true });
      await row.getByText(en('points:redemption.status.pending')).waitFor();
      await row.getByText('¥11.40').waitFor();
      const stored = await server.db.db.selectFrom('points_withdrawal_requests').selectAll().where('user_id', '=', member.id).execute();
      expect(stored).toMatchObject([{ points_amount: 1200, fee_points: 60, cash_amount_cents: 1140, withdrawal_method: 'alipay', status: 'pending' }]);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  /** A member with something in every tab: check-in, a listing, a buying request, a redemption, an invitation. */
  async function seededMember(page: Page, label: string) {
    await page.goto('/');
    const member = await signUpInPage(page, label);
    await fundPoints(server, member.id, 2400);
    await mutateInPage(page, 'points.checkIn', { timeZone: 'Asia/Shanghai' });
    await mutateInPage(page, 'marketplace.listings.create', {
      title: '黄铜罗盘 Brass compass',
      description: 'Working compass in a brass case.',
      category: 'goods',
      unit: 'piece',
      quantity: 1,
      priceCents: 4_200,
      tags: ['compass'],
      idempotencyKey: `compass-${member.id}`,
    });
    await mutateInPage(page, 'marketplace.buyingRequests.create', {
      title: '寻找老式胶片相机 Film camera wanted',
      description: 'Looking for a working 35 mm film camera.',
      budgetMinCents: 10_000,
      budgetMaxCents: 30_000,
    });
    await mutateInPage(page, 'points.redemption.create', { points: 1000, method: 'wechat', account: 'wxid_curio_2026', idempotencyKey: `redeem-${member.id}` });
    await mutateInPage(page, 'points.invitations.create', {});
    // friends who joined, one in each reward state (ADR 0045)
    await acceptedInvitation(member.id, 'capped', { nickname: '阿城 Cheng' });
    await acceptedInvitation(member.id, 'rewarded', { nickname: 'Rosalind Featherstonehaugh' });
    await acceptedInvitation(member.id, 'waiting', { nickname: '小林 Kobayashi' });
    return member;
  }

  for (const language of ['zh-CN', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`screens of the center, invitations and redemption (${language}, ${theme})`, async () => {
        const session = await openPage(browser, { baseUrl: server.url, language, theme });
        try {
          await seededMember(session.page, `screens-${language}-${theme}`);
          const suffix = `${language}-${theme}`;
          for (const tab of ['listings', 'activities', 'buying', 'rewards'] as const) {
            await session.page.goto(tab === 'listings' ? '/curio-center' : `/curio-center?tab=${tab}`);
            await session.page.getByText(uiText(language, 'points:checkIn.doneToday'), { exact: true }).waitFor();
            const selected = session.page.getByRole('tab', { name: uiText(language, `profiles:tabs.${tab}`) });
            await expect.poll(() => selected.getAttribute('aria-selected')).toBe('true');
            if (tab === 'rewards') await session.page.getByText(uiText(language, 'points:rewards.type.daily_check_in')).first().waitFor();
            if (tab === 'buying') await session.page.getByText('Film camera wanted', { exact: false }).first().waitFor();
            if (tab === 'listings') await session.page.getByText('Brass compass', { exact: false }).first().waitFor();
            await session.page.waitForLoadState('networkidle');
            await captureScreens(session.page, `points-center-${tab}-${suffix}`);
          }
          await session.page.goto('/invitations');
          await session.page.getByText(uiText(language, 'points:invitations.status.pending')).first().waitFor();
          const list = session.page.getByRole('list', { name: uiText(language, 'points:invitations.listLabel') });
          for (const reward of ['waiting', 'capped'] as const) await list.getByText(uiText(language, `points:invitations.reward.${reward}`)).waitFor();
          await list.getByText(uiText(language, 'points:invitations.reward.rewarded', { points: LIMITS.inviterRewardPoints })).waitFor();
          await captureScreens(session.page, `points-invitations-${suffix}`);
          await session.page.goto('/points-redemption');
          await session.page.getByLabel(uiText(language, 'points:redemption.points')).fill('1500');
          await captureScreens(session.page, `points-redemption-apply-${suffix}`);
          await session.page.goto('/points-redemption?tab=history');
          await session.page.getByText('wxid_curio_2026').filter({ visible: true }).first().waitFor();
          await captureScreens(session.page, `points-redemption-history-${suffix}`);
          expect(session.pageErrors).toEqual([]);
        } finally {
          await session.close();
        }
      });
    }
  }
  test("the points-redemption queue shows each requester's invitation figures and flags a farm", async () => {
    const farmer = await insertTestUser(server.db.db, { nickname: '刷分号 Farmer' });
    const tag = randomUUID().slice(0, 6);
    for (let i = 1; i <= 12; i++) {
      const sock = await acceptedInvitation(farmer.id, 'waiting', { nickname: `sock${i}`, email: `sock${i}-${tag}@catchall.example` });
      await server.db.db.updateTable('users').set({ sign_up_address_block: '203.0.113.0/24' }).where('id', '=', sock.id).execute();
    }
    await fundPoints(server, farmer.id, 2_005);
    const farmed = await createPointsRedemption(server.running.services, farmer.id, {
      points: 2_005,
      method: 'alipay',
      account: 'farmer-payout@alipay.example',
      idempotencyKey: randomUUID(),
    });
    const honest = await insertTestUser(server.db.db, { nickname: 'Honest Ann' });
    const friend = await acceptedInvitation(honest.id, 'rewarded', { nickname: 'Ann friend', email: `friend-${tag}@mail-one.example` });
    await server.db.db.updateTable('users').set({ sign_up_address_block: '198.51.100.0/24' }).where('id', '=', friend.id).execute();
    await fundPoints(server, honest.id, 1_200);
    await createPointsRedemption(server.running.services, honest.id, {
      points: 1_200,
      method: 'wechat',
      account: 'wxid_ann_2026',
      idempotencyKey: randomUUID(),
    });
    const admin = await insertTestUser(server.db.db, { admin: true, nickname: 'Queue admin' });

    for (const [language, theme] of [
      ['en', 'light'],
      ['zh-CN', 'dark'],
    ] as const) {
      const session = await openPage(browser, { baseUrl: server.url, language, theme });
      try {
        await session.page.goto('/');
        await mutateInPage(session.page, 'auth.signIn', { email: admin.email, password: TEST_PASSWORD });
        await session.page.goto('/admin?tab=withdrawals');
        const row = session.page.getByTestId(`admin-points-withdrawal-${farmed.id}`);
        await row.getByText(uiText(language, 'admin-operations:withdrawals.referrals.flagged')).waitFor();
        const signals = row.getByTestId('referral-signals');
        expect(await signals.getAttribute('data-flagged')).toBe('true');
        for (const [key, n] of [
          ['invitees', 12],
          ['sameBlock', 12],
          ['sameDomain', 12],
          ['neverTraded', 12],
        ] as const) {
          await signals.getByText(uiText(language, `admin-operations:withdrawals.referrals.${key}`, { n }), { exact: false }).waitFor();
        }
        await signals.getByText('catchall.example', { exact: false }).waitFor();
        await session.page.getByText('Honest Ann').first().waitFor();
        await captureScreens(session.page, `admin-points-redemptions-signals-${language}-${theme}`);
        expect(session.pageErrors).toEqual([]);
      } finally {
        await session.close();
      }
    }
  });
});
