import { Anchor, Card, Group, SimpleGrid, Text } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import type { ExternalLink } from "~/lib/shell/externalLinks";
import classes from "./ExternalLinkCards.module.css";

/** One card per external tool; the whole card opens the tool in a new tab. */
export function ExternalLinkCards({ links }: { links: readonly ExternalLink[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" className={classes.linkList}>
      {links.map((link) => (
        <li key={link.href}>
          <Card withBorder padding="lg" h="100%" className={classes.linkCard}>
            <Anchor href={link.href} target="_blank" rel="noopener noreferrer" className={classes.cardLink}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700} size="lg" component="span">
                  {link.label}
                  <span className={classes.visuallyHidden}> (opens in a new tab)</span>
                </Text>
                <IconExternalLink size={20} aria-hidden="true" className={classes.icon} />
              </Group>
            </Anchor>
            <Text c="dimmed" size="sm" mt="xs">
              {link.description}
            </Text>
          </Card>
        </li>
      ))}
    </SimpleGrid>
  );
}
