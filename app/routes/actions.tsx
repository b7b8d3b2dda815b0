import type { MetaFunction } from "@remix-run/react";
import { ScreenHeading } from "~/components/ScreenHeading";
import { pageTitle } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: pageTitle("Actions") }];

export default function Actions() {
  return <ScreenHeading title="Code calculator">Relay outputs and alarm action ↔ 5-digit code.</ScreenHeading>;
}
