/**
 * The only code that moves money (engineering rule E-4). Everything else reads balances through
 * getBalances or the read-model views, and changes them only by calling transfer() inside its
 * own business transaction.
 */
export type { AccountRef, Currency, SystemAccount } from './accounts.ts';
export { transfer, type TransferInput, type TransferResult } from './transfer.ts';
export { TRANSFER_KINDS, isTransferKind, type TransferKind } from './transfer-kinds.ts';
export { getBalances, systemAccountBalance, publishBalanceChanges, publishBalanceChangesInTransaction } from './balances.ts';
export { watchBalances, type WatchBalancesOptions } from './watch-balances.ts';
export { verifyLedger, formatLedgerReport, type LedgerReport, type LedgerViolation } from './verify-ledger.ts';
