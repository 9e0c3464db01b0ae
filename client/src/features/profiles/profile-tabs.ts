export const OWN_PROFILE_TABS = ['listings', 'activities', 'favorites', 'likes', 'following'] as const;
export const OTHER_PROFILE_TABS = ['listings', 'activities'] as const;
export type ProfileTab = (typeof OWN_PROFILE_TABS)[number];

/** The `?tab=` of a profile link, or the listings tab when it names none this viewer may open. */
export function profileTabFrom(value: string | null, isOwn: boolean): ProfileTab {
  const allowed: readonly string[] = isOwn ? OWN_PROFILE_TABS : OTHER_PROFILE_TABS;
  return value && allowed.includes(value) ? (value as ProfileTab) : 'listings';
}
