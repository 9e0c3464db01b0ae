import { ZCheckInInput, ZCheckInResult } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { checkIn as checkInService } from '../../domain/points/check-in.ts';

/** Daily check-in, once per calendar day in the member's time zone (ADR 0016). */
export const checkIn = memberProcedure
  .input(ZCheckInInput)
  .output(ZCheckInResult)
  .mutation(({ ctx, input }) => checkInService(ctx.services, ctx.user.id, input.timeZone));
