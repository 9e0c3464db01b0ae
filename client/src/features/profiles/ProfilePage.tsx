import { useEffect } from 'react';
import { Button, Center, Container, EmptyState, Loader, Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconActivity, IconClipboardList, IconGift, IconHeart, IconPackage, IconStar, IconUserOff, IconUsers } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND, ZUuid, type TProfileView } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { useTabParam } from '../../lib/use-tab-param.ts';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { captureReferrer } from '../auth/referrer.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileStats } from './ProfileStats.tsx';
import { ActivityList } from './ActivityList.tsx';
import { BuyingRequestsTab, FavoritesTab, FollowingTab, LikesTab, ListingsTab } from './ProfileTabsContent.tsx';
import { profileTabsFor, type ProfileTab } from './profile-tabs.ts';
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
 * /profile and /curio-center: the member's own profile, which is also the Curio center (rule S-1);
 * /profile/:userId: anyone's profile (rule S-2), and for its owner the very same page as
 * /profile, with the same tabs. `?tab=` picks the tab, listings by default;
 * `?ref=<userId>` remembers a referrer for a later sign-up (rule S-4).
 */
export function ProfilePage() {
  const { userId: routeUserId } = useParams();
  const [searchParams] = useSearchParams();

  useEffect(() => {
    captureReferrer(searchParams);
  }, [searchParams]);

  return routeUserId ? <ProfileById userId={routeUserId} /> : <OwnProfile />;
}

/** The own-profile routes need a member; visitors are sent to sign in. */
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
  return <ProfileView userId={undefined} />;
}

function ProfileById({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles');
  if (!ZUuid.safeParse(userId).success) return <UserNotFound message={t('notFound')} />;
  return <ProfileView userId={userId} />;
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

function ProfileView({ userId }: { userId: string | undefined }) {
  const { t } = useTranslation('profiles');
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

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <ProfileHeader profile={profile} now={now} />
        <ProfileStats profile={profile} />
        {profile.isOwn && <PointsCenterCard />}
        <ProfileTabs profile={profile} />
      </Stack>
    </Container>
  );
}

/** The tabs: the owner's seven wherever the owner opens the page, the two public ones for others. */
function ProfileTabs({ profile }: { profile: TProfileView }) {
  const { t } = useTranslation('profiles');
  const tabs = profileTabsFor(profile.isOwn);
  const [tab, selectTab] = useTabParam(tabs);
  return (
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
      {profile.isOwn && (
        <>
          <Tabs.Panel value="buying" pt="md">
            <BuyingRequestsTab />
          </Tabs.Panel>
          <Tabs.Panel value="rewards" pt="md">
            <RewardsTab />
          </Tabs.Panel>
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
  );
}
