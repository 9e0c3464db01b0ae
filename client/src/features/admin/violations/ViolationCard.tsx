import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconArrowRight, IconBan, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZAdminViolationActInput, type TAdminViolation, type TViolationAction } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { translatedSchemaResolver } from '../../../lib/forms.ts';
import { withFieldErrors } from '../kit/admin-form.ts';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { NotesField } from '../kit/NotesField.tsx';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';

const SUCCESS_KEY: Record<TViolationAction, string> = {
  reviewed: 'violations.reviewedToast',
  warning: 'violations.warnedToast',
  banned: 'violations.bannedToast',
};

const NOTES_FIELDS = ['notes'] as const;
const validateNotes = translatedSchemaResolver(ZAdminViolationActInput.pick({ notes: true }));

/**
 * One violation (rules AD-15 and AD-16): type, status, time, sender and receiver, what they typed, and
 * once reviewed the review time, reviewer and notes. Unreviewed ones offer the notes box and
 * the three decisions; warning and ban ask for confirmation first.
 */
export function ViolationCard({ violation }: { violation: TAdminViolation }) {
  const { t, i18n } = useTranslation(['admin-people', 'admin']);
  const form = useForm({ initialValues: { notes: '' }, validate: validateNotes });
  // one mutation per decision, so each shows its own success message
  const mutations = {
    reviewed: trpc.admin.violations.act.useMutation(withFieldErrors(useAdminMutationOptions(t(SUCCESS_KEY.reviewed)), form, NOTES_FIELDS)),
    warning: trpc.admin.violations.act.useMutation(withFieldErrors(useAdminMutationOptions(t(SUCCESS_KEY.warning)), form, NOTES_FIELDS)),
    banned: trpc.admin.violations.act.useMutation(withFieldErrors(useAdminMutationOptions(t(SUCCESS_KEY.banned)), form, NOTES_FIELDS)),
  };
  const busy = Object.values(mutations).some((mutation) => mutation.isPending);

  const run = (action: TViolationAction) => {
    mutations[action].mutate({ violationId: violation.id, action, notes: form.values.notes.trim() || null });
  };
  const confirm = (action: 'warning' | 'banned') =>
    modals.openConfirmModal({
      title: <Text fw={700}>{t(action === 'warning' ? 'violations.warnTitle' : 'violations.banTitle', { name: violation.sender.nickname })}</Text>,
      children: <Text size="sm">{t(action === 'warning' ? 'violations.warnBody' : 'violations.banBody')}</Text>,
      labels: { confirm: t(action === 'warning' ? 'violations.warn' : 'violations.ban'), cancel: t('admin:kit.cancel') },
      confirmProps: { color: action === 'warning' ? 'yellow' : 'red' },
      centered: true,
      onConfirm: () => run(action),
    });
  // the notes are checked before any decision, and before its confirmation
  const checked = (decide: () => void) => () => form.onSubmit(decide)();

  const unreviewed = violation.status === 'unreviewed';
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`violation-${violation.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6}>
            <Badge variant="filled" color="grape" radius="sm">
              {t(`violations.types.${violation.type}`)}
            </Badge>
            <AdminStatusBadge status={violation.status} />
            {violation.senderBanned && violation.status !== 'banned' && (
              <Badge variant="outline" color="red" radius="sm">
                {t('violations.senderBanned')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {formatFull(violation.createdAt, i18n.language)}
          </Text>
        </Group>
        <Group gap={6} wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('violations.sender')}
          </Text>
          <MemberLink userId={violation.sender.id} nickname={violation.sender.nickname} />
          <IconArrowRight size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            {t('violations.receiver')}
          </Text>
          <MemberLink userId={violation.receiver.id} nickname={violation.receiver.nickname} />
        </Group>
        <Paper bg="var(--mantine-color-default-hover)" radius="sm" p="xs">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="violation-content">
            {violation.originalContent}
          </Text>
        </Paper>
        {violation.detectedPatterns.length > 0 && (
          <Group gap={4} wrap="wrap">
            <Text size="xs" c="dimmed">
              {t('violations.detected')}
            </Text>
            {violation.detectedPatterns.map((pattern, index) => (
              <Code key={`${pattern}-${index}`} style={{ overflowWrap: 'anywhere' }}>
                {pattern}
              </Code>
            ))}
          </Group>
        )}

        {unreviewed ? (
          <Stack gap="xs">
            <NotesField label={t('violations.notes')} placeholder={t('violations.notesPlaceholder')} {...form.getInputProps('notes')} minRows={1} />
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCheck size={14} />}
                loading={mutations.reviewed.isPending}
                disabled={busy}
                onClick={checked(() => run('reviewed'))}
              >
                {t('violations.markReviewed')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="yellow"
                leftSection={<IconAlertTriangle size={14} />}
                loading={mutations.warning.isPending}
                disabled={busy}
                onClick={checked(() => confirm('warning'))}
              >
                {t('violations.warn')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconBan size={14} />}
                loading={mutations.banned.isPending}
                disabled={busy}
                onClick={checked(() => confirm('banned'))}
              >
                {t('violations.ban')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('violations.reviewedBy', {
                name: violation.reviewer?.nickname ?? t('violations.formerAdmin'),
                date: violation.reviewedAt ? formatFull(violation.reviewedAt, i18n.language) : '',
              })}
            </Text>
            {violation.notes && <Text size="sm">{t('violations.notesShown', { notes: violation.notes })}</Text>}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
