import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandMark.tsx';
import classes from './AuthCard.module.css';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** Centered card on wide screens, full width on phones: the frame of /auth and /reset-password. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  const { t } = useTranslation('auth');
  return (
    <div className={classes.page}>
      <section className={classes.card}>
        <Stack gap="lg">
          <Group justify="space-between" align="center">
            <Anchor component={Link} to="/" size="sm" c="dimmed">
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={16} aria-hidden="true" />
                {t('backHome')}
              </Group>
            </Anchor>
          </Group>
          <Stack gap={6} align="center" ta="center">
            <BrandMark />
            <Text size="sm" c="dimmed">
              {t('tagline')}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Title order={1} fz="h3">
              {title}
            </Title>
            {subtitle ? (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </section>
    </div>
  );
}
