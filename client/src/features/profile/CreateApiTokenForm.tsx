import { Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_ADMIN_MAX_DAYS, API_TOKEN_SCOPES, DEFAULT_API_TOKEN_SCOPES, LIMITS, ZCreateApiTokenInput, type ApiTokenScope } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';
import { ADMIN_EXPIRY_FALLBACK, EXPIRY_CHOICES, expiryAllowed, expiryFromValue, expiryValue, offeredScopes, SCOPE_COLORS } from './api-token-options.ts';

const FIELD_MESSAGES = { name: 'profile:tokens.nameRequired' };
const FIELDS = ['name', 'expiresInDays'] as const;
const validate = translatedSchemaResolver(ZCreateApiTokenInput, FIELD_MESSAGES);

interface TokenValues {
  name: string;
  scopes: ApiTokenScope[];
  expiresInDays: number | null;
}

/** The scopes as the checkboxes left them, `read` always among them, in the schema's order. */
function scopesFrom(values: readonly string[]): ApiTokenScope[] {
  return API_TOKEN_SCOPES.filter((scope) => scope === 'read' || values.includes(scope));
}

/**
 * A new token: its name, what it may do (rule A-17, ADR 0044) and how long it lives. Each scope
 * says in plain words what it opens; the admin scope is offered to admins only and, once ticked,
 * leaves only the short lives the server accepts for it.
 */
export function CreateApiTokenForm({ isAdmin, onCreated }: { isAdmin: boolean; onCreated: (created: { name: string; token: string }) => void }) {
  const { t } = useTranslation('profile');
  const utils = trpc.useUtils();
  const create = trpc.auth.apiTokens.create.useMutation();
  const form = useForm<TokenValues>({
    initialValues: { name: '', scopes: [...DEFAULT_API_TOKEN_SCOPES], expiresInDays: null },
    validate,
  });
  const { scopes, expiresInDays } = form.values;

  const changeScopes = (values: string[]) => {
    const next = scopesFrom(values);
    form.setFieldValue('scopes', next);
    // ticking admin moves a life it does not allow to the longest one it does, rather than refusing later
    if (!expiryAllowed(expiresInDays, next)) form.setFieldValue('expiresInDays', ADMIN_EXPIRY_FALLBACK);
    form.clearFieldError('expiresInDays');
  };

  const submit = form.onSubmit((values) => {
    create.mutate(values, {
      onSuccess: ({ token, summary }) => {
        onCreated({ name: summary.name, token });
        form.reset();
        void utils.auth.apiTokens.list.invalidate();
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error, FIELDS, FIELD_MESSAGES)) {
          notifications.show({ color: 'red', message: errorMessage(error) });
        }
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="api-token-create-title">
      <Stack gap="md">
        <Text fw={600} size="sm" id="api-token-create-title">
          {t('tokens.createTitle')}
        </Text>
        <TextInput
          label={t('tokens.nameLabel')}
          placeholder={t('tokens.namePlaceholder')}
          maxLength={LIMITS.apiTokenNameMax}
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('name')}
        />
        <Checkbox.Group label={t('tokens.scopesLabel')} description={t('tokens.scopesHint')} value={scopes} onChange={changeScopes}>
          <Stack gap="sm" mt="xs">
            {offeredScopes(isAdmin).map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                color={SCOPE_COLORS[scope]}
                // read is always granted: shown ticked and fixed, its text as readable as the others'
                disabled={scope === 'read'}
                styles={
                  scope === 'read' ? { label: { color: 'inherit', cursor: 'default' }, description: { color: 'var(--mantine-color-dimmed)' } } : undefined
                }
                label={
                  <Text span fw={600} size="sm">
                    {t(`tokens.scopes.${scope}.label`)}
                  </Text>
                }
                description={t(`tokens.scopes.${scope}.description`, { days: API_TOKEN_ADMIN_MAX_DAYS })}
                data-testid={`token-scope-${scope}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Radio.Group
          label={t('tokens.expiryLabel')}
          description={scopes.includes('admin') ? t('tokens.expiryAdminHint', { days: API_TOKEN_ADMIN_MAX_DAYS }) : t('tokens.expiryHint')}
          value={expiryValue(expiresInDays)}
          onChange={(value) => form.setFieldValue('expiresInDays', expiryFromValue(value))}
          error={form.errors.expiresInDays}
        >
          <Group gap="md" mt="xs">
            {EXPIRY_CHOICES.map((days) => (
              <Radio
                key={expiryValue(days)}
                value={expiryValue(days)}
                label={days === null ? t('tokens.expiry.never') : t('tokens.expiry.days', { days })}
                disabled={!expiryAllowed(days, scopes)}
              />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} aria-hidden="true" />}>
            {t('tokens.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
