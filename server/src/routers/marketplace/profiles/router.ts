import { router } from '../../../trpc/init.ts';
import { get } from './get.ts';
import { activities } from './activities.ts';
import { privacy } from './privacy.ts';
import { updatePrivacy } from './update-privacy.ts';

export const profilesRouter = router({ get, activities, privacy, updatePrivacy });
