import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../auth/use-session.ts';

/** The interface language and a way to change it that also saves it for a signed-in member. */
export function useLanguagePreference(): { language: Language; changeLanguage: (next: Language) => void } {
  const { i18n } = useTranslation('common');
  const { user } = useSession();
  const utils = trpc.useUtils();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  const { mutate: savePreference } = trpc.profile.updatePreferences.useMutation({
    onSuccess: (_result, input) => {
      utils.auth.me.setData(undefined, (me) => (me && input.preferredLanguage ? { ...me, preferredLanguage: input.preferredLanguage } : me));
      // the toast is worded in the language just chosen
      notifications.show({ color: 'teal', message: i18n.t('common:language.saved') });
    },
    // failing to save a preference is only logged, never shown
    onError: (error) => console.warn('saving the preferred language failed', error),
  });
  const signedIn = user !== null;

  const changeLanguage = useCallback(
    (next: Language) => {
      if (next === i18n.language) return;
      void i18n.changeLanguage(next);
      if (signedIn) savePreference({ preferredLanguage: next });
    },
    [i18n, signedIn, savePreference],
  );

  return { language, changeLanguage };
}

/**
 * A member's saved language wins over the one this browser remembers, once per sign-in
 * (i18n/index.ts then stores it locally as well); later changes are the member's own.
 */
export function useAdoptSavedLanguage(): void {
  const { i18n } = useTranslation();
  const { user } = useSession();
  const adoptedForUserId = useRef<string | null>(null);
  useEffect(() => {
    if (!user) {
      adoptedForUserId.current = null;
      return;
    }
    if (adoptedForUserId.current === user.id) return;
    adoptedForUserId.current = user.id;
    if (user.preferredLanguage && user.preferredLanguage !== i18n.language) void i18n.changeLanguage(user.preferredLanguage);
  }, [user, i18n]);
}
