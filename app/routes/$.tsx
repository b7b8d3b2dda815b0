import { useLocation, type MetaFunction } from "@remix-run/react";
import { PageNotFound } from "~/components/shell/PageNotFound";
import { pageTitle } from "~/lib/shell/product";

export const meta: MetaFunction = () => [{ title: pageTitle("Page not found") }];

export default function UnknownPage() {
  const { pathname } = useLocation();
  return <PageNotFound pathname={pathname} />;
}
