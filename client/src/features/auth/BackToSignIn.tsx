import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The link under the auth page's secondary panels that returns to the sign-in form. */
export function BackToSignIn({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Group justify="center">
      <Anchor component="button" type="button" size="sm" onClick={onClick}>
        {t('actions.backToSignIn')}
      </Anchor>
    </Group>
  );
}
