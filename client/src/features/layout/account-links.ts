import {
  IconArrowsExchange,
  IconBuildingBank,
  IconClipboardList,
  IconCoins,
  IconGift,
  IconHistory,
  IconHeart,
  IconMessageCircle,
  IconReceipt,
  IconStar,
  IconTag,
  IconUserEdit,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';

export interface AccountLink {
  to: string;
  /** Key in the `common` namespace. */
  labelKey: `account.${string}`;
  Icon: typeof IconWallet;
}

/** The account menu of rule I-6, grouped; routes from rule I-9. */
export const ACCOUNT_LINK_GROUPS: { labelKey: `account.${string}`; links: AccountLink[] }[] = [
  {
    labelKey: 'account.groupTrading',
    links: [
      { to: '/messages', labelKey: 'account.messages', Icon: IconMessageCircle },
      { to: '/buying-requests/my', labelKey: 'account.myBuyingRequests', Icon: IconClipboardList },
      { to: '/buying-requests/offers', labelKey: 'account.myOffers', Icon: IconTag },
      { to: '/orders', labelKey: 'account.orders', Icon: IconReceipt },
    ],
  },
  {
    labelKey: 'account.groupCollection',
    links: [
      { to: '/profile?tab=favorites', labelKey: 'account.favorites', Icon: IconStar },
      { to: '/profile?tab=likes', labelKey: 'account.likes', Icon: IconHeart },
      { to: '/profile?tab=following', labelKey: 'account.following', Icon: IconUsers },
      { to: '/profile/edit', labelKey: 'account.editProfile', Icon: IconUserEdit },
    ],
  },
  {
    labelKey: 'account.groupWallet',
    links: [
      { to: '/recharge', labelKey: 'account.recharge', Icon: IconWallet },
      { to: '/wallet', labelKey: 'account.balanceHistory', Icon: IconHistory },
      { to: '/curio-center', labelKey: 'account.pointsCenter', Icon: IconCoins },
      { to: '/transfer', labelKey: 'account.transfer', Icon: IconArrowsExchange },
      { to: '/withdrawal', labelKey: 'account.withdrawal', Icon: IconBuildingBank },
      { to: '/invitations', labelKey: 'account.invitations', Icon: IconGift },
    ],
  },
];
