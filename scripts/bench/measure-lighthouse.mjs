// Runs Lighthouse (mobile preset) against the built portal and prints the four category scores and
// LCP, TBT and CLS for /login signed out, and /dashboard and /accounts/linkedin signed in as the demo
// customer with 40 accounts: the median of RUNS runs (5) of each page, and every run's performance
// score. A measurement, not a test: it never fails on the figures. LANGUAGE=de measures the pages as a
// browser that asks for German sees them (decision 052); English otherwise.
//
// The built server (`npm run build`) starts on a free loopback port with a new DATA_DIR, so the
// demo data is loaded into a database of its own. Chromium runs offline: every host but 127.0.0.1
// resolves to nothing. With LIGHTHOUSE_REPORTS=<folder>, each page's full report is saved there as
// JSON (the LCP element, the long tasks and the request chains behind the figures).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBuiltServer, waitFor } from "./built-server.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.RUNS ?? 5);
const DEMO_CUSTOMER = { email: "demo@example.com", password: "Demo-Portal-2026!" };
const WANTED_ACCOUNTS = 40;
const LANGUAGE = process.env.LANGUAGE ?? "en";
const CHROME_FLAGS = [
  // The browser's own languages: what it sends as Accept-Language and what the page reads.
  `--lang=${LANGUAGE}`,
  `--accept-lang=${LANGUAGE}`,
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-features=NetworkTimeServiceQuerying",
  // Passed without a shell, so without the quotes a shell would need.
  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
];

const { origin, stop } = await startBuiltServer("lighthouse");

let chrome;
try {
  // The demo sign-ins exist once the demo data is loaded, which may finish after the server listens.
  const sessionCookie = await waitFor(async () => {
    const res = await fetch(`${origin}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(DEMO_CUSTOMER),
    });
    if (!res.ok) return null;
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }, "the demo customer's sign-in");
  const user = await (await fetch(`${origin}/api/user`, { headers: { cookie: sessionCookie } })).json();
  const accounts = await (
    await fetch(`${origin}/api/accounts/linkedin/user/${user.uid}`, { headers: { cookie: sessionCookie } })
  ).json();
  const accountCount = Array.isArray(accounts)
    ? accounts.length
    : (accounts.accounts ?? accounts.items ?? []).length;
  console.log(
    `demo customer ${DEMO_CUSTOMER.email}: ${accountCount} LinkedIn accounts; language ${LANGUAGE}`,
  );
  if (accountCount < WANTED_ACCOUNTS) {
    console.warn(`The demo data gives the demo customer fewer than ${WANTED_ACCOUNTS} accounts.`);
  }

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  const pages = [
    { path: "/login", cookie: null },
    { path: "/dashboard", cookie: sessionCookie },
    { path: "/accounts/linkedin", cookie: sessionCookie },
  ];
  // Each page RUNS times (5 unless set), the pages taking turns, so a noisy moment of the machine
  // falls on every page alike; the table gives each page's median run (by performance score).
  const runsByPage = new Map(pages.map((page) => [page.path, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const page of pages) {
      const result = await lighthouse(`${origin}${page.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        ...(page.cookie ? { extraHeaders: { cookie: page.cookie } } : {}),
      });
      const { categories, audits, runtimeError } = result.lhr;
      if (process.env.LIGHTHOUSE_REPORTS) {
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        const file = path.join(
          process.env.LIGHTHOUSE_REPORTS,
          `${page.path.slice(1).replaceAll("/", "-")}-${run + 1}.json`,
        );
        writeFileSync(file, JSON.stringify(result.lhr, null, 1));
      }
      if (runtimeError) console.warn(`${page.path}: ${runtimeError.code} ${runtimeError.message}`);
      const score = (id) => (categories[id]?.score == null ? null : Math.round(categories[id].score * 100));
      runsByPage.get(page.path).push({
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best practices": score("best-practices"),
        SEO: score("seo"),
        LCP: audits["largest-contentful-paint"].displayValue,
        TBT: audits["total-blocking-time"].displayValue,
        CLS: audits["cumulative-layout-shift"].displayValue,
      });
      const failing = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id);
      if (failing.length) console.log(`${page.path}: failing checks: ${failing.join(", ")}`);
    }
  }
  const rows = [];
  for (const [page, runs] of runsByPage) {
    const sorted = [...runs].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
    const median = sorted[Math.floor(sorted.length / 2)];
    rows.push({
      page,
      ...median,
      "performance, every run": runs.map((r) => r.performance ?? "n/a").join(" "),
    });
  }
  console.table(rows);
} finally {
  if (chrome) await chrome.kill();
  await stop();
}
