import { z } from 'zod';
import type { Kysely } from 'kysely';
import {
  ZAdminCustomerServiceInput,
  ZAdminRechargeSettingsInput,
  ZAdminSettings,
  ZAdminSolanaAddressInput,
  ZAdminWithdrawalSettingsInput,
  type TAdminSettings,
} from '@curio/shared';
import type { Database } from '../../../db/schema.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { adminProcedure, router } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { getSettings, type SystemSettings } from '../../../domain/settings/settings.ts';
import { changeSettings } from '../../../domain/settings/admin-settings.ts';

/** Admins who are not banned: the only people who can answer the customer-service chat. */
function activeAdmins(db: Kysely<Database>) {
  return db
    .selectFrom('user_roles')
    .innerJoin('profiles', 'profiles.user_id', 'user_roles.user_id')
    .leftJoin('user_bans', (join) => join.onRef('user_bans.user_id', '=', 'user_roles.user_id').on('user_bans.status', '=', 'active'))
    .select(['user_roles.user_id as id', 'profiles.nickname'])
    .where('user_roles.role', '=', 'admin')
    .where('user_bans.id', 'is', null);
}

const ZChanged = z.object({ changed: z.array(z.string()) });

/** Spec 3 §2.10: what the settings tab shows. */
const get = adminProcedure.output(ZAdminSettings).query(async ({ ctx }): Promise<TAdminSettings> => {
  const db = ctx.services.db;
  const [settings, admins] = await Promise.all([
    getSettings(db, [
      'usdt_solana_address',
      'usdn_withdrawal_min',
      'usdn_withdrawal_fee_percentage',
      'usdn_to_usdt_rate',
      'usdt_min_recharge',
      'usdt_recharge_rate',
      'customer_service_enabled',
      'customer_service_admin_id',
    ]),
    activeAdmins(db).orderBy('profiles.nickname').orderBy('user_roles.user_id').execute(),
  ]);
  return {
    usdtSolanaAddress: settings.usdt_solana_address,
    usdnWithdrawalMin: settings.usdn_withdrawal_min,
    usdnWithdrawalFeeRate: settings.usdn_withdrawal_fee_percentage,
    usdnToUsdtRate: settings.usdn_to_usdt_rate,
    usdtMinRecharge: settings.usdt_min_recharge,
    usdtRechargeRate: settings.usdt_recharge_rate,
    customerServiceEnabled: settings.customer_service_enabled,
    customerServiceAdminId: settings.customer_service_admin_id,
    admins,
  };
});

/** One audited save of a group of keys; the input was validated by its schema already. */
function save<I extends z.ZodType>(input: I, action: string, toSettings: (value: z.output<I>) => Partial<SystemSettings>) {
  return adminProcedure
    .input(input)
    .output(ZChanged)
    .mutation(async ({ ctx, input: value }) => {
      const changes = toSettings(value as z.output<I>);
      const changed = await runInTransaction(ctx.services.db, (trx) =>
        changeSettings(trx, changes, { adminId: ctx.user.id, now: ctx.services.clock.now(), action }),
      );
      return { changed };
    });
}

/** The Solana address members send USDT to (spec 3 §5: valid Solana address, else SOLANA_ADDRESS_INVALID). */
const updateSolanaAddress = save(ZAdminSolanaAddressInput, 'settings.solana_address', ({ address }) => ({ usdt_solana_address: address }));

/** Minimum ≥ 1, fee 0..1, rate > 0 (spec 3 §5, SETTING_VALUES_INVALID). */
const updateWithdrawal = save(ZAdminWithdrawalSettingsInput, 'settings.withdrawal', (value) => ({
  usdn_withdrawal_min: value.minUsdn,
  usdn_withdrawal_fee_percentage: value.feeRate,
  usdn_to_usdt_rate: value.usdtRate,
}));

/** The USDT top-up minimum and rate the public top-up screen reads (both > 0). */
const updateRecharge = save(ZAdminRechargeSettingsInput, 'settings.recharge', (value) => ({
  usdt_min_recharge: value.minUsdt,
  usdt_recharge_rate: value.rate,
}));

/**
 * The customer-service switch and the admin who answers. The admin must hold the role and not
 * be banned (CUSTOMER_SERVICE_ADMIN_INVALID); null leaves the choice to the earliest admin
 * (domain/settings/customer-service.ts). Checked inside the transaction with the write.
 */
const updateCustomerService = adminProcedure
  .input(ZAdminCustomerServiceInput)
  .output(ZChanged)
  .mutation(async ({ ctx, input }) => {
    const changed = await runInTransaction(ctx.services.db, async (trx) => {
      if (input.adminId !== null) {
        const admin = await activeAdmins(trx).where('user_roles.user_id', '=', input.adminId).executeTakeFirst();
        if (!admin) throw new DomainError('CUSTOMER_SERVICE_ADMIN_INVALID');
      }
      return changeSettings(
        trx,
        { customer_service_enabled: input.enabled, customer_service_admin_id: input.adminId },
        { adminId: ctx.user.id, now: ctx.services.clock.now(), action: 'settings.customer_service' },
      );
    });
    return { changed };
  });

export const adminSettingsRouter = router({ get, updateSolanaAddress, updateWithdrawal, updateRecharge, updateCustomerService });
