export * from './brand.ts';
export * from './locales.ts';
export * from './errors.ts';
export * from './money/index.ts';
export * from './rules/limits.ts';
export * from './rules/tags.ts';
export * from './rules/contact-filter.ts';
export * from './schemas/index.ts';
