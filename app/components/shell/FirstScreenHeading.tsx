import { ScreenHeadingText } from "~/components/shell/ScreenHeading";
import { isCurrentNavigation, navigationEndAttribute, navigationPathAttribute } from "~/lib/shell/navigation";
import { routedPath } from "~/lib/shell/routedPath";
import { screenHeadings, type ScreenPath } from "~/lib/shell/screenHeadings";

const screenPaths = Object.keys(screenHeadings) as ScreenPath[];

// index.html is one file for every address: a one-line script marks <html> with
// the screen's path as the router reads the address (/FILES is /files) and CSS
// shows that screen's heading, so nothing differs between the prerendered page
// and the app hydrating it. It marks that screen's navigation links (above it in
// the page) as the current page, as the app's links do once it runs: the
// prerendered links mark none (AppFrame.tsx).
const markPath = `(function(){${[
  `var path=(${String(routedPath)})(location.pathname),isCurrent=${String(isCurrentNavigation)}`,
  "document.documentElement.dataset.firstScreen=path",
  `[].forEach.call(document.querySelectorAll("a[${navigationPathAttribute}]"),function(link){if(isCurrent(path,link.getAttribute("${navigationPathAttribute}"),link.hasAttribute("${navigationEndAttribute}")))link.setAttribute("aria-current","page")})`,
].join(";")}})()`;
const showMarkedHeading = [
  "[data-first-screen-heading]{display:none}",
  ...screenPaths.map(
    (path) => `html[data-first-screen="${path}"] [data-first-screen-heading="${path}"]{display:block}`,
  ),
].join("");

/**
 * The heading and intro of the screen being opened, painted from index.html
 * while the app's JavaScript still loads; the screen then draws the same text
 * in the same place, so its largest paint is this early one.
 */
export function FirstScreenHeading() {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: markPath }} />
      <style dangerouslySetInnerHTML={{ __html: showMarkedHeading }} />
      {screenPaths.map((path) => (
        <div key={path} data-first-screen-heading={path}>
          <ScreenHeadingText title={screenHeadings[path].title}>{screenHeadings[path].intro}</ScreenHeadingText>
        </div>
      ))}
    </>
  );
}
