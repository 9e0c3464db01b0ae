import type { Language } from '@curio/shared';

/** Each language in its own name, so a reader finds theirs whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  es: 'Español',
};
