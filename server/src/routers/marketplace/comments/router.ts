import { router } from '../../../trpc/init.ts';
import { list } from './list.ts';
import { create } from './create.ts';
import { update } from './update.ts';
import { remove } from './delete.ts';
import { toggleLike } from './toggle-like.ts';

/** Listing comments and one level of replies, with likes (rules S-15 to S-17). */
export const commentsRouter = router({ list, create, update, delete: remove, toggleLike });
