import { Text, Title } from "@mantine/core";
import type { MetaFunction } from "@remix-run/react";
import { ExternalLinkCards } from "~/components/home/ExternalLinkCards";
import { externalLinks } from "~/lib/shell/externalLinks";
import { pageTitle } from "~/lib/shell/product";

export const meta: MetaFunction = () => [{ title: pageTitle("Home") }];

export default function Home() {
  return (
    <>
      <Title order={1} mb="xs">
        Hi. Some usefull links
      </Title>
      <Text c="dimmed" mb="lg">
        Tools that help on site. Each opens in a new tab.
      </Text>
      <ExternalLinkCards links={externalLinks} />
    </>
  );
}
