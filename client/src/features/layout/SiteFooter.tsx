import type { ReactNode } from 'react';
import { Anchor, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND } from '@curio/shared';
import { BrandLink } from './BrandLink.tsx';
import { useCustomerService } from './use-customer-service.ts';
import classes from './layout.module.css';

function LinkColumn({ title, links, children }: { title: string; links: { to: string; label: string }[]; children?: ReactNode }) {
  return (
    <Stack gap={6} align="flex-start">
      <Title order={2} size="sm">
        {title}
      </Title>
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} className={classes.footerLink}>
          {link.label}
        </Anchor>
      ))}
      {children}
    </Stack>
  );
}

/** Opens the support chat as the floating button does (rule C-11); absent while customer service is off. */
function ContactSupport() {
  const { t } = useTranslation('common');
  const support = useCustomerService();
  if (!support.enabled) return null;
  return (
    <Anchor component="button" type="button" className={classes.footerLink} disabled={support.opening} onClick={() => void support.open()}>
      {t('footer.contact')}
    </Anchor>
  );
}

/** Page footer: about blurb, quick links and the copyright line. */
export function SiteFooter() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();

  const quickLinks = [
    { to: '/', label: t('nav.home') },
    { to: '/create', label: t('nav.publish') },
    { to: '/profile', label: t('nav.userCenter') },
  ];
  const helpLinks = [{ to: '/sitemap', label: t('nav.sitemap') }];

  return (
    <footer className={classes.siteFooter}>
      {/* extra room at the bottom on phones so the floating support button never covers the last line */}
      <Container size="xl" pt="xl" pb={{ base: 88, sm: 'xl' }}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Stack gap="xs">
              <BrandLink />
              <Text size="sm" c="dimmed" maw={380}>
                {t('footer.about')}
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <LinkColumn title={t('footer.quickLinks')} links={quickLinks} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <LinkColumn title={t('footer.help')} links={helpLinks}>
              <ContactSupport />
            </LinkColumn>
          </Grid.Col>
        </Grid>
        {/* kept on the left: the floating support button owns the bottom-right corner */}
        <Stack gap={4} mt="xl" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="xs" c="dimmed">
            {t('footer.copyright', { year, brand: BRAND })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('footer.disclaimer')}
          </Text>
        </Stack>
      </Container>
    </footer>
  );
}
