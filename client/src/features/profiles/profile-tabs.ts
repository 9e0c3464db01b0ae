/**
 * The tabs of one's own profile, whether opened as /profile, /curio-center or /profile/{own id}
 * (rule S-1): listings first, the default.
 */
export const OWN_PROFILE_TABS = ['listings', 'activities', 'buying', 'rewards', 'favorites', 'likes', 'following'] as const;
/** Someone else's profile (rule S-2): its public tabs, listings first. */
export const OTHER_PROFILE_TABS = ['listings', 'activities'] as const;
export type ProfileTab = (typeof OWN_PROFILE_TABS)[number];

/** The tabs a viewer may open on a profile; the first is the default (`?tab=` left out). */
export function profileTabsFor(isOwn: boolean): readonly [ProfileTab, ...ProfileTab[]] {
  return isOwn ? OWN_PROFILE_TABS : OTHER_PROFILE_TABS;
}
