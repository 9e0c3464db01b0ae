import { ZBalances } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { getBalances } from '../../domain/ledger/index.ts';

/** The signed-in member's available and held USDN (cents) and spendable points. */
export const balances = memberProcedure.output(ZBalances).query(({ ctx }) => getBalances(ctx.services.db, ctx.user.id));
