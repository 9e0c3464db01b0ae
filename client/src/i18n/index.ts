import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@curio/shared';

/**
 * Texts live in locales/<language>/<namespace>.json, one namespace per area (common chrome,
 * auth, errors, profile, ...) so features own their texts. Each language is one chunk
 * (bundles/<language>.ts) fetched when it is first used: a visitor downloads their own
 * language, not all six (together 139 KiB gzip, measured by `npm run bench:client`).
 * i18next's backend asks for a language's namespaces when it switches to it, so
 * i18n.changeLanguage loads before it re-renders and no screen shows raw keys.
 */
const bundleLoaders = import.meta.glob<Record<string, Record<string, unknown>>>('./bundles/*.ts', { import: 'default' });

type LanguageBundle = Record<string, Record<string, unknown>>;
const bundles = new Map<string, Promise<LanguageBundle>>();

/** A language's texts by namespace; the chunk is fetched once. */
function languageBundle(language: string): Promise<LanguageBundle> {
  let bundle = bundles.get(language);
  if (!bundle) {
    const load = bundleLoaders[`./bundles/${language}.ts`];
    if (!load) return Promise.reject(new Error(`no translations for language ${language}`));
    bundle = load().then((files) => {
      const byNamespace: LanguageBundle = {};
      for (const [path, content] of Object.entries(files)) {
        const namespace = /([^/]+)\.json$/.exec(path)?.[1];
        if (namespace) byNamespace[namespace] = content;
      }
      return byNamespace;
    });
    bundles.set(language, bundle);
  }
  return bundle;
}

export const LANGUAGE_STORAGE_KEY = 'language';

export function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // storage blocked: fall through to the default
  }
  return DEFAULT_LANGUAGE;
}

/** Resolves once the first language's texts are in: render the app after it. */
export const i18nReady: Promise<unknown> = (async () => {
  const language = storedLanguage();
  // every language has the same namespaces (tests/unit/i18n-complete.test.ts), so the first
  // bundle names them all and each switch loads the whole set at once
  const namespaces = Object.keys(await languageBundle(language));
  await i18n
    .use(resourcesToBackend((lng: string, namespace: string) => languageBundle(lng).then((bundle) => bundle[namespace] ?? {})))
    .use(initReactI18next)
    .init({
      lng: language,
      // every language is complete, so the fallback is never fetched for a missing key
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      defaultNS: 'common',
      ns: namespaces,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
})();

// registered before init finishes, so it also runs for the first language
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // ignore: the choice still applies to this tab
  }
});

export default i18n;
