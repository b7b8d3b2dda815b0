import { useLocation, type MetaFunction } from "@remix-run/react";
import { PageNotFound } from "~/components/PageNotFound";
import { pageTitle } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: pageTitle("Page not found") }];

export default function UnknownPage() {
  const { pathname } = useLocation();
  return <PageNotFound pathname={pathname} />;
}
