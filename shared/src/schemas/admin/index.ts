// The admin console's contracts (docs/requirements/admin.md), one file per group of tabs.
export * from './dashboard.ts';
export * from './paging.ts';
export * from './users.ts';
export * from './content.ts';
export * from './money.ts';
export * from './operations.ts';
export * from './audit.ts';
