import { ZAdminCodeBatchInput, ZAdminCodeBatchResult, ZAdminCodeIdInput, ZAdminSetCodeStatusInput } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { setRechargeCodeStatus, deleteRechargeCode, disableRechargeCodeBatch } from '../../../domain/wallet/recharge-codes/change-code.ts';

/**
 * Enabling and disabling (rule AD-18): active ↔ disabled, nothing else. A used code stays used
 * (CODE_USED), an expired one cannot be revived or needs no disabling (CODE_EXPIRED), and asking
 * for the state the code is already in (a double click, a stale table) is
 * REQUEST_ALREADY_PROCESSED, with no audit entry.
 */
export const setStatus = adminProcedure
  .input(ZAdminSetCodeStatusInput)
  .output(ZAdminSetCodeStatusInput)
  .mutation(({ ctx, input }) => setRechargeCodeStatus(ctx.services, ctx.user.id, input));

/**
 * Deletes a code in any state (rule AD-18). A used code leaves the admin's lists but stays for
 * the member's redemption history and ledger entry (ADR 0032).
 */
export const remove = adminProcedure
  .input(ZAdminCodeIdInput)
  .output(ZAdminCodeIdInput)
  .mutation(({ ctx, input }) => deleteRechargeCode(ctx.services, ctx.user.id, input));

/** Disables every still-redeemable code of one batch in one step, audited once for the batch. */
export const disableBatch = adminProcedure
  .input(ZAdminCodeBatchInput)
  .output(ZAdminCodeBatchResult)
  .mutation(({ ctx, input }) => disableRechargeCodeBatch(ctx.services, ctx.user.id, input));
