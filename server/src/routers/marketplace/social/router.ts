import { router } from '../../../trpc/init.ts';
import { toggleLike } from './toggle-like.ts';
import { toggleFavorite } from './toggle-favorite.ts';
import { toggleFollow } from './toggle-follow.ts';
import { myLikes } from './my-likes.ts';
import { myFavorites } from './my-favorites.ts';
import { myFollowing } from './my-following.ts';
import { state } from './state.ts';
import { isFollowing } from './is-following.ts';

export const socialRouter = router({
  toggleLike,
  toggleFavorite,
  toggleFollow,
  myLikes,
  myFavorites,
  myFollowing,
  state,
  isFollowing,
});
