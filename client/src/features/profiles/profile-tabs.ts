/** /profile/:userId when it is the viewer's own id: the profile tabs of rule S-2. */
export const OWN_PROFILE_TABS = ['listings', 'activities', 'favorites', 'likes', 'following'] as const;
export const OTHER_PROFILE_TABS = ['listings', 'activities'] as const;
/**
 * /profile and /curio-center: the Curio center (rule S-1) with its four tabs, activities first,
 * plus the collection tabs the account menu links to (/profile?tab=favorites …).
 */
export const CENTER_TABS = ['activities', 'listings', 'buying', 'rewards', 'favorites', 'likes', 'following'] as const;
export type ProfileTab = (typeof CENTER_TABS)[number];

export type ProfileMode = 'center' | 'own' | 'other';

const TABS_BY_MODE: Record<ProfileMode, readonly ProfileTab[]> = {
  center: CENTER_TABS,
  own: OWN_PROFILE_TABS,
  other: OTHER_PROFILE_TABS,
};

export function tabsFor(mode: ProfileMode): readonly ProfileTab[] {
  return TABS_BY_MODE[mode];
}

/** The tab shown when `?tab=` is absent: activities in the center, listings on a profile. */
export function defaultTabFor(mode: ProfileMode): ProfileTab {
  return mode === 'center' ? 'activities' : 'listings';
}

/**
 * The `?tab=` of a link, or the default tab when it names none this viewer may open here.
 * A boolean still means own (true) or another member's (false) profile.
 */
export function profileTabFrom(value: string | null, modeOrOwn: ProfileMode | boolean): ProfileTab {
  const mode: ProfileMode = typeof modeOrOwn === 'boolean' ? (modeOrOwn ? 'own' : 'other') : modeOrOwn;
  const allowed: readonly string[] = tabsFor(mode);
  return value && allowed.includes(value) ? (value as ProfileTab) : defaultTabFor(mode);
}
