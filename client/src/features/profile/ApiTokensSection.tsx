import { useState } from 'react';
import { ActionIcon, Alert, Button, Code, CopyButton, Divider, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconMailExclamation, IconTerminal2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useSession } from '../auth/use-session.ts';
import { useResendVerification } from '../auth/use-resend-verification.ts';
import { ApiTokenRow, type ApiTokenRowData } from './ApiTokenRow.tsx';
import { CreateApiTokenForm } from './CreateApiTokenForm.tsx';

const EXAMPLE_SCRIPT = 'scripts/examples/call-with-token.ts';

/**
 * Personal access tokens for scripts (rule A-17, engineering rules E-10 and E-16, ADR 0044):
 * listed with what each may do and until when, created with chosen scopes and life (shown once),
 * their wallet moves switched off or on, revoked. Creating needs a verified e-mail.
 */
export function ApiTokensSection() {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  const utils = trpc.useUtils();
  const tokens = trpc.auth.apiTokens.list.useQuery();
  const revoke = trpc.auth.apiTokens.revoke.useMutation();
  const setWallet = trpc.auth.apiTokens.setWallet.useMutation();
  const [fresh, setFresh] = useState<{ name: string; token: string } | null>(null);

  const changeWallet = (row: ApiTokenRowData, wallet: boolean) =>
    setWallet.mutate(
      { id: row.id, wallet },
      {
        onSuccess: (summary) => {
          utils.auth.apiTokens.list.setData(undefined, (rows) => rows?.map((each) => (each.id === summary.id ? summary : each)));
          notifications.show({ color: 'teal', message: t(wallet ? 'tokens.walletOn' : 'tokens.walletOff', { name: row.name }) });
        },
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  const pendingWallet = (row: ApiTokenRowData) => (setWallet.isPending && setWallet.variables?.id === row.id ? setWallet.variables.wallet : null);

  const confirmRevoke = (row: ApiTokenRowData) =>
    openConfirmModal({
      title: t('tokens.revokeTitle'),
      centered: true,
      children: <Text size="sm">{t('tokens.revokeBody', { name: row.name })}</Text>,
      labels: { confirm: t('tokens.revoke'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(
          { id: row.id },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('tokens.revoked', { name: row.name }) });
              if (fresh?.name === row.name) setFresh(null);
              void utils.auth.apiTokens.list.invalidate();
            },
            onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
          },
        ),
    });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="api-tokens-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="xs">
            <IconKey size={20} aria-hidden="true" />
            <Title order={2} fz="h4" id="api-tokens-title">
              {t('tokens.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('tokens.intro')}
          </Text>
        </Stack>

        {fresh ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
            title={t('tokens.createdTitle', { name: fresh.name })}
            role="status"
          >
            <Stack gap="sm">
              <Text size="sm">{t('tokens.createdWarning')}</Text>
              <Group gap="xs" wrap="nowrap" align="center">
                <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label={t('tokens.tokenValue')}>
                  {fresh.token}
                </Code>
                <CopyButton value={fresh.token} timeout={LIMITS.copiedStateMs}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('actions.copied') : t('actions.copy')} withArrow>
                      <ActionIcon
                        size="lg"
                        variant={copied ? 'filled' : 'default'}
                        color={copied ? 'teal' : undefined}
                        onClick={copy}
                        aria-label={copied ? t('actions.copied') : t('actions.copy')}
                      >
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Group justify="flex-end">
                <Button size="xs" variant="default" onClick={() => setFresh(null)}>
                  {t('tokens.dismiss')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}

        {user && !user.emailVerified ? <VerifyToCreate email={user.email} /> : <CreateApiTokenForm isAdmin={user?.isAdmin ?? false} onCreated={setFresh} />}

        <Divider />

        <Text fw={600} size="sm" id="api-token-list-title">
          {t('tokens.listLabel')}
        </Text>
        {tokens.isLoading ? (
          <Stack gap="xs">
            <Skeleton height={56} radius="md" />
            <Skeleton height={56} radius="md" />
          </Stack>
        ) : tokens.isError ? (
          <Text size="sm" c="red">
            {errorMessage(tokens.error)}
          </Text>
        ) : tokens.data && tokens.data.length > 0 ? (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="api-token-list-title">
            {tokens.data.map((row) => (
              <ApiTokenRow
                key={row.id}
                row={row}
                walletPending={pendingWallet(row)}
                onWallet={(wallet) => changeWallet(row, wallet)}
                onRevoke={() => confirmRevoke(row)}
              />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('tokens.empty')}
          </Text>
        )}

        <Paper radius="md" p="md" withBorder style={{ borderStyle: 'dashed' }}>
          <Group gap="xs" mb={6} wrap="nowrap">
            <IconTerminal2 size={18} aria-hidden="true" />
            <Text size="sm" fw={600}>
              {t('tokens.helpTitle')}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('tokens.helpHeader')}
          </Text>
          <Code block my="xs">
            {'Authorization: Bearer <token>'}
          </Code>
          <Text size="sm" c="dimmed">
            {t('tokens.helpExample')} <Code>{EXAMPLE_SCRIPT}</Code>
          </Text>
        </Paper>
      </Stack>
    </Paper>
  );
}

/**
 * In place of the form while the e-mail is unverified (the server refuses with
 * EMAIL_NOT_VERIFIED): why, and the link sent again.
 */
function VerifyToCreate({ email }: { email: string }) {
  const { t } = useTranslation('profile');
  const resend = useResendVerification();
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconMailExclamation size={18} aria-hidden="true" />}
      title={t('tokens.verifyTitle')}
      data-testid="tokens-verify-first"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('tokens.verifyBody', { email })}
        </Text>
        <Button size="compact-sm" variant="default" loading={resend.pending} disabled={resend.coolingDown} onClick={() => resend.send(email)}>
          {resend.label}
        </Button>
      </Stack>
    </Alert>
  );
}
