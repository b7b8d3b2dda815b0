import { useNavigate, useSubmit, type NavigateFunction, type SubmitFunction } from "@remix-run/react";
import { createContext, useContext, useMemo, type ReactNode } from "react";

interface RouterActions {
  submit: SubmitFunction;
  navigate: NavigateFunction;
}

const RouterActionsContext = createContext<RouterActions | null>(null);

/**
 * The router's submit and navigate in a context of their own. Remix's useSubmit, useNavigate and Form read
 * the route's context, which is new on every change of the router's state (submitting, loading, idle), so
 * a component that calls them renders again two or three times per click. These functions never change:
 * a component that takes them from here renders when its own props do.
 */
export function RouterActionsProvider({ children }: { children: ReactNode }) {
  const submit = useSubmit();
  const navigate = useNavigate();
  const actions = useMemo(() => ({ submit, navigate }), [submit, navigate]);
  return <RouterActionsContext.Provider value={actions}>{children}</RouterActionsContext.Provider>;
}

export function useRouterActions(): RouterActions {
  const actions = useContext(RouterActionsContext);
  if (!actions) throw new Error("useRouterActions needs a RouterActionsProvider above it");
  return actions;
}
