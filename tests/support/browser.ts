import { chromium, type Browser, type BrowserContext } from "playwright-core";

// Debian's Chromium for the browser tests, watching every page for Content-Security-Policy violations: a script or
// style the policy blocks is logged to the console, and the tests require there is none (the CSP carries a nonce
// per request, see proxy.ts, so a script without it would silently not run).
export type WatchedBrowser = { browser: Browser; cspViolations: string[] };

export async function launchBrowser(): Promise<WatchedBrowser> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  const cspViolations: string[] = [];
  // Once per context: Playwright's newPage goes through newContext.
  const watched = new WeakSet<BrowserContext>();
  const watch = (context: BrowserContext) => {
    if (watched.has(context)) return;
    watched.add(context);
    context.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${message.location().url}: ${message.text()}`);
    });
  };
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watch(context);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    watch(page.context());
    return page;
  };
  return { browser, cspViolations };
}
