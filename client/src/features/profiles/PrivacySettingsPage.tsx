import { Alert, Button, Center, Container, Divider, EmptyState, Group, Loader, Paper, Stack, Switch } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconInfoCircle, IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSubmitReason } from '../../components/SubmitReason.tsx';
import { ACTIVITY_TYPES, BRAND, ZUpdatePrivacyInput, type TActivityPrivacy } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { translatedSchemaResolver } from '../../lib/forms.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BlockedMembers } from './BlockedMembers.tsx';

/** /privacy-settings: which kinds of activity others may see on the member's profile, and whom the member blocked. */
export function PrivacySettingsPage() {
  const { t } = useTranslation('profiles');
  const { user } = useRequireMember();
  useDocumentTitle(`${t('privacy.title')} · ${BRAND}`);
  const query = trpc.marketplace.profiles.privacy.useQuery(undefined, { enabled: user !== null });

  let body;
  if (!user || query.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  } else if (query.isError) {
    body = (
      <EmptyState py="xl" icon={<IconMoodEmpty size={28} />} title={t('privacy.loadFailed')}>
        <EmptyState.Actions>
          <Button variant="light" radius="xl" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = <PrivacyForm key={user.id} saved={query.data} />;
  }

  return (
    <Container size={640} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHeader title={t('privacy.title')} subtitle={t('privacy.subtitle')} />
        {body}
        {user && <BlockedMembers />}
      </Stack>
    </Container>
  );
}

const validate = translatedSchemaResolver(ZUpdatePrivacyInput.shape.flags);

function PrivacyForm({ saved }: { saved: TActivityPrivacy }) {
  const { t } = useTranslation(['profiles', 'common']);
  const utils = trpc.useUtils();
  const update = trpc.marketplace.profiles.updatePrivacy.useMutation();
  const form = useForm<TActivityPrivacy>({ initialValues: saved, validate });
  const dirty = ACTIVITY_TYPES.some((type) => form.values[type] !== saved[type]);
  const submitReason = useSubmitReason(dirty ? null : t('common:submitReason.noChanges'));

  const submit = form.onSubmit(async (flags) => {
    try {
      const result = await update.mutateAsync({ flags });
      utils.marketplace.profiles.privacy.setData(undefined, result);
      form.setValues(result);
      void utils.marketplace.profiles.activities.invalidate();
      notifications.show({ color: 'teal', message: t('privacy.saved') });
    } catch {
      notifications.show({ color: 'red', message: t('privacy.saveFailed') });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            {ACTIVITY_TYPES.map((type, index) => (
              <Stack key={type} gap="sm">
                {index > 0 && <Divider />}
                <Switch
                  {...form.getInputProps(type, { type: 'checkbox' })}
                  label={t(`privacy.flags.${type}.label`)}
                  description={t(`privacy.flags.${type}.description`)}
                  labelPosition="left"
                  size="md"
                  styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
                />
              </Stack>
            ))}
          </Stack>
        </Paper>
        <Alert variant="light" color="blue" radius="md" icon={<IconInfoCircle size={18} />}>
          {t('privacy.futureOnly')}
        </Alert>
        <Group justify="flex-end">
          {submitReason.note}
          <Button
            type="submit"
            radius="xl"
            loading={update.isPending}
            disabled={!dirty}
            leftSection={<IconDeviceFloppy size={16} />}
            {...submitReason.describedBy}
          >
            {t('privacy.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
