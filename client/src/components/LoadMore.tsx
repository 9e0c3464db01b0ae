import { Button, Center, type ButtonProps } from '@mantine/core';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The button under a paged list that fetches the next page; nothing once the last page is in. */
export function LoadMore({
  query,
  label,
  variant = 'light',
  size,
}: {
  query: PagedQuery;
  label: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  if (!query.hasNextPage) return null;
  return (
    <Center>
      <Button variant={variant} size={size} radius="xl" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {label}
      </Button>
    </Center>
  );
}
