import { router } from '../../trpc/init.ts';
import { update } from './update.ts';
import { updatePreferences } from './update-preferences.ts';

export const profileRouter = router({ update, updatePreferences });
