import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconSearch, IconShieldCheck, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import classes from './home.module.css';

function HeroActions({ size }: { size: 'xs' | 'sm' }) {
  const { t } = useTranslation('home');
  return (
    <>
      <Button component={Link} to="/create" size={size} radius="xl" color="yellow" c="dark" leftSection={<IconPlus size={16} />}>
        {t('hero.publish')}
      </Button>
      <Button component={Link} to="/create?tab=buying" size={size} radius="xl" variant="white" color="grape" leftSection={<IconSearch size={16} />}>
        {t('hero.postRequest')}
      </Button>
    </>
  );
}

/** The tagline as a slim banner, so the feed and its controls start near the top. */
export function HomeHero() {
  const { t } = useTranslation('home');

  return (
    <section className={classes.hero} aria-labelledby="home-hero-title">
      <div className={classes.heroOrnament} aria-hidden />
      <Group justify="space-between" align="center" gap="md" pos="relative" wrap="wrap">
        <Stack gap={6} maw={680}>
          <Badge variant="white" color="grape" size="sm" radius="xl" w="fit-content" visibleFrom="sm">
            {t('hero.eyebrow')}
          </Badge>
          <Title id="home-hero-title" order={1} className={classes.heroTitle}>
            <Trans t={t} i18nKey="hero.title" components={{ accent: <span className={classes.heroAccent} /> }} />
          </Title>
          <Group gap="md" visibleFrom="sm" className={classes.heroPoint}>
            <Group gap={6} wrap="nowrap">
              <IconShieldCheck size={16} stroke={1.7} aria-hidden />
              <Text size="sm">{t('hero.pointEscrow')}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconSparkles size={16} stroke={1.7} aria-hidden />
              <Text size="sm">{t('hero.pointRewards')}</Text>
            </Group>
          </Group>
        </Stack>
        <Group gap="xs" visibleFrom="sm">
          <HeroActions size="sm" />
        </Group>
        <Group gap="xs" hiddenFrom="sm" grow w="100%">
          <HeroActions size="xs" />
        </Group>
      </Group>
    </section>
  );
}
