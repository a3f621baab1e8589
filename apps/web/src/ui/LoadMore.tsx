import { Button, type ButtonProps, Center } from '@mantine/core';

/** What `LoadMore` needs of an infinite query (`useInfiniteQuery`'s answer). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The "show more" button of an infinite list: there while a next page exists, busy while it loads. */
export function LoadMore({
  query,
  label,
  size,
  variant = 'subtle',
}: {
  query: PagedQuery;
  label: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  if (!query.hasNextPage) return null;
  return (
    <Center>
      <Button
        variant={variant}
        size={size}
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {label}
      </Button>
    </Center>
  );
}
