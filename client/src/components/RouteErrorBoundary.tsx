import { useEffect } from 'react';
import { Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

const RELOADED_KEY = 'curio:stale-chunk-reload';
/** A reload of the same page this recent that failed again is not tried a second time. */
const RELOAD_GUARD_MS = 30_000;

function reloadedRecently(path: string): boolean {
  const [lastPath, at] = (sessionStorage.getItem(RELOADED_KEY) ?? '').split('@');
  return lastPath === path && Date.now() - Number(at) < RELOAD_GUARD_MS;
}

/**
 * A screen's code that can no longer be fetched: after a deploy the old hashed chunk names are
 * gone, so a tab opened before it fails on its next lazy route. The browser says it in its own
 * words (Chrome, Firefox and Safari differ), so the test is by message.
 */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed/i.test(message);
}

/**
 * What a route shows instead of the router's bare default when its screen fails to render or
 * load. A stale chunk reloads the page once (the new build has the screen); if it still fails,
 * or the error is anything else, the member gets a translated message, a retry and a way home,
 * inside the normal header and footer.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const stale = isStaleChunkError(error);
  const reloadOnce = stale && !reloadedRecently(location.pathname);

  useEffect(() => {
    if (reloadOnce) {
      sessionStorage.setItem(RELOADED_KEY, `${location.pathname}@${Date.now()}`);
      location.reload();
    } else if (!stale) {
      console.error(error);
    }
  }, [error, reloadOnce, stale]);

  if (reloadOnce) {
    return (
      <Center py={96}>
        <Loader aria-label={t('routeError.reloading')} />
      </Center>
    );
  }
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }} data-testid="route-error">
      <Stack align="center" gap="md" ta="center">
        <Title order={1} size="h2">
          {stale ? t('routeError.staleTitle') : t('routeError.title')}
        </Title>
        <Text c="dimmed" maw={440}>
          {stale ? t('routeError.staleDescription') : t('routeError.description')}
        </Text>
        <Group gap="sm" justify="center" mt="sm">
          <Button
            radius="xl"
            size="md"
            leftSection={<IconRefresh size={18} />}
            onClick={() => {
              sessionStorage.removeItem(RELOADED_KEY);
              location.reload();
            }}
          >
            {t('routeError.retry')}
          </Button>
          <Button component={Link} to="/" reloadDocument radius="xl" size="md" variant="default" leftSection={<IconHome size={18} />}>
            {t('notFound.home')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
