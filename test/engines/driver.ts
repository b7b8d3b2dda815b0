// What a journey may ask of a browser. Each engine's driver (drivers/*.ts) implements it in a few lines over
// its own protocol; everything else (finding elements, waiting, comparing) is shared and runs in the page.

/**
 * How a journey names an element, as a technician would see it: by role and visible name, by text, or by
 * the test id the Playwright suite uses too. findElement (below) resolves it inside the page.
 */
export type Target =
  | {
      role: "button" | "link" | "checkbox" | "radio" | "switch" | "textbox" | "heading" | "tab";
      name: string;
      exact?: boolean;
    }
  /** within: the first element matching css whose text holds hasText (a list entry, found by its file's path). */
  | { text: string; exact?: boolean; within?: { css: string; hasText?: string } }
  | { testId: string }
  | { css: string };

/** One journey's page, on the journey's own origin (run.ts): nothing stored, nothing remembered from another journey. */
export interface EnginePage {
  /** Opens an address of the app (a full navigation) and resolves when the page has loaded. */
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs a function in the page with JSON arguments; returns its JSON result (promises are awaited). */
  evaluate<Result, Args extends unknown[]>(fn: (...args: Args) => Result, ...args: Args): Promise<Awaited<Result>>;
  /** A real click (pointer input), once the element is there and visible. */
  click(target: Target): Promise<void>;
  /** Focuses a text field and types into it with key input. */
  type(target: Target, text: string): Promise<void>;
  /** Ctrl plus a key (copy, paste) as keyboard input to the focused element. */
  pressControl(key: "a" | "c" | "v"): Promise<void>;
  /** Hands files to a file input (found by CSS: pickers' inputs are hidden), as the browser's file picker does. */
  setFiles(inputSelector: string, paths: string[]): Promise<void>;
  /** Does what starts a download and returns the bytes of the file of that name once the browser has written it. */
  download(fileName: string, start: () => Promise<void>): Promise<Buffer>;
  close(): Promise<void>;
}

/** Ends a failure's message when the browser stopped answering: run.ts then restarts it and runs the journey again. */
export const engineStuckMarker = "(engine stuck)";

export interface Engine {
  /** As the report names it: "Firefox ESR", "WebKitGTK". */
  readonly name: string;
  /** Starts what the engine needs once (a display, a WebDriver server). */
  start(): Promise<void>;
  /**
   * A page at about:blank whose addresses are on origin. It may share the browser with earlier pages (WebKitGTK's
   * session), never their origin: run.ts gives every journey its own.
   */
  newPage(origin: string): Promise<EnginePage>;
  stop(): Promise<void>;
}

/** What findElement answers: the element, the element to click (a hidden check box's label), whether one is there, its text, or whether it is checked. */
export type Answer = "element" | "clickable" | "present" | "text" | "checked";

/**
 * Finds the element a Target names, in the page. Runs in the browser: self-contained, no imports.
 * Answers null while there is none (callers wait); only visible elements count, but for check boxes,
 * radios and switches, whose inputs are drawn by their labels.
 */
