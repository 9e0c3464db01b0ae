import { ZAdminCodeIdInput, ZAdminSetCodeStatusInput } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { setRechargeCodeStatus, deleteRechargeCode } from '../../../domain/wallet/recharge-codes/change-code.ts';

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
 * Deletes a code that was never redeemed. A used code is refused (CODE_USED): its redemption
 * row and ledger transfer point at it and are the member's history, so it is kept (disable is
 * not needed either: it can never be redeemed again).
 */
export const remove = adminProcedure
  .input(ZAdminCodeIdInput)
  .output(ZAdminCodeIdInput)
  .mutation(({ ctx, input }) => deleteRechargeCode(ctx.services, ctx.user.id, input));
