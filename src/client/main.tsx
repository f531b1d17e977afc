import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { DEFAULT_LANGUAGE } from "../shared/i18n/languages";
import { ErrorBoundary } from "./app/error-boundary";
import { keepFirstPaint } from "./app/first-paint";
import { AppProviders } from "./app/providers/app-providers";
import {
  applyThemeClass,
  DEFAULT_THEME,
  readStoredTheme,
  resolveTheme,
} from "./app/providers/theme-provider";
import { AppRoutes } from "./app/router";
import { preloadSignedInScreen } from "./app/routes/signed-in-routes";
import { preloadSignedOutScreen } from "./app/routes/signed-out-screens";
import { activateLanguage, browserLanguage } from "./lib/i18n/language";
import { checkSession } from "./lib/session";
import "./styles.css";

// Applied before the first render so a dark-theme user never sees a light flash. It lives here rather
// than in an inline <script> because the server's Content-Security-Policy forbids inline scripts.
applyThemeClass(resolveTheme(readStoredTheme() ?? DEFAULT_THEME));

// Who is signed in is asked at once, beside the screen's chunks below.
void checkSession();
preloadSignedInScreen(window.location.pathname);
preloadSignedOutScreen(window.location.pathname);

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into");

// The page's first paint, if the build put one in (decision 056), stays until the app shows its screen.
keepFirstPaint(container);
const root = createRoot(container);
// The language's catalogue comes in beside the session check and the screen's chunks started above.
// Should it fail to load, English is tried, and failing that the error boundary has the page.
const speaking = activateLanguage(browserLanguage())
  .catch(() => activateLanguage(DEFAULT_LANGUAGE))
  .catch(() => undefined);
// Rendered as a transition, so React yields to the browser every few milliseconds instead of
// holding the main thread for the whole first render (decision 013).
void speaking.then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <ErrorBoundary name="app">
          <BrowserRouter>
            <AppProviders>
              <AppRoutes />
            </AppProviders>
          </BrowserRouter>
        </ErrorBoundary>
      </StrictMode>,
    );
  }),
);
