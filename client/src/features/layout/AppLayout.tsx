import { AppShell, Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CurrencyProvider } from '../currency/CurrencyProvider.tsx';
import { useAdoptSavedLanguage } from '../language/use-language-preference.ts';
import { VerifyEmailBanner } from '../auth/VerifyEmailBanner.tsx';
import { AppHeader } from './AppHeader.tsx';
import { CustomerServiceButton } from './CustomerServiceButton.tsx';
import { MobileBottomBar } from './MobileBottomBar.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { useLiveCounterSubscriptions } from './use-live-counters.ts';
import { useSignOutOnBan } from '../auth/use-sign-out-on-ban.ts';
import classes from './layout.module.css';

const MAIN_CONTENT_ID = 'main-content';

/** The chrome around every screen: top bar, page footer, phone bottom bar, support button. */
export function AppLayout() {
  const { t } = useTranslation('common');
  useAdoptSavedLanguage();
  useLiveCounterSubscriptions();
  useSignOutOnBan();

  return (
    <CurrencyProvider>
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
