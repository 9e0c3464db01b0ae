import { createTheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'grape',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif',
  headings: { fontWeight: '700' },
});

export const THEME_STORAGE_KEY = 'theme';

/**
 * Engineering rule E-13 (rule I-3): the theme is stored under 'theme' as light, dark or system.
 * Mantine calls "system" auto, so this manager translates at the storage boundary.
 */
export function themeStorageManager(): MantineColorSchemeManager {
  let handler: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) => {
      try {
        const stored = localStorage.getItem(THEME_STORAGE_KEY);
        if (stored === 'light' || stored === 'dark') return stored;
        if (stored === 'system') return 'auto';
      } catch {
        // storage blocked
      }
      return defaultValue;
    },
    set: (value: MantineColorScheme) => {
      try {
        localStorage.setItem(THEME_STORAGE_KEY, value === 'auto' ? 'system' : value);
      } catch {
        // storage blocked
      }
    },
    subscribe: (onUpdate) => {
      handler = (event) => {
        if (event.key !== THEME_STORAGE_KEY) return;
        const v = event.newValue;
        onUpdate(v === 'light' || v === 'dark' ? v : 'auto');
      };
      window.addEventListener('storage', handler);
    },
    unsubscribe: () => {
      if (handler) window.removeEventListener('storage', handler);
    },
    clear: () => {
      try {
        localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // storage blocked
      }
    },
  };
}
