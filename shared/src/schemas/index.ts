export * from './common.ts';
export * from './auth.ts';
export * from './profile.ts';
export * from './wallet.ts';
export * from './settings.ts';
export * from './uploads.ts';
export * from './marketplace.ts';
export * from './chat.ts';
