import { createBrowserRouter } from 'react-router';
import { AppLayout } from '../features/layout/AppLayout.tsx';
import { HomePage } from '../features/home/HomePage.tsx';

/**
 * Route table (spec 3 "Consolidated route table"); areas of later issues add their routes here.
 * The home page ships in the first bundle; every other screen is its own chunk, loaded on visit.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', lazy: async () => ({ Component: (await import('../features/auth/AuthPage.tsx')).AuthPage }) },
      {
        path: '/reset-password',
        lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage.tsx')).ResetPasswordPage }),
      },
      {
        path: '/profile/edit',
        lazy: async () => ({ Component: (await import('../features/profile/ProfileEditPage.tsx')).ProfileEditPage }),
      },
      { path: '/sitemap', lazy: async () => ({ Component: (await import('../features/sitemap/SitemapPage.tsx')).SitemapPage }) },
      { path: '*', lazy: async () => ({ Component: (await import('../features/layout/NotFoundPage.tsx')).NotFoundPage }) },
    ],
  },
]);
