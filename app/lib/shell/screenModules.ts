/**
 * Which route modules render an address, read from Remix's manifest: the routes from the root down to the
 * screen. Matches as React Router ranks routes (a fixed segment before a parameter, a parameter before a
 * splat), for the patterns the app's routes use: fixed segments, ":name" and a final "*".
 */

/** A route as Remix's manifest (window.__remixManifest) lists it. */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  /** The chunks the module imports, its own imports' included, as the build listed them. */
  imports?: string[];
}

const segmentsOf = (path: string | undefined) => (path ?? "").split("/").filter((segment) => segment !== "");

/** The route and its parents, root first. */
function chainOf(routes: Record<string, ManifestRoute>, route: ManifestRoute): ManifestRoute[] {
  const parent = route.parentId ? routes[route.parentId] : undefined;
  return parent ? [...chainOf(routes, parent), route] : [route];
}

/** How well the pattern fits the address; null when it does not. */
function score(pattern: readonly string[], address: readonly string[], index: boolean): number | null {
  let total = index ? 2 : 0;
  for (const [position, segment] of pattern.entries()) {
    if (segment === "*") return total - 2;
    const part = address[position];
    if (part === undefined) return null;
    if (segment.startsWith(":")) total += 3;
    else if (segment.toLowerCase() === part.toLowerCase()) total += 10;
    else return null;
  }
  return pattern.length === address.length ? total : null;
}

function decoded(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The routes that render the address, root first; none when no route does. */
function screenRoutes(routes: Record<string, ManifestRoute>, pathname: string): ManifestRoute[] {
  const address = segmentsOf(decoded(pathname));
  const all = Object.values(routes);
  const leaves = all.filter((route) => route.index || !all.some((other) => other.parentId === route.id));
  let best: { chain: ManifestRoute[]; score: number } | null = null;
  for (const leaf of leaves) {
    const chain = chainOf(routes, leaf);
    const fit = score(
      chain.flatMap((route) => segmentsOf(route.path)),
      address,
      leaf.index === true,
    );
    if (fit !== null && (!best || fit > best.score)) best = { chain, score: fit };
  }
  return best ? best.chain : [];
}

export function screenModuleUrls(routes: Record<string, ManifestRoute>, pathname: string): string[] {
  return screenRoutes(routes, pathname).map((route) => route.module);
}

/**
 * Every module the screen's code is made of, in an order to evaluate them one by one: each route's
 * imports before the route, the last-listed import first. The build lists a chunk's imports after it,
 * so a shared chunk (zod, Mantine's parts) comes before what uses it, and each step evaluates little
 * besides itself. Any order would be correct: a module's imports are always evaluated before it.
 */
export function screenCodeInOrder(routes: Record<string, ManifestRoute>, pathname: string): string[] {
  const inOrder = screenRoutes(routes, pathname).flatMap((route) =>
    [...(route.imports ?? [])].reverse().concat(route.module),
  );
  return [...new Set(inOrder)];
}
