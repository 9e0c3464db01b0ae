import { ActionIcon, Button, Menu, useMatches } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '@curio/shared';
import { LANGUAGE_NAMES } from './language-names.ts';
import { useLanguagePreference } from './use-language-preference.ts';

/** Language menu: an icon on small screens, the current language's name from `md` up. */
export function LanguagePicker() {
  const { t } = useTranslation('common');
  const { language, changeLanguage } = useLanguagePreference();
  const showName = useMatches({ base: false, md: true });
  const label = t('language.label');

  return (
    <Menu position="bottom-end" width={180} shadow="md">
      <Menu.Target>
        {showName ? (
          <Button
            variant="subtle"
            color="gray"
            size="sm"
            px="xs"
            aria-label={`${label}: ${LANGUAGE_NAMES[language]}`}
            leftSection={<IconLanguage size={18} stroke={1.6} />}
            rightSection={<IconChevronDown size={14} />}
          >
            {LANGUAGE_NAMES[language]}
          </Button>
        ) : (
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`${label}: ${LANGUAGE_NAMES[language]}`}>
            <IconLanguage size={20} stroke={1.6} />
          </ActionIcon>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        <Menu.RadioGroup
          value={language}
          onChange={(next) => {
            if (isLanguage(next)) changeLanguage(next);
          }}
        >
          {LANGUAGES.map((code) => (
            <Menu.RadioItem key={code} value={code} closeMenuOnClick lang={code}>
              {LANGUAGE_NAMES[code]}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
