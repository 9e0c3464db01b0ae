import { Anchor, Button, Card, Code, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SITEMAP_SECTIONS } from './sitemap-links.ts';
import { useCustomerService } from '../layout/use-customer-service.ts';

/** /sitemap: every screen of the app, grouped, plus a way to reach support while there is one. */
export function SitemapPage() {
  const { t } = useTranslation('common');
  const support = useCustomerService();

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t('sitemap.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('sitemap.intro')}
          </Text>
        </div>

        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {SITEMAP_SECTIONS.map((section) => (
            <Card key={section.id} withBorder radius="lg" padding="lg" component="section" aria-labelledby={`sitemap-${section.id}`}>
              <Group gap="sm" mb="md" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size="lg">
                  <section.Icon size={20} stroke={1.7} />
                </ThemeIcon>
                <Title order={2} size="h4" id={`sitemap-${section.id}`}>
                  {t(section.labelKey)}
                </Title>
              </Group>
              {section.dynamic && (
                <Text size="xs" c="dimmed" mb="sm">
                  {t('sitemap.dynamicHint')}
                </Text>
              )}
              <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {section.links.map((link) => (
                  <li key={link.path}>
                    {section.dynamic ? (
                      <Group gap={6} wrap="wrap">
                        <Text size="sm">{t(link.labelKey)}</Text>
                        <Code>{link.path}</Code>
                      </Group>
                    ) : (
                      <Anchor component={Link} to={link.path} size="sm">
                        {t(link.labelKey)}
                      </Anchor>
                    )}
                  </li>
                ))}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>

        {support.enabled && (
          <Card withBorder radius="lg" padding="lg">
            <Group justify="space-between" gap="md">
              <div>
                <Title order={2} size="h4">
                  {t('sitemap.supportTitle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('sitemap.supportText')}
                </Text>
              </div>
              <Button radius="xl" leftSection={<IconHeadset size={18} />} loading={support.opening} onClick={() => void support.open()}>
                {t('sitemap.supportButton')}
              </Button>
            </Group>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
