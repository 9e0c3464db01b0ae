import i18next from 'i18next';
import Negotiator from 'negotiator';
import { DEFAULT_LANGUAGE, LANGUAGES, type AppErrorCode, type AppErrorParams, type Language } from '@curio/shared';
// The client's own files, imported (not copied) so a script author and a member read the same
// words; the container image copies client/src/i18n/locales for this (ADR 0031).
import zhCN from '../../../client/src/i18n/locales/zh-CN/errors.json' with { type: 'json' };
import zhTW from '../../../client/src/i18n/locales/zh-TW/errors.json' with { type: 'json' };
import en from '../../../client/src/i18n/locales/en/errors.json' with { type: 'json' };
import ja from '../../../client/src/i18n/locales/ja/errors.json' with { type: 'json' };
import ko from '../../../client/src/i18n/locales/ko/errors.json' with { type: 'json' };
import es from '../../../client/src/i18n/locales/es/errors.json' with { type: 'json' };

const ERRORS: Record<Language, Record<string, string>> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, ja, ko, es };

/** The same engine and settings as the client (client/src/i18n/index.ts), so {{max}} fills in alike. */
const translator = i18next.createInstance();
void translator.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { errors: ERRORS[language] }])),
  ns: ['errors'],
  defaultNS: 'errors',
  lng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // every language is complete (tests/unit/i18n-complete.test.ts), so no fallback is needed
  fallbackLng: false,
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  // the resources are in memory: init finishes before this module's importers run
  initAsync: false,
});

/** A refusal's text in `language`, its {{placeholders}} filled from the refusal's parameters. */
export function errorMessageIn(language: Language, code: AppErrorCode, params?: AppErrorParams): string {
  return translator.t(code, { ...params, lng: language });
}

/** Any Chinese tag: `zh`, `zh-HK`, `zh-Hans-SG`... */
const CHINESE_TAG = /\bzh(?:-[\w-]+)?/gi;
const TRADITIONAL_CHINESE = /^zh-(?:tw|hk|mo|hant)\b/i;

/**
 * The best of the six languages for an Accept-Language header, or null when it names none of
 * them. Chinese tags are first read as one of our two: Traditional regions and scripts as zh-TW,
 * the rest as zh-CN (matching alone would take zh-HK for zh-CN through "zh", and zh-SG for nothing).
 */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const chinese = header.replace(CHINESE_TAG, (tag) => (TRADITIONAL_CHINESE.test(tag) ? 'zh-TW' : 'zh-CN'));
  const negotiated = new Negotiator({ headers: { 'accept-language': chinese } }).language(LANGUAGES);
  return (negotiated as Language | undefined) ?? null;
}

/** Whom a refusal speaks to: the member's chosen language, else the browser's or script's, else zh-CN. */
export function refusalLanguage(preferred: Language | null | undefined, accepted: Language | null | undefined): Language {
  return preferred ?? accepted ?? DEFAULT_LANGUAGE;
}
