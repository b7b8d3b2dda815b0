import { useActionData, useSubmit } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { fireEvent, render, screen } from "@testing-library/react";
import { memo } from "react";
import { describe, expect, it } from "vitest";
import { RouterActionsProvider, useRouterActions } from "~/components/shell/RouterActions";

/** Renders a screen whose two buttons submit, one through useRouterActions and one through Remix's useSubmit. */
function renderScreen() {
  const renders = { fromContext: 0, fromRemix: 0 };
  const FromContext = memo(function FromContext() {
    const { submit } = useRouterActions();
    renders.fromContext++;
    return <button onClick={() => submit({ intent: "count" }, { method: "post" })}>Submit</button>;
  });
  const FromRemix = memo(function FromRemix() {
    useSubmit();
    renders.fromRemix++;
    return null;
  });
  function Screen() {
    const answer = useActionData<{ answered: number }>();
    return (
      <RouterActionsProvider>
        <FromContext />
        <FromRemix />
        <output>{answer ? `answered ${answer.answered}` : "waiting"}</output>
      </RouterActionsProvider>
    );
  }
  let answered = 0;
  const RemixStub = createRemixStub([
    {
      path: "/",
      Component: Screen,
      action: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { answered: ++answered };
      },
    },
  ]);
  render(<RemixStub />);
  return renders;
}

describe("RouterActionsProvider", () => {
  it("submits through the router, and its consumers do not render again while the submission runs", async () => {
    const renders = renderScreen();
    await screen.findByText("waiting");
    const before = { ...renders };
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("answered 1");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("answered 2");
    expect(renders.fromContext).toBe(before.fromContext);
    // What it saves: a component that reads Remix's hook renders with every state of each submission.
    expect(renders.fromRemix).toBeGreaterThan(before.fromRemix);
  });
});
