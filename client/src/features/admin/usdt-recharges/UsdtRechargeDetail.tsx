import { Anchor, Button, Divider, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ZAdminApproveUsdtRechargeInput, type TAdminUsdtRecharge } from '@curio/shared';
import { translatedSchemaResolver } from '../../../lib/forms.ts';
import { Money } from '../../../components/Money.tsx';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { ExplorerLink } from '../kit/ExplorerLink.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { NotesField } from '../kit/NotesField.tsx';

const ACTIONABLE = new Set(['pending', 'reviewing']);
const validateNotes = translatedSchemaResolver(ZAdminApproveUsdtRechargeInput.pick({ adminNotes: true }));

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Stack gap={0} align="flex-end" style={{ minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>
        {children}
      </Stack>
    </Group>
  );
}

/**
 * The detail dialog of rule AD-22: the member, amount, chain hash (TRON explorer), proof images,
 * admin notes and, once decided, the outcome. A waiting request can be approved here (with
 * optional notes) or handed to the rejection dialog, which asks for the required reason.
 */
export function UsdtRechargeDetail({
  request,
  approving,
  onClose,
  onApprove,
  onReject,
}: {
  request: TAdminUsdtRecharge | null;
  approving: boolean;
  onClose: () => void;
  onApprove: (request: TAdminUsdtRecharge, adminNotes: string) => void;
  onReject: (request: TAdminUsdtRecharge, adminNotes: string) => void;
}) {
  const { t } = useTranslation(['admin-money', 'admin']);
  return (
    <Modal opened={request !== null} onClose={onClose} title={<Text fw={700}>{t('usdt.detailTitle')}</Text>} centered size="lg">
      {request && <DetailBody request={request} approving={approving} onApprove={onApprove} onReject={onReject} />}
    </Modal>
  );
}

function DetailBody({
  request,
  approving,
  onApprove,
  onReject,
}: {
  request: TAdminUsdtRecharge;
  approving: boolean;
  onApprove: (request: TAdminUsdtRecharge, adminNotes: string) => void;
  onReject: (request: TAdminUsdtRecharge, adminNotes: string) => void;
}) {
  const { t, i18n } = useTranslation(['admin-money', 'admin']);
  const form = useForm({ initialValues: { adminNotes: request.adminNotes ?? '' }, validate: validateNotes });
  // approving and rejecting read the same notes, checked first by the same rule
  const decide = (onDecide: (request: TAdminUsdtRecharge, adminNotes: string) => void) =>
    form.onSubmit(({ adminNotes }) => onDecide(request, adminNotes.trim()));
  const actionable = ACTIONABLE.has(request.status);
  return (
    <Stack gap="sm" data-testid="usdt-detail">
      <Line label={t('usdt.member')}>
        <MemberLink userId={request.member.id} nickname={request.member.nickname} />
        <Text size="xs" c="dimmed">
          {request.member.email}
        </Text>
      </Line>
      <Line label={t('usdt.amount')}>
        <Money cents={request.usdtAmountCents} unit="USDT" size="sm" fw={700} />
      </Line>
      <Line label={t('usdt.status')}>
        <AdminStatusBadge status={request.status} />
      </Line>
      <Line label={t('usdt.hash')}>{request.transactionHash ? <ExplorerLink network="tron" hash={request.transactionHash} /> : <Text size="sm">—</Text>}</Line>
      <Line label={t('usdt.submitted')}>
        <Text size="sm">{formatFull(request.createdAt, i18n.language)}</Text>
      </Line>
      {request.creditedCents !== null && (
        <Line label={t('usdt.credited')}>
          <Money cents={request.creditedCents} size="sm" fw={700} c="teal" />
        </Line>
      )}
      {request.reviewedAt && (
        <Line label={t('usdt.reviewed')}>
          <Text size="sm">{request.reviewer?.nickname ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {formatFull(request.reviewedAt, i18n.language)}
          </Text>
        </Line>
      )}
      {request.rejectionReason && (
        <Line label={t('usdt.rejectionReason')}>
          <Text size="sm" c="red">
            {request.rejectionReason}
          </Text>
        </Line>
      )}
      <Divider label={t('usdt.proofs')} labelPosition="left" />
      {request.proofUrls.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('usdt.noProofs')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {request.proofUrls.map((url, index) => (
            <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer" aria-label={t('usdt.proofAlt', { index: index + 1 })}>
              <Image src={url} alt={t('usdt.proofAlt', { index: index + 1 })} radius="sm" h={120} fit="cover" />
            </Anchor>
          ))}
        </SimpleGrid>
      )}
      {actionable ? (
        <form onSubmit={decide(onApprove)} noValidate>
          <Stack gap="sm">
            <NotesField label={t('usdt.adminNotes')} description={t('usdt.adminNotesHint')} {...form.getInputProps('adminNotes')} minRows={2} />
            <Group justify="flex-end" gap="xs">
              <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => decide(onReject)()}>
                {t('usdt.reject')}
              </Button>
              <Button type="submit" color="teal" leftSection={<IconCheck size={16} />} loading={approving} data-testid="usdt-approve">
                {t('usdt.approve')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        request.adminNotes && (
          <Line label={t('usdt.adminNotes')}>
            <Text size="sm">{request.adminNotes}</Text>
          </Line>
        )
      )}
    </Stack>
  );
}
