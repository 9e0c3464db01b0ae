import { useEffect } from 'react';
import { Center, Container, Loader, Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf } from '../../lib/app-error.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { ListingForm } from '../publish/ListingForm.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/**
 * /edit-listing/:id and /listing/:id/edit: the owner's edit form. Visitors go to /auth; anyone
 * else is told they have no permission and sent home, as is anyone asking for a missing listing.
 */
export function EditListingPage() {
  const { t } = useTranslation(['listing', 'errors']);
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const { user } = useRequireMember();
  const listing = trpc.marketplace.listings.get.useQuery({ id: id ?? '' }, { enabled: Boolean(id) && user !== null, retry: false });
  useDocumentTitle(`${t('listing:edit.title')} · ${BRAND}`);

  const forbidden = listing.data !== undefined && !listing.data.viewer.isOwner;
  const failedCode = listing.error ? appErrorOf(listing.error).code : null;
  useEffect(() => {
    if (!forbidden && !failedCode) return;
    const code = forbidden
      ? 'LISTING_EDIT_FORBIDDEN'
      : failedCode === 'LISTING_NOT_FOUND' || failedCode === 'VALIDATION_FAILED'
        ? 'LISTING_NOT_FOUND'
        : 'OPERATION_FAILED';
    notifications.show({ id: 'listing-edit-refused', color: 'red', message: t(`errors:${code}`) });
    void navigate('/', { replace: true });
  }, [forbidden, failedCode, navigate, t]);

  if (!user || !listing.data || forbidden) {
    return (
      <Center py={120}>
        <Loader aria-label={t('listing:loading')} />
      </Center>
    );
  }
  return (
    <Container size={760} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <PageHeader title={t('listing:edit.title')} subtitle={t('listing:edit.subtitle')} />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <ListingForm key={listing.data.id} mode="edit" listing={listing.data} />
        </Paper>
      </Stack>
    </Container>
  );
}
