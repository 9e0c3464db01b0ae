export * from './cents.ts';
export * from './currency.ts';
