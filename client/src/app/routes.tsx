import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';
import { AppLayout } from '../features/layout/AppLayout.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary.tsx';

const listingDetail = async () => ({
  Component: (await import('../features/listings/ListingDetailPage.tsx')).ListingDetailPage,
});
const listingEdit = async () => ({ Component: (await import('../features/listings/EditListingPage.tsx')).EditListingPage });
const profilePage = async () => ({ Component: (await import('../features/profiles/ProfilePage.tsx')).ProfilePage });

/**
 * An old or undefined address that leads to the screen it means: `to` (a path, maybe with the
 * tab) plus the query of the link followed, so a bookmarked or mailed link keeps its parameters.
 */
function movedTo(to: string) {
  return ({ request }: LoaderFunctionArgs) => {
    const target = new URL(to, request.url);
    for (const [key, value] of new URL(request.url).searchParams) {
      if (!target.searchParams.has(key)) target.searchParams.append(key, value);
    }
    return redirect(`${target.pathname}${target.search}`);
  };
}

/**
 * Route table (rule I-9); each area adds its routes here.
 * The home page ships in the first bundle; every other screen is its own chunk, loaded on visit.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      {
        // a screen that fails to render or load shows a message inside the header and footer
        errorElement: <RouteErrorBoundary />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/auth', lazy: async () => ({ Component: (await import('../features/auth/AuthPage.tsx')).AuthPage }) },
          {
            path: '/reset-password',
            lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage.tsx')).ResetPasswordPage }),
          },
          {
            path: '/verify-email',
            lazy: async () => ({ Component: (await import('../features/auth/VerifyEmailPage.tsx')).VerifyEmailPage }),
          },
          {
            path: '/profile/edit',
            lazy: async () => ({ Component: (await import('../features/profile/ProfileEditPage.tsx')).ProfileEditPage }),
          },
          { path: '/create', lazy: async () => ({ Component: (await import('../features/publish/CreatePage.tsx')).CreatePage }) },
          { path: '/listing/:id', lazy: listingDetail },
          { path: '/listings/:id', lazy: listingDetail },
          { path: '/edit-listing/:id', lazy: listingEdit },
          { path: '/listing/:id/edit', lazy: listingEdit },
          {
            path: '/buying-requests/my',
            lazy: async () => ({ Component: (await import('../features/buying-requests/MyBuyingRequestsPage.tsx')).MyBuyingRequestsPage }),
          },
          {
            path: '/buying-requests/offers',
            lazy: async () => ({ Component: (await import('../features/offers/MyOffersPage.tsx')).MyOffersPage }),
          },
          {
            path: '/buying-requests/:id',
            lazy: async () => ({ Component: (await import('../features/buying-requests/BuyingRequestDetailPage.tsx')).BuyingRequestDetailPage }),
          },
          {
            path: '/edit-buying-request/:id',
            lazy: async () => ({ Component: (await import('../features/buying-requests/EditBuyingRequestPage.tsx')).EditBuyingRequestPage }),
          },
          { path: '/profile', lazy: profilePage },
          { path: '/curio-center', lazy: profilePage },
          { path: '/profile/:userId', lazy: profilePage },
          {
            path: '/privacy-settings',
            lazy: async () => ({ Component: (await import('../features/profiles/PrivacySettingsPage.tsx')).PrivacySettingsPage }),
          },
          { path: '/orders', lazy: async () => ({ Component: (await import('../features/orders/OrdersPage.tsx')).OrdersPage }) },
          { path: '/orders/:id', lazy: async () => ({ Component: (await import('../features/orders/OrderDetailPage.tsx')).OrderDetailPage }) },
          { path: '/recharge', lazy: async () => ({ Component: (await import('../features/wallet/RechargePage.tsx')).RechargePage }) },
          { path: '/withdrawal', lazy: async () => ({ Component: (await import('../features/wallet/WithdrawalPage.tsx')).WithdrawalPage }) },
          { path: '/transfer', lazy: async () => ({ Component: (await import('../features/wallet/TransferPage.tsx')).TransferPage }) },
          // the transfer screen's old address (it moves USDN, not points: ADR 0027); old links keep working
          { path: '/points-transfer', loader: movedTo('/transfer') },
          // links the requirements use without a screen of their own (ADR 0036)
          { path: '/recharge-usdt', loader: movedTo('/recharge?tab=usdt') },
          { path: '/recharge-code', loader: movedTo('/recharge?tab=code') },
          { path: '/recharge-with-code', loader: movedTo('/recharge?tab=code') },
          { path: '/my-buying-requests', loader: movedTo('/buying-requests/my') },
          { path: '/buying-requests', loader: movedTo('/?type=buyingRequest') },
          { path: '/my-offers', loader: movedTo('/buying-requests/offers') },
          { path: '/settings', loader: movedTo('/profile/edit') },
          { path: '/wallet', lazy: async () => ({ Component: (await import('../features/wallet/BalanceHistoryPage.tsx')).BalanceHistoryPage }) },
          { path: '/invitations', lazy: async () => ({ Component: (await import('../features/points/InvitationsPage.tsx')).InvitationsPage }) },
          { path: '/points-redemption', lazy: async () => ({ Component: (await import('../features/points/PointsRedemptionPage.tsx')).PointsRedemptionPage }) },
          { path: '/messages', lazy: async () => ({ Component: (await import('../features/messages/MessagesPage.tsx')).MessagesPage }) },
          { path: '/notifications', lazy: async () => ({ Component: (await import('../features/notifications/NotificationsPage.tsx')).NotificationsPage }) },
          { path: '/admin', lazy: async () => ({ Component: (await import('../features/admin/AdminConsolePage.tsx')).AdminConsolePage }) },
          { path: '/sitemap', lazy: async () => ({ Component: (await import('../features/sitemap/SitemapPage.tsx')).SitemapPage }) },
          { path: '*', lazy: async () => ({ Component: (await import('../features/layout/NotFoundPage.tsx')).NotFoundPage }) },
        ],
      },
    ],
  },
]);
