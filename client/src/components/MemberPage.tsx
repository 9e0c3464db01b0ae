import type { ReactNode } from 'react';
import { Center, Container, Loader, Stack, type ContainerProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { BRAND, type TSessionUser } from '@curio/shared';
import { useRequireMember } from '../features/auth/use-require-member.ts';
import { PageHeader } from './PageHeader.tsx';

/**
 * The frame of a member-only form or list screen: the page title (rule I-16), visitors sent to
 * /auth and back (rule I-11), a loader until the session is known, then one column opening with
 * the page header. The children render only for a signed-in member, who may be passed to them.
 */
export function MemberPage({
  title,
  subtitle,
  size = 'md',
  children,
}: {
  title: string;
  subtitle?: string;
  size?: ContainerProps['size'];
  children: ReactNode | ((user: TSessionUser) => ReactNode);
}) {
  const { t } = useTranslation('common');
  const { user } = useRequireMember();
  useDocumentTitle(`${title} · ${BRAND}`);
  if (!user) {
    return (
      <Center py={120}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  return (
    <Container size={size} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHeader title={title} subtitle={subtitle} />
        {typeof children === 'function' ? children(user) : children}
      </Stack>
    </Container>
  );
}
