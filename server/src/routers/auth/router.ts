import { router } from '../../trpc/init.ts';
import { me } from './me.ts';
import { signUp } from './sign-up.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resetPassword } from './reset-password.ts';
import { verifyEmail } from './verify-email.ts';
import { resendVerification } from './resend-verification.ts';
import { apiTokensRouter } from './api-tokens/router.ts';

export const authRouter = router({
  me,
  signUp,
  signIn,
  signOut,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
  resendVerification,
  apiTokens: apiTokensRouter,
});
