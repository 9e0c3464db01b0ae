import { useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isReservedNickname,
  isLanguage,
  LIMITS,
  ZUpdateProfileInput,
  type DisplayCurrency,
  type Language,
  type TSessionUser,
} from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf } from '../../lib/app-error.ts';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';
import { AvatarField, type AvatarChange } from './AvatarField.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';
import { AvatarUploadError, avatarFileProblem, uploadAvatar } from './upload-avatar.ts';
import { currencyOptions, languageOptions } from './preference-options.ts';
import { MemberPage } from '../../components/MemberPage.tsx';

interface ProfileValues {
  nickname: string;
  preferredLanguage: Language;
  preferredCurrency: DisplayCurrency;
}

const FIELDS = ['nickname', 'preferredLanguage', 'preferredCurrency'] as const;
const validate = translatedSchemaResolver(ZUpdateProfileInput);

/** /profile/edit: nickname, avatar, preferred currency and language; e-mail read-only; API tokens. */
export function ProfileEditPage() {
  const { t } = useTranslation('profile');
  return (
    <MemberPage title={t('title')} subtitle={t('subtitle')} size={640}>
      {(user) => (
        <>
          {/* keyed by user so a different sign-in starts from that member's values */}
          <ProfileForm key={user.id} user={user} />
          <ApiTokensSection />
        </>
      )}
    </MemberPage>
  );
}

function ProfileForm({ user }: { user: TSessionUser }) {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const utils = trpc.useUtils();
  const update = trpc.profile.update.useMutation();
  const [avatar, setAvatar] = useState<AvatarChange>({ kind: 'keep' });
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const displayCurrency = useDisplayCurrency();

  const uiLanguage: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const form = useForm<ProfileValues>({
    initialValues: {
      nickname: user.nickname,
      preferredLanguage: user.preferredLanguage ?? uiLanguage,
      preferredCurrency: user.preferredCurrency ?? displayCurrency.currency,
    },
    validate: (values) => {
      const errors = validate(values);
      // the server's own rule, shown while typing; staff may use staff names
      if (!errors.nickname && !user.isAdmin && isReservedNickname(values.nickname)) errors.nickname = t('errors:NICKNAME_RESERVED');
      return errors;
    },
    validateInputOnBlur: true,
  });

  const pickAvatar = (file: File | null) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      const message = t(`profile:avatar.${problem}`);
      setAvatarError(message);
      notifications.show({ color: 'red', message });
      return;
    }
    setAvatarError(null);
    setAvatar({ kind: 'replace', file });
  };

  const save = async (values: ProfileValues) => {
    let avatarKey: string | null | undefined;
    if (avatar.kind === 'replace') {
      setUploading(true);
      try {
        avatarKey = (await uploadAvatar(avatar.file)).key;
      } catch (error) {
        const code = error instanceof AvatarUploadError ? error.code : null;
        let message = t('profile:avatar.uploadFailed');
        // the pixel cap also answers "too large": the avatar wording names the 2 MB the member can act on
        if (code === 'UPLOAD_TOO_LARGE') message = t('profile:avatar.tooLarge');
        else if (code && code !== 'OPERATION_FAILED' && code !== 'VALIDATION_FAILED') message = t(`errors:${code}`);
        setAvatarError(message);
        notifications.show({ color: 'red', message });
        return;
      } finally {
        setUploading(false);
      }
    } else if (avatar.kind === 'remove') {
      avatarKey = null;
    }

    update.mutate(
      { ...values, ...(avatarKey === undefined ? {} : { avatarKey }) },
      {
        onSuccess: (updated) => {
          utils.auth.me.setData(undefined, updated);
          setAvatar({ kind: 'keep' });
          setAvatarError(null);
          notifications.show({ color: 'teal', message: t('profile:saved') });
          // the header's currency and the interface language follow the saved preferences at once
          if (values.preferredCurrency !== displayCurrency.currency) displayCurrency.setCurrency(values.preferredCurrency);
          if (values.preferredLanguage !== i18n.resolvedLanguage) void i18n.changeLanguage(values.preferredLanguage);
        },
        onError: (error) => {
          if (showServerFieldErrors(form, error, FIELDS)) return;
          const { code } = appErrorOf(error);
          if (code === 'NICKNAME_RESERVED') {
            form.setFieldError('nickname', t('errors:NICKNAME_RESERVED'));
            return;
          }
          const generic = code === 'OPERATION_FAILED' || code === 'VALIDATION_FAILED';
          notifications.show({ color: 'red', message: t(`errors:${generic ? 'UPDATE_FAILED' : code}`) });
        },
      },
    );
  };

  const busy = uploading || update.isPending;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={t('profile:sectionProfile')}>
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack gap="md">
          <AvatarField
            currentUrl={user.avatarUrl}
            nickname={form.values.nickname || user.nickname}
            change={avatar}
            error={avatarError}
            disabled={busy}
            onPick={pickAvatar}
            onRemove={() => {
              setAvatarError(null);
              setAvatar({ kind: 'remove' });
            }}
          />
          <TextInput label={t('profile:fields.email')} description={t('profile:fields.emailHint')} value={user.email} readOnly variant="filled" type="email" />
          <TextInput
            label={t('profile:fields.nickname')}
            placeholder={t('profile:fields.nicknamePlaceholder')}
            required
            maxLength={LIMITS.nicknameMax}
            autoComplete="nickname"
            {...form.getInputProps('nickname')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" style={{ alignItems: 'end' }}>
            <Select
              label={t('profile:fields.currency')}
              description={t('profile:fields.currencyHint')}
              data={currencyOptions(t)}
              allowDeselect={false}
              checkIconPosition="right"
              {...form.getInputProps('preferredCurrency')}
            />
            <Select
              label={t('profile:fields.language')}
              description={t('profile:fields.languageHint')}
              data={languageOptions()}
              allowDeselect={false}
              checkIconPosition="right"
              {...form.getInputProps('preferredLanguage')}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={busy} w={{ base: '100%', xs: 'auto' }} leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}>
              {t('profile:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
