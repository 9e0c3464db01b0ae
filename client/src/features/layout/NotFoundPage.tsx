import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconMap } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import classes from './not-found.module.css';

/** Any unknown route (rule I-9: "any other path"). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <div className={classes.code} aria-hidden>
          404
        </div>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" maw={440}>
          {t('notFound.description')}
        </Text>
        <Group gap="sm" justify="center" mt="sm">
          <Button component={Link} to="/" radius="xl" size="md" leftSection={<IconHome size={18} />}>
            {t('notFound.home')}
          </Button>
          <Button component={Link} to="/sitemap" radius="xl" size="md" variant="default" leftSection={<IconMap size={18} />}>
            {t('notFound.sitemap')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
