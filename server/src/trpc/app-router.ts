import { router } from './init.ts';
import { authRouter } from '../routers/auth/router.ts';
import { profileRouter } from '../routers/profile/router.ts';
import { walletRouter } from '../routers/wallet/router.ts';
import { chatRouter } from '../routers/chat/router.ts';
import { systemRouter } from '../routers/system/router.ts';
import { marketplaceRouter } from '../routers/marketplace/router.ts';
import { ordersRouter } from '../routers/orders/router.ts';
import { pointsRouter } from '../routers/points/router.ts';
import { notificationsRouter } from '../routers/notifications/router.ts';
import { adminRouter } from '../routers/admin/router.ts';

/** The whole API. The client imports only this type (engineering rule E-1). */
export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  wallet: walletRouter,
  chat: chatRouter,
  system: systemRouter,
  marketplace: marketplaceRouter,
  orders: ordersRouter,
  points: pointsRouter,
  notifications: notificationsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
