import { AppShell, Box } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CurrencyProvider } from '../currency/CurrencyProvider.tsx';
import { useAdoptSavedLanguage } from '../language/use-language-preference.ts';
import { VerifyEmailBanner } from '../auth/VerifyEmailBanner.tsx';
import { AppHeader } from './AppHeader.tsx';
import { CustomerServiceButton } from './CustomerServiceButton.tsx';
import { MobileBottomBar } from './MobileBottomBar.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { useLiveCounterSubscriptions } from './use-live-counters.ts';
import { useFocusHeadingOnRouteChange } from './use-route-focus.ts';
import { useSignOutOnBan } from '../auth/use-sign-out-on-ban.ts';
import { useRefreshOnRoleChange } from '../auth/use-refresh-on-role-change.ts';
import classes from './layout.module.css';

const MAIN_CONTENT_ID = 'main-content';

/**
 * The chrome around every screen: top bar, page footer, phone bottom bar, support button.
 * A new screen opens at its top with focus on its heading (rule I-17); back and forward return
 * to where the reader was (the router's ScrollRestoration, keyed by history entry). A change of
 * the query that keeps the reader on the same screen (a tab, a filter) passes `preventScrollReset`.
 */
export function AppLayout() {
  const { t } = useTranslation('common');
  useAdoptSavedLanguage();
  useLiveCounterSubscriptions();
  useFocusHeadingOnRouteChange(MAIN_CONTENT_ID);
  useSignOutOnBan();
  useRefreshOnRoleChange();

  return (
    <CurrencyProvider>
      <ScrollRestoration />
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      <AppShell header={{ height: 60 }} footer={{ height: { base: 64, sm: 0 } }} padding={0}>
        <AppShell.Header className={classes.header}>
          <AppHeader />
        </AppShell.Header>
        <AppShell.Main className={classes.main}>
          <VerifyEmailBanner />
          <Box id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.content} style={{ outline: 'none' }}>
            <Outlet />
          </Box>
          <SiteFooter />
        </AppShell.Main>
        <AppShell.Footer hiddenFrom="sm">
          <MobileBottomBar />
        </AppShell.Footer>
      </AppShell>
      <CustomerServiceButton />
    </CurrencyProvider>
  );
}
