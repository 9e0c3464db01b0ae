import { z } from 'zod';
import {
  ZAdminCustomerServiceInput,
  ZAdminRechargeSettingsInput,
  ZAdminSettings,
  ZAdminSolanaAddressInput,
  ZAdminWithdrawalSettingsInput,
} from '@curio/shared';
import { adminProcedure, router } from '../../../trpc/init.ts';
import type { SystemSettings } from '../../../domain/settings/settings.ts';
import { readAdminSettings, saveSettings, setCustomerService } from '../../../domain/settings/admin-settings.ts';

const ZChanged = z.object({ changed: z.array(z.string()) });

/** What the settings tab shows. */
const get = adminProcedure.output(ZAdminSettings).query(({ ctx }) => readAdminSettings(ctx.services.db));

/** One audited save of a group of keys; the input was validated by its schema already. */
function save<I extends z.ZodType>(input: I, action: string, toSettings: (value: z.output<I>) => Partial<SystemSettings>) {
  return adminProcedure
    .input(input)
    .output(ZChanged)
    .mutation(async ({ ctx, input: value }) => ({ changed: await saveSettings(ctx.services, ctx.user.id, action, toSettings(value as z.output<I>)) }));
}

/** The Solana address members send USDT to (rules AD-26 and W-9: valid Solana address, else SOLANA_ADDRESS_INVALID). */
const updateSolanaAddress = save(ZAdminSolanaAddressInput, 'settings.solana_address', ({ address }) => ({ usdt_solana_address: address }));

/** Minimum ≥ 1, fee 0..1, rate > 0 (rule AD-26, SETTING_VALUES_INVALID). */
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

/** The customer-service switch and the admin who answers (an active admin, or null for the earliest). */
const updateCustomerService = adminProcedure
  .input(ZAdminCustomerServiceInput)
  .output(ZChanged)
  .mutation(async ({ ctx, input }) => ({ changed: await setCustomerService(ctx.services, ctx.user.id, input) }));

export const adminSettingsRouter = router({ get, updateSolanaAddress, updateWithdrawal, updateRecharge, updateCustomerService });
