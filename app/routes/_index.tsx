import type { MetaFunction } from "@remix-run/react";
import { ExternalLinkCards } from "~/components/home/ExternalLinkCards";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { externalLinks } from "~/lib/shell/externalLinks";
import { pageTitle } from "~/lib/shell/product";
import { screenHeadings } from "~/lib/shell/screenHeadings";

export const meta: MetaFunction = () => [{ title: pageTitle("Home") }];

const heading = screenHeadings["/"];

export default function Home() {
  return (
    <>
      <ScreenHeading title={heading.title}>{heading.intro}</ScreenHeading>
      <ExternalLinkCards links={externalLinks} />
    </>
  );
}
