import { ActionIcon, Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const SCHEMES: { value: MantineColorScheme; labelKey: 'theme.light' | 'theme.dark' | 'theme.system'; Icon: typeof IconSun }[] = [
  { value: 'light', labelKey: 'theme.light', Icon: IconSun },
  { value: 'dark', labelKey: 'theme.dark', Icon: IconMoon },
  // Mantine's 'auto' follows the system; app/theme.ts stores it as 'system'
  { value: 'auto', labelKey: 'theme.system', Icon: IconDeviceDesktop },
];

function isColorScheme(value: string): value is MantineColorScheme {
  return value === 'light' || value === 'dark' || value === 'auto';
}

/** Light / dark / system switcher for the top bar. */
export function ThemeSwitcher() {
  const { t } = useTranslation('common');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = SCHEMES.find((scheme) => scheme.value === colorScheme) ?? SCHEMES[2]!;
  const label = t('theme.label');

  return (
    <Menu position="bottom-end" width={170} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`${label}: ${t(current.labelKey)}`}>
          <current.Icon size={20} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        <Menu.RadioGroup
          value={colorScheme}
          onChange={(next) => {
            if (isColorScheme(next)) setColorScheme(next);
          }}
        >
          {SCHEMES.map(({ value, labelKey, Icon }) => (
            <Menu.RadioItem key={value} value={value} closeMenuOnClick rightSection={<Icon size={16} stroke={1.6} />}>
              {t(labelKey)}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
