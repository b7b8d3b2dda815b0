import { Pagination, type PaginationProps } from "@mantine/core";

const controlNames = { first: "First page", previous: "Previous page", next: "Next page", last: "Last page" } as const;

/**
 * Page buttons inside a navigation landmark named by `label`: Mantine's Pagination is a plain group, and a
 * screen reader (or a test) finds "Pages of problems" by its landmark. Its arrows are icons only: each is named.
 */
export function PageNavigation({ label, className, ...pagination }: PaginationProps & { label: string }) {
  return (
    <nav aria-label={label} className={className}>
      <Pagination size="sm" getControlProps={(control) => ({ "aria-label": controlNames[control] })} {...pagination} />
    </nav>
  );
}
