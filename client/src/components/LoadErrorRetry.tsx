import { Button, Center, Stack, Text, type CenterProps } from '@mantine/core';

/** A list that could not load, inside a page that otherwise works: the reason in red and a retry. */
export function LoadErrorRetry({
  message,
  retryLabel,
  onRetry,
  py = 'lg',
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  py?: CenterProps['py'];
}) {
  return (
    <Center py={py}>
      <Stack align="center" gap="xs">
        <Text size="sm" c="red">
          {message}
        </Text>
        <Button variant="default" size="xs" radius="xl" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Center>
  );
}
