import { router } from '../../trpc/init.ts';
import { balances } from './balances.ts';
import { onBalances } from './on-balances.ts';
import { redeemCode } from './redeem-code.ts';
import { redemptions } from './redemptions.ts';
import { depositInfo } from './deposit-info.ts';
import { createUsdtRecharge } from './create-usdt-recharge.ts';
import { usdtRecharges } from './usdt-recharges.ts';
import { withdrawalInfo } from './withdrawal-info.ts';
import { createWithdrawal } from './create-withdrawal.ts';
import { withdrawals } from './withdrawals.ts';
import { transfer } from './transfer.ts';
import { transfers } from './transfers.ts';
import { history } from './history.ts';

/** Balances, top-up (code and USDT), withdrawal, transfer and balance history (rules W-1 to W-14; ADR 0015). */
export const walletRouter = router({
  balances,
  onBalances,
  redeemCode,
  redemptions,
  depositInfo,
  createUsdtRecharge,
  usdtRecharges,
  withdrawalInfo,
  createWithdrawal,
  withdrawals,
  transfer,
  transfers,
  history,
});
