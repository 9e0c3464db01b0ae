// every namespace of one language in one chunk, fetched the first time the language is used
export default import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' });
