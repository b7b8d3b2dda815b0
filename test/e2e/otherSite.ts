// Another website, served on a loopback address only: the pages a hostile site would show to get the app to
// do something. Each page acts by itself as soon as it loads (a form posts, a link is followed).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ShareOptions {
  /** `<meta name="referrer" content="no-referrer">`: the post goes with `Origin: null` and no referrer. */
  hideOrigin?: boolean;
  into?: "this tab" | "hidden frame" | "new tab";
}

export interface OtherSite {
  origin: string;
  /**
   * A page that posts `file` (name and text) to `action` as a multipart form, as a share sheet would: at once into
   * its own tab, or into a hidden frame (the page's title becomes "sent" once the frame has the answer), or into a
   * new tab when its button "Share" is clicked (a new tab needs a click).
   */
  sharePage(action: string, file: { name: string; text: string }, options?: ShareOptions): string;
  /** A page that follows a link to `to` at once. */
  linkPage(to: string): string;
  /** A page that posts these fields to `action` as an ordinary form. */
  formPage(action: string, fields: Record<string, string>): string;
  /** A page that shows `src` in a frame and tells when the frame has loaded (its title becomes "framed"). */
  framePage(src: string): string;
  close(): Promise<void>;
}

function page(body: string, hideOrigin = false): string {
  const referrer = hideOrigin ? '<meta name="referrer" content="no-referrer">' : "";
  return `<!doctype html><html><head><meta charset="utf-8">${referrer}<title>other site</title></head><body>${body}</body></html>`;
}

/** The page's data goes in as JSON read by its script, so no value needs escaping into markup. */
const withData = (data: unknown, script: string) =>
  `<script type="application/json" id="data">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>` +
  `<script>const data = JSON.parse(document.getElementById("data").textContent);${script}</script>`;

const pages: Record<string, (data: Record<string, unknown>) => string> = {
  "/share": (data) =>
    page(
      withData(
        data,
        `const form = Object.assign(document.createElement("form"), { method: "post", action: data.action, enctype: "multipart/form-data" });
        const input = Object.assign(document.createElement("input"), { type: "file", name: "file" });
        const files = new DataTransfer();
        files.items.add(new File([data.file.text], data.file.name, { type: "text/plain" }));
        input.files = files.files;
        form.append(input);
        document.body.append(form);
        if (data.into === "hidden frame") {
          const frame = Object.assign(document.createElement("iframe"), { name: "share-frame", hidden: true });
          document.body.append(frame);
          form.target = frame.name;
          form.submit();
          frame.onload = () => (document.title = "sent");
        } else if (data.into === "new tab") {
          form.target = "_blank";
          const button = Object.assign(document.createElement("button"), { textContent: "Share" });
          button.onclick = () => form.submit();
          document.body.append(button);
        } else form.submit();`,
      ),
      data.hideOrigin === true,
    ),
  "/link": (data) =>
    page(
      withData(
        data,
        `const link = Object.assign(document.createElement("a"), { href: data.to, textContent: "go" });
        document.body.append(link);
        link.click();`,
      ),
    ),
  "/form": (data) =>
    page(
      withData(
        data,
        `const form = Object.assign(document.createElement("form"), { method: "post", action: data.action });
        for (const [name, value] of Object.entries(data.fields)) form.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
        document.body.append(form);
        form.submit();`,
      ),
    ),
  "/frame": (data) =>
    page(
      withData(
        data,
        `const frame = Object.assign(document.createElement("iframe"), { src: data.src, width: 800, height: 600 });
        frame.onload = () => (document.title = "framed");
        document.body.append(frame);`,
      ),
    ),
};

/** Starts the other site on `host` (a loopback address: 127.0.0.2 is another site, 127.0.0.1 on another port the same site). */
export async function startOtherSite(host: string): Promise<OtherSite> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://other");
    const render = pages[url.pathname];
    const data = JSON.parse(url.searchParams.get("data") ?? "{}") as Record<string, unknown>;
    response.writeHead(render ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    response.end(render ? render(data) : "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  const address = (path: string, data: unknown) => `${origin}${path}?data=${encodeURIComponent(JSON.stringify(data))}`;
  return {
    origin,
    sharePage: (action, file, options) =>
      address("/share", { action, file, hideOrigin: options?.hideOrigin ?? false, into: options?.into ?? "this tab" }),
    linkPage: (to) => address("/link", { to }),
    formPage: (action, fields) => address("/form", { action, fields }),
    framePage: (src) => address("/frame", { src }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
