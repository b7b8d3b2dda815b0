import { ScreenHeadingText } from "~/components/shell/ScreenHeading";
import { routedPath } from "~/lib/shell/routedPath";
import { screenHeadings, type ScreenPath } from "~/lib/shell/screenHeadings";

const screenPaths = Object.keys(screenHeadings) as ScreenPath[];

// index.html is one file for every address: a one-line script marks <html> with
// the screen's path as the router reads the address (/FILES is /files) and CSS
// shows that screen's heading, so nothing differs between the prerendered page
// and the app hydrating it.
const markPath = `document.documentElement.dataset.firstScreen=(${String(routedPath)})(location.pathname)`;
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
