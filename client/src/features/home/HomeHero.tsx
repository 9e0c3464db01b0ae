import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconSearch, IconShieldCheck, IconSparkles, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import classes from './home.module.css';

/** The tagline of spec 1 §1: finding what other marketplaces lack. */
export function HomeHero() {
  const { t } = useTranslation('home');
  const points = [
    { Icon: IconShieldCheck, text: t('hero.pointEscrow') },
    { Icon: IconSparkles, text: t('hero.pointRewards') },
    { Icon: IconWorld, text: t('hero.pointLanguages') },
  ];

  return (
    <section className={classes.hero} aria-labelledby="home-hero-title">
      <div className={classes.heroOrnament} aria-hidden />
      <Stack gap="lg" pos="relative">
        <Badge variant="white" color="grape" size="lg" radius="xl" w="fit-content">
          {t('hero.eyebrow')}
        </Badge>
        <Title id="home-hero-title" order={1} className={classes.heroTitle}>
          <Trans t={t} i18nKey="hero.title" components={{ accent: <span className={classes.heroAccent} /> }} />
        </Title>
        <Text fz={{ base: 'md', sm: 'lg' }} className={classes.heroSubtitle}>
          {t('hero.subtitle')}
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/create" size="md" radius="xl" color="yellow" c="dark" leftSection={<IconPlus size={18} />}>
            {t('hero.publish')}
          </Button>
          <Button
            component={Link}
            to="/create?tab=buying"
            size="md"
            radius="xl"
            variant="white"
            color="grape"
            leftSection={<IconSearch size={18} />}
          >
            {t('hero.postRequest')}
          </Button>
        </Group>
        <Group gap="lg" mt={4} visibleFrom="sm">
          {points.map(({ Icon, text }) => (
            <Group key={text} gap={6} className={classes.heroPoint} wrap="nowrap">
              <Icon size={18} stroke={1.7} aria-hidden />
              <Text size="sm">{text}</Text>
            </Group>
          ))}
        </Group>
      </Stack>
    </section>
  );
}
