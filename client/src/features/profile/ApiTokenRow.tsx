import { Badge, Button, Code, Group, Paper, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiTokenScope } from '@curio/shared';
import { SCOPE_COLORS } from './api-token-options.ts';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export interface ApiTokenRowData {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiTokenScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
}

/**
 * One of the member's tokens: its name and first characters, what it may do, when it was made,
 * last used and stops working, a switch for moving money out, and revoking it.
 */
export function ApiTokenRow({
  row,
  walletPending,
  onWallet,
  onRevoke,
}: {
  row: ApiTokenRowData;
  /** The wallet value being saved for this row, shown at once; null while nothing is pending. */
  walletPending: boolean | null;
  onWallet: (wallet: boolean) => void;
  onRevoke: () => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const wallet = walletPending ?? row.scopes.includes('wallet');
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid={`api-token-${row.id}`}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate="end" maw="100%">
              {row.name}
            </Text>
            <Code>{`${row.prefix}…`}</Code>
          </Group>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={onRevoke}
            aria-label={t('tokens.revokeNamed', { name: row.name })}
            style={{ flexShrink: 0 }}
          >
            {t('tokens.revoke')}
          </Button>
        </Group>
        <Group gap={6} wrap="wrap">
          <VisuallyHidden>{t('tokens.scopesOf')}</VisuallyHidden>
          {row.scopes.map((scope) => (
            <Badge key={scope} size="sm" variant="light" color={SCOPE_COLORS[scope]} data-testid={`token-badge-${scope}`}>
              {t(`tokens.scopes.${scope}.label`)}
            </Badge>
          ))}
        </Group>
        {/* each fact on one piece: the line wraps between them, never inside a date */}
        <Text size="xs" c="dimmed">
          <span style={NO_WRAP}>{t('tokens.created', { date: dateFormat.format(row.createdAt) })}</span>
          {' · '}
          <span style={NO_WRAP}>{row.lastUsedAt ? t('tokens.lastUsed', { date: dateFormat.format(row.lastUsedAt) }) : t('tokens.neverUsed')}</span>
          {' · '}
          <span style={NO_WRAP} data-testid="token-expiry">
            {row.expiresAt ? t('tokens.expires', { date: dateFormat.format(row.expiresAt) }) : t('tokens.neverExpires')}
          </span>
        </Text>
        <Switch
          checked={wallet}
          disabled={walletPending !== null}
          onChange={(event) => onWallet(event.currentTarget.checked)}
          color={SCOPE_COLORS.wallet}
          label={t('tokens.walletSwitch')}
          description={t('tokens.walletSwitchHint')}
          aria-label={t('tokens.walletSwitchNamed', { name: row.name })}
        />
      </Stack>
    </Paper>
  );
}
