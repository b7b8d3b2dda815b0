import { Pagination, type PaginationProps } from "@mantine/core";

/**
 * Page buttons inside a navigation landmark named by `label`: Mantine's Pagination is a plain group, and a
 * screen reader (or a test) finds "Pages of problems" by its landmark.
 */
export function PageNavigation({ label, className, ...pagination }: PaginationProps & { label: string }) {
  return (
    <nav aria-label={label} className={className}>
      <Pagination size="sm" {...pagination} />
    </nav>
  );
}
