import { lazy, Suspense, useEffect } from 'react';
import { Center, Container, Loader, Paper, Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingStore, IconSpeakerphone } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND } from '@curio/shared';
import { useRequireMember } from '../auth/use-require-member.ts';
import { ListingForm } from './ListingForm.tsx';
import { PublishCostBar } from './PublishCostBar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const BuyingRequestForm = lazy(async () => ({
  default: (await import('../buying-requests/BuyingRequestForm.tsx')).BuyingRequestForm,
}));

type CreateTab = 'supply' | 'buying';

function tabOf(value: string | null): CreateTab {
  return value === 'buying' ? 'buying' : 'supply';
}

/** Keeps search engines off a page that is only a form (rules L-1 and I-16). */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/** /create: publish a listing (tab supply, default) or a buying request (tab buying), chosen by ?tab=. */
export function CreatePage() {
  const { t } = useTranslation('publish');
  const { user } = useRequireMember();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  useDocumentTitle(`${t(tab === 'supply' ? 'create.supplyTitle' : 'create.buyingTitle')} · ${BRAND}`);
  useNoIndex();

  if (!user) {
    return (
      <Center py={120}>
        <Loader aria-label={t('create.loading')} />
      </Center>
    );
  }

  return (
    <Container size={760} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <PageHeader title={t('create.title')} subtitle={t('create.subtitle')} />
        <Tabs
          value={tab}
          onChange={(value) => setSearchParams(value === 'buying' ? { tab: 'buying' } : {}, { replace: true })}
          keepMounted={false}
          variant="pills"
          radius="xl"
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="supply" leftSection={<IconBuildingStore size={16} aria-hidden />}>
              {t('create.tabSupply')}
            </Tabs.Tab>
            <Tabs.Tab value="buying" leftSection={<IconSpeakerphone size={16} aria-hidden />}>
              {t('create.tabBuying')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="supply">
            <Stack gap="md">
              <PublishCostBar />
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
                <ListingForm mode="create" />
              </Paper>
            </Stack>
          </Tabs.Panel>
          {/* the buying-request form brings its own sections */}
          <Tabs.Panel value="buying">
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader aria-label={t('create.loading')} />
                </Center>
              }
            >
              <BuyingRequestForm mode="create" />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