export function findElement(target: Target, answer: Answer = "element"): Element | string | boolean | null {
  const visible = (element: Element) =>
    element instanceof HTMLElement &&
    (element.offsetWidth > 0 || element.offsetHeight > 0 || element.getClientRects().length > 0) &&
    getComputedStyle(element).visibility !== "hidden";
  const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
  const textOf = (element: Element) => squash(element instanceof HTMLElement ? element.innerText : element.textContent);
  const nameOf = (element: Element): string => {
    const label = element.getAttribute("aria-label");
    if (label) return squash(label);
    const labelledBy = element.getAttribute("aria-labelledby");
    if (labelledBy) {
      return squash(
        labelledBy
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      );
    }
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      const labels = element.labels ? [...element.labels].map((label) => label.textContent).join(" ") : "";
      return squash(labels || element.getAttribute("placeholder"));
    }
    return textOf(element);
  };
  // Names of roles match whole unless exact is false; texts match in part unless exact is true.
  const matches = (text: string, wanted: string, exact: boolean) => (exact ? text === wanted : text.includes(wanted));

  const find = (): Element | null => {
    if ("css" in target) return [...document.querySelectorAll(target.css)].find(visible) ?? null;
    if ("testId" in target) {
      return [...document.querySelectorAll(`[data-testid="${target.testId}"]`)].find(visible) ?? null;
    }
    if ("role" in target) {
      const selectors: Record<typeof target.role, string> = {
        button: "button, [role=button], input[type=button], input[type=submit]",
        link: "a[href], [role=link]",
        checkbox: "input[type=checkbox]:not([role=switch]), [role=checkbox]",
        radio: "input[type=radio], [role=radio]",
        switch: "[role=switch]",
        textbox: "input:not([type]), input[type=text], input[type=search], input[type=tel], textarea",
        heading: "h1, h2, h3, h4, h5, h6, [role=heading]",
        tab: "[role=tab]",
      };
      const drawnByLabel = (element: Element) =>
        element instanceof HTMLInputElement && !!element.labels?.length && [...element.labels].some(visible);
      return (
        [...document.querySelectorAll(selectors[target.role])].find(
          (element) =>
            (visible(element) || drawnByLabel(element)) &&
            matches(nameOf(element), target.name, target.exact !== false),
        ) ?? null
      );
    }
    const within = target.within;
    const scope = within
      ? ([...document.querySelectorAll(within.css)].find((element) => textOf(element).includes(within.hasText ?? "")) ??
        null)
      : document.body;
    if (!scope) return null;
    // Most looks come before the text is there: the scope's whole text says so at the cost of one element's, not all.
    if (!matches(textOf(scope), target.text, false)) return null;
    // The innermost visible element whose text matches.
    const candidates = [...scope.querySelectorAll("*")].filter(
      (element) => visible(element) && matches(textOf(element), target.text, target.exact === true),
    );
    return (
      candidates.find((element) => !candidates.some((other) => other !== element && element.contains(other))) ?? null
    );
  };

  const element = find();
  if (answer === "present") return element !== null;
  if (!element) return null;
  if (answer === "text") return element instanceof HTMLInputElement ? element.value : textOf(element);
  if (answer === "checked")
    return element instanceof HTMLInputElement ? element.checked : element.getAttribute("aria-checked") === "true";
  if (answer === "clickable") {
    const isOn = (hit: Element, wanted: Element) =>
      wanted.contains(hit) ||
      hit.contains(wanted) ||
      // A visually hidden input is drawn, and clicked, by its label (a switch's track).
      (wanted instanceof HTMLInputElement && [...(wanted.labels ?? [])].some((label) => label.contains(hit)));
    const clickable =
      element instanceof HTMLInputElement && !visible(element)
        ? ([...(element.labels ?? [])].find(visible) ?? element)
        : element;
    // A hand cannot click what something else covers (a toast over the button): wait until it is uncovered, as
    // Playwright does; Puppeteer's click would land on the cover. And wait while something moves (a toast sliding
    // in or up): what is uncovered now may be covered by the time the click lands.
    const moving = document
      .getAnimations()
      .some(
        (animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    if (moving) return null;
    const hitAtCentre = () => {
      const box = clickable.getBoundingClientRect();
      return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    };
    let hit = hitAtCentre();
    if (!hit || !isOn(hit, clickable)) {
      // Off screen, or under the header that stays at the top: bring it to the middle, as a hand scrolls.
      clickable.scrollIntoView({ block: "center", inline: "center" });
      hit = hitAtCentre();
    }
    if (!hit || !isOn(hit, clickable)) return null;
    return clickable;
  }
  return element;
}

/** Says a Target in words for a failure message. */
export function describeTarget(target: Target): string {
  if ("role" in target) return `${target.role} "${target.name}"`;
  if ("testId" in target) return `test id "${target.testId}"`;
  if ("css" in target) return `"${target.css}"`;
  return `text "${target.text}"`;
}
