import { useState } from 'react';
import { ActionIcon, Alert, Button, Code, CopyButton, Flex, Group, Paper, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus, IconTerminal2, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, ZCreateApiTokenInput } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';

const FIELD_MESSAGES = { name: 'profile:tokens.nameRequired' };
const validate = translatedSchemaResolver(ZCreateApiTokenInput, FIELD_MESSAGES);
const EXAMPLE_SCRIPT = 'scripts/examples/call-with-token.ts';

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Personal access tokens for scripts (rule A-17, engineering rule E-10): listed, created (shown once), revoked. */
export function ApiTokensSection() {
  const { t, i18n } = useTranslation('profile');
  const utils = trpc.useUtils();
  const tokens = trpc.auth.apiTokens.list.useQuery();
  const create = trpc.auth.apiTokens.create.useMutation();
  const revoke = trpc.auth.apiTokens.revoke.useMutation();
  const [fresh, setFresh] = useState<{ name: string; token: string } | null>(null);
  const form = useForm({ initialValues: { name: '' }, validate });
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const submit = form.onSubmit((values) => {
    create.mutate(values, {
      onSuccess: ({ token, summary }) => {
        setFresh({ name: summary.name, token });
        form.reset();
        void utils.auth.apiTokens.list.invalidate();
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error, ['name'], FIELD_MESSAGES)) {
          notifications.show({ color: 'red', message: errorMessage(error) });
        }
      },
    });
  });

  const confirmRevoke = (row: TokenRow) =>
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

        <form onSubmit={submit} noValidate>
          <Flex direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-start' }} gap="sm">
            <TextInput
              style={{ flex: 1 }}
              label={t('tokens.nameLabel')}
              placeholder={t('tokens.namePlaceholder')}
              maxLength={LIMITS.apiTokenNameMax}
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            {/* on a row the button lines up with the input, below its label */}
            <Button
              type="submit"
              mt={{ base: 0, xs: 'calc(var(--input-label-size, 0.875rem) * 1.55)' }}
              loading={create.isPending}
              leftSection={<IconPlus size={16} aria-hidden="true" />}
            >
              {t('tokens.create')}
            </Button>
          </Flex>
        </form>

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
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('tokens.listLabel')}>
            {tokens.data.map((row) => (
              <Paper key={row.id} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} size="sm" truncate="end" maw="100%">
                        {row.name}
                      </Text>
                      <Code>{`${row.prefix}…`}</Code>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('tokens.created', { date: dateFormat.format(row.createdAt) })}
                      {' · '}
                      {row.lastUsedAt ? t('tokens.lastUsed', { date: dateFormat.format(row.lastUsedAt) }) : t('tokens.neverUsed')}
                    </Text>
                  </Stack>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    onClick={() => confirmRevoke(row)}
                    aria-label={t('tokens.revokeNamed', { name: row.name })}
                  >
                    {t('tokens.revoke')}
                  </Button>
                </Group>
              </Paper>
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
