import { router } from '../../trpc/init.ts';
import { dashboard } from './dashboard.ts';
import { adminRefundsRouter } from './refunds/router.ts';

/**
 * Spec 3: the admin console's procedures. Every one is an adminProcedure (role admin in
 * user_roles, checked on the server for every call); tests/integration/admin/access.test.ts
 * walks this router and calls each as a visitor and as a member.
 */
export const adminRouter = router({
  dashboard,
  refunds: adminRefundsRouter,
});
