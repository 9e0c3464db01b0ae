import { createBrowserRouter } from 'react-router';
import { AppLayout } from '../features/layout/AppLayout.tsx';
import { NotFoundPage } from '../features/layout/NotFoundPage.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { SitemapPage } from '../features/sitemap/SitemapPage.tsx';
import { AuthPage } from '../features/auth/AuthPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { ProfileEditPage } from '../features/profile/ProfileEditPage.tsx';

/** Route table (spec 3 "Consolidated route table"); areas of later issues add their routes here. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/profile/edit', element: <ProfileEditPage /> },
      { path: '/sitemap', element: <SitemapPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
