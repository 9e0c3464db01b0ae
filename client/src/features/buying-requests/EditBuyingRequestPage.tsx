import { useEffect } from 'react';
import { Center, Container, Loader, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf } from '../../lib/app-error.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { BuyingRequestForm } from './BuyingRequestForm.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /edit-buying-request/:id: the owner edits; anyone else is told 'no permission to edit' and sent home (rule B-4). */
export function EditBuyingRequestPage() {
  const { t } = useTranslation(['buying', 'errors']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useRequireMember();
  const query = trpc.marketplace.buyingRequests.get.useQuery({ id }, { enabled: user !== null, retry: false });
  useDocumentTitle(`${t('buying:edit.title')} · ${BRAND}`);

  const notOwner = query.data !== undefined && !query.data.viewer.isOwner;
  const missing = query.error !== null && appErrorOf(query.error).code !== 'OPERATION_FAILED';
  useEffect(() => {
    if (!notOwner && !missing) return;
    notifications.show({
      id: 'edit-request-refused',
      color: 'red',
      message: notOwner ? t('errors:EDIT_FORBIDDEN') : t('buying:detail.notFound'),
    });
    void navigate('/', { replace: true });
  }, [notOwner, missing, navigate, t]);

  if (!user || !query.data || notOwner) {
    return (
      <Center py={120}>
        <Loader aria-label={t('buying:loading')} />
      </Center>
    );
  }
  return (
    <Container size={720} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHeader title={t('buying:edit.title')} subtitle={t('buying:edit.subtitle')} />
        <BuyingRequestForm mode="edit" requestId={id} />
      </Stack>
    </Container>
  );
}
