export * from './common.ts';
export * from './auth.ts';
export * from './profile.ts';
export * from './wallet.ts';
export * from './settings.ts';
