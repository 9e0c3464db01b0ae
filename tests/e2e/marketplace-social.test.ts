import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundPoints, mutateInPage, signUpInPage } from '../helpers/e2e-marketplace.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

const TITLE = '黄铜罗盘 Brass compass';

describeInBrowser('liking, favouriting and following from a listing page, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  function likeButton(page: Page, liked: boolean, count: number) {
    return page.getByRole('button', { name: en(liked ? 'social:like.undoLabel' : 'social:like.label', { count }), exact: true });
  }
  function favoriteButton(page: Page, favorited: boolean, count: number) {
    return page.getByRole('button', {
      name: en(favorited ? 'social:favorite.undoLabel' : 'social:favorite.label', { count }),
      exact: true,
    });
  }
  function followButton(page: Page, following: boolean) {
    return page
      .getByRole('region', { name: en('listing:seller.label') })
      .getByRole('button', { name: en(following ? 'social:follow.unfollow' : 'social:follow.follow'), exact: true });
  }

  async function stored(listingId: string, buyerId: string, sellerId: string) {
    const { db } = server.db;
    const [likes, favorites, follows, listing] = await Promise.all([
      db.selectFrom('listing_likes').select('user_id').where('listing_id', '=', listingId).execute(),
      db.selectFrom('user_favorites').selectAll().where('user_id', '=', buyerId).execute(),
      db.selectFrom('user_follows').selectAll().where('follower_id', '=', buyerId).where('following_id', '=', sellerId).execute(),
      db.selectFrom('listings').select(['likes_count', 'favorites_count']).where('id', '=', listingId).executeTakeFirstOrThrow(),
    ]);
    return {
      likers: likes.length,
      buyerLikes: likes.some((row) => row.user_id === buyerId),
      buyerFavorites: favorites.length,
      buyerFollows: follows.length,
      likesCount: listing.likes_count,
      favoritesCount: listing.favorites_count,
    };
  }

  test('a member likes, favourites and follows; the state survives a reload; unliking takes the count back', async () => {
    const seller = await openPage(browser, { baseUrl: server.url, language: EN });
    const earlyFan = await openPage(browser, { baseUrl: server.url, language: EN });
    const buyer = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await seller.page.goto('/');
      const sellerMember = await signUpInPage(seller.page, 'seller');
      await fundPoints(server, sellerMember.id, 2);
      const listing = await mutateInPage<{ id: string }>(seller.page, 'marketplace.listings.create', {
        title: TITLE,
        description: 'Working compass in a brass case.',
        category: 'goods',
        unit: 'piece',
        quantity: 1,
        priceCents: 4_200,
        tags: ['compass'],
        idempotencyKey: `compass-${sellerMember.id}`,
      });

      // someone else liked it first, so the buyer's like is seen to add one to an existing count
      await earlyFan.page.goto('/');
      await signUpInPage(earlyFan.page, 'fan');
      await mutateInPage(earlyFan.page, 'marketplace.social.toggleLike', { kind: 'listing', id: listing.id });

      const { page, pageErrors } = buyer;
      await page.goto('/');
      const buyerMember = await signUpInPage(page, 'buyer');
      await page.goto(`/listing/${listing.id}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

      await likeButton(page, false, 1).click();
      await likeButton(page, true, 2).waitFor();
      await favoriteButton(page, false, 0).click();
      await favoriteButton(page, true, 1).waitFor();
      await followButton(page, false).click();
      await followButton(page, true).waitFor();
      await page.getByText(en('social:follow.followed'), { exact: true }).first().waitFor();
      expect(await likeButton(page, true, 2).getAttribute('aria-pressed')).toBe('true');
      await expect
        .poll(() => stored(listing.id, buyerMember.id, sellerMember.id))
        .toEqual({ likers: 2, buyerLikes: true, buyerFavorites: 1, buyerFollows: 1, likesCount: 2, favoritesCount: 1 });
      await captureScreens(page, 'marketplace-social-active-en');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await likeButton(page, true, 2).waitFor();
      await favoriteButton(page, true, 1).waitFor();
      await followButton(page, true).waitFor();

      await likeButton(page, true, 2).click();
      await likeButton(page, false, 1).waitFor();
      await expect.poll(async () => (await stored(listing.id, buyerMember.id, sellerMember.id)).likesCount).toBe(1);
      await page.reload();
      await likeButton(page, false, 1).waitFor();
      // unliking touches only the like
      await favoriteButton(page, true, 1).waitFor();
      await followButton(page, true).waitFor();
      expect(await stored(listing.id, buyerMember.id, sellerMember.id)).toEqual({
        likers: 1,
        buyerLikes: false,
        buyerFavorites: 1,
        buyerFollows: 1,
        likesCount: 1,
        favoritesCount: 1,
      });
      await captureScreens(page, 'marketplace-social-unliked-en');

      expect(pageErrors).toEqual([]);
      expect(seller.pageErrors).toEqual([]);
    } finally {
      await buyer.close();
      await earlyFan.close();
      await seller.close();
    }
  });
});
