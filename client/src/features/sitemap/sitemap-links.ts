import { IconCompass, IconHelpCircle, IconRoute, IconUserCircle, IconUserPlus, IconWallet } from '@tabler/icons-react';

export interface SitemapLink {
  /** A routed path, or a pattern with {placeholders} for `dynamic` sections (shown, not linked). */
  path: string;
  /** Key in the `common` namespace. */
  labelKey: `sitemap.links.${string}`;
}

export interface SitemapSection {
  id: string;
  labelKey: `sitemap.sections.${string}`;
  Icon: typeof IconCompass;
  links: SitemapLink[];
  dynamic?: boolean;
}

/** Every route of rule I-9, grouped as rule I-10 groups them. */
export const SITEMAP_SECTIONS: SitemapSection[] = [
  {
    id: 'core',
    labelKey: 'sitemap.sections.core',
    Icon: IconCompass,
    links: [
      { path: '/', labelKey: 'sitemap.links.home' },
      { path: '/create', labelKey: 'sitemap.links.publishListing' },
      { path: '/create?tab=buying', labelKey: 'sitemap.links.publishRequest' },
      { path: '/messages', labelKey: 'sitemap.links.messages' },
      { path: '/orders', labelKey: 'sitemap.links.orders' },
    ],
  },
  {
    id: 'user',
    labelKey: 'sitemap.sections.user',
    Icon: IconUserCircle,
    links: [
      { path: '/profile', labelKey: 'sitemap.links.profile' },
      { path: '/curio-center', labelKey: 'sitemap.links.pointsCenter' },
      { path: '/profile/edit', labelKey: 'sitemap.links.editProfile' },
      { path: '/privacy-settings', labelKey: 'sitemap.links.privacy' },
      { path: '/buying-requests/my', labelKey: 'sitemap.links.myRequests' },
      { path: '/buying-requests/offers', labelKey: 'sitemap.links.myOffers' },
      { path: '/admin', labelKey: 'sitemap.links.admin' },
    ],
  },
  {
    id: 'finance',
    labelKey: 'sitemap.sections.finance',
    Icon: IconWallet,
    links: [
      { path: '/recharge', labelKey: 'sitemap.links.recharge' },
      { path: '/withdrawal', labelKey: 'sitemap.links.withdrawal' },
      { path: '/transfer', labelKey: 'sitemap.links.transfer' },
      { path: '/wallet', labelKey: 'sitemap.links.balanceHistory' },
      { path: '/points-redemption', labelKey: 'sitemap.links.pointsRedemption' },
    ],
  },
  {
    id: 'invitations',
    labelKey: 'sitemap.sections.invitations',
    Icon: IconUserPlus,
    links: [{ path: '/invitations', labelKey: 'sitemap.links.invitations' }],
  },
  {
    id: 'help',
    labelKey: 'sitemap.sections.help',
    Icon: IconHelpCircle,
    links: [
      { path: '/auth', labelKey: 'sitemap.links.auth' },
      { path: '/sitemap', labelKey: 'sitemap.links.sitemap' },
    ],
  },
  {
    id: 'dynamic',
    labelKey: 'sitemap.sections.dynamic',
    Icon: IconRoute,
    dynamic: true,
    links: [
      { path: '/listing/{id}', labelKey: 'sitemap.links.listingDetail' },
      { path: '/edit-listing/{id}', labelKey: 'sitemap.links.listingEdit' },
      { path: '/buying-requests/{id}', labelKey: 'sitemap.links.requestDetail' },
      { path: '/edit-buying-request/{id}', labelKey: 'sitemap.links.requestEdit' },
      { path: '/profile/{userId}', labelKey: 'sitemap.links.userProfile' },
      { path: '/orders/{id}', labelKey: 'sitemap.links.orderDetail' },
      { path: '/reset-password', labelKey: 'sitemap.links.resetPassword' },
    ],
  },
];
