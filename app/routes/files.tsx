import type { MetaFunction } from "@remix-run/react";
import { ScreenHeading } from "~/components/ScreenHeading";
import { pageTitle } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: pageTitle("SD Card Files") }];

export default function Files() {
  return (
    <ScreenHeading title="SD card file merger">Merge standard and customer parameter files into PAR.txt.</ScreenHeading>
  );
}
