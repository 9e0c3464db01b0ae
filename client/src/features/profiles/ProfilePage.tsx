import { useEffect } from 'react';
import { Button, Center, Container, EmptyState, Loader, Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconActivity, IconClipboardList, IconGift, IconHeart, IconPackage, IconStar, IconUserOff, IconUsers } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND, ZUuid } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { captureReferrer } from '../auth/referrer.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileStats } from './ProfileStats.tsx';
import { ActivityList } from './ActivityList.tsx';
import { BuyingRequestsTab, FavoritesTab, FollowingTab, LikesTab, ListingsTab } from './ProfileTabsContent.tsx';
import { defaultTabFor, profileTabFrom, tabsFor, type ProfileMode, type ProfileTab } from './profile-tabs.ts';
import { PointsCenterCard } from '../points/PointsCenterCard.tsx';
import { RewardsTab } from '../points/RewardsTab.tsx';

const TAB_ICONS: Record<ProfileTab, typeof IconPackage> = {
  listings: IconPackage,
  activities: IconActivity,
  buying: IconClipboardList,
  rewards: IconGift,
  favorites: IconStar,
  likes: IconHeart,
  following: IconUsers,
};

/**
 * /profile and /curio-center: the member's own profile as the Curio center (rule S-1: points,
 * check-in, tabs activities/listings/buying/rewards plus the collection tabs); /profile/:userId:
 * anyone's profile (rule S-2). `?tab=` picks the tab;
 * `?ref=<userId>` remembers a referrer for a later sign-up (rule S-4).
 */
export function ProfilePage() {
  const { userId: routeUserId } = useParams();
  const [searchParams] = useSearchParams();

  useEffect(() => {
    captureReferrer(searchParams);
  }, [searchParams]);

  return routeUserId ? <OtherOrOwnProfile userId={routeUserId} /> : <OwnProfile />;
}

/** The own-profile routes (the Curio center) need a member; visitors are sent to sign in. */
function OwnProfile() {
  const { t } = useTranslation('profiles');
  const { user } = useRequireMember();
  if (!user) {
    return (
      <Center py={120}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  return <ProfileView userId={undefined} center />;
}

function OtherOrOwnProfile({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles');
  if (!ZUuid.safeParse(userId).success) return <UserNotFound message={t('notFound')} />;
  return <ProfileView userId={userId} center={false} />;
}

function UserNotFound({ message }: { message: string }) {
  const { t } = useTranslation('profiles');
  return (
    <Container size="sm" py="xl">
      <EmptyState py="xl" icon={<IconUserOff size={28} />} title={message}>
        <EmptyState.Actions>
          <Button component={Link} to="/" radius="xl" variant="light">
            {t('backHome')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Container>
  );
}

function ProfileView({ userId, center }: { userId: string | undefined; center: boolean }) {
  const { t } = useTranslation('profiles');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = trpc.marketplace.profiles.get.useQuery({ userId }, { retry: false, staleTime: 30_000 });
  const profile = query.data;
  useDocumentTitle(profile ? `${profile.nickname} · ${BRAND}` : BRAND);
  // the age and last-seen labels are relative to when the profile was loaded, so they hold still
  const now = new Date(query.dataUpdatedAt);

  if (query.isPending) {
    return (
      <Center py={120}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (query.isError || !profile) {
    const code = appErrorOf(query.error).code;
    return <UserNotFound message={code === 'USER_NOT_FOUND' ? t('notFound') : errorMessage(query.error)} />;
  }

  const mode: ProfileMode = center && profile.isOwn ? 'center' : profile.isOwn ? 'own' : 'other';
  const tabs: readonly ProfileTab[] = tabsFor(mode);
  const tab = profileTabFrom(searchParams.get('tab'), mode);
  const selectTab = (next: string | null) => {
    if (!next) return;
    const params = new URLSearchParams(searchParams);
    if (next === defaultTabFor(mode)) params.delete('tab');
    else params.set('tab', next);
    setSearchParams(params, { replace: true });
  };

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <ProfileHeader profile={profile} now={now} />
        <ProfileStats profile={profile} />
        {mode === 'center' && <PointsCenterCard />}
        <Tabs value={tab} onChange={selectTab} keepMounted={false} variant="pills" radius="xl">
          <Tabs.List>
            {tabs.map((name) => {
              const Icon = TAB_ICONS[name];
              return (
                <Tabs.Tab key={name} px={{ base: 'sm', sm: 'md' }} value={name} leftSection={<Icon size={15} aria-hidden />}>
                  {t(`tabs.${name}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Tabs.Panel value="listings" pt="md">
            <ListingsTab userId={profile.userId} isOwn={profile.isOwn} />
          </Tabs.Panel>
          <Tabs.Panel value="activities" pt="md">
            <ActivityList userId={profile.userId} />
          </Tabs.Panel>
          {mode === 'center' && (
            <>
              <Tabs.Panel value="buying" pt="md">
                <BuyingRequestsTab />
              </Tabs.Panel>
              <Tabs.Panel value="rewards" pt="md">
                <RewardsTab />
              </Tabs.Panel>
            </>
          )}
          {profile.isOwn && (
            <>
              <Tabs.Panel value="favorites" pt="md">
                <FavoritesTab />
              </Tabs.Panel>
              <Tabs.Panel value="likes" pt="md">
                <LikesTab />
              </Tabs.Panel>
              <Tabs.Panel value="following" pt="md">
                <FollowingTab />
              </Tabs.Panel>
            </>
          )}
        </Tabs>
      </Stack>
    </Container>
  );
}
