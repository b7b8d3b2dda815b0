/**
 * An address's path as the router compares it with a screen's path: escapes decoded (the path as it is when one
 * is malformed, as the router does), the letters A–Z in either case (a route matches in any case, so /FILES is the
 * files screen), trailing slashes left off. Wherever the address decides the screen ("this is /files"), it is
 * `routedPath(location.pathname) === "/files"`, so that place and the router agree.
 *
 * index.html's inline scripts carry this function's own text (earlyInputScript.ts, FirstScreenHeading.tsx): it
 * uses nothing outside itself, is written as they are (no arrow functions, no variables) and holds no "<" (see
 * contentSecurityPolicy.ts).
 */
export function routedPath(pathname: string): string {
  function decoded(): string {
    try {
      return pathname
        .split("/")
        .map(function (segment) {
          return decodeURIComponent(segment).replace(/\//g, "%2F");
        })
        .join("/");
    } catch (error) {
      if (error instanceof URIError) return pathname;
      throw error;
    }
  }
  return decoded()
    .replace(/[A-Z]+/g, function (letters) {
      return letters.toLowerCase();
    })
    .replace(/(.)\/+$/, "$1");
}
