import { LogIn, LogOut, ShieldQuestion } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { BrandMark, PRODUCT_NAME } from "../../../components/brand-mark";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PasswordInput } from "../../../components/ui/password-input";
import { apiRequest, getJson } from "../../../lib/api-client";
import { cn } from "../../../lib/utils";
import { LOGIN_REFETCH_DELAY_MS, login, loginErrorMessage } from "../api/login";
import { setSignedInUser, setSignedOut } from "../api/session-cache";

interface Outcome {
  action: string;
  ok: boolean;
  body: unknown;
}

/**
 * Decision D9: a developer page, outside production only, to try the three session calls by hand
 * and see exactly what the server answers.
 */
export function LoginTestPage() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function run(
    action: string,
    call: () => Promise<unknown>,
    describeError: (error: unknown) => string,
  ) {
    setBusy(action);
    try {
      setOutcome({ action, ok: true, body: await call() });
    } catch (error) {
      setOutcome({ action, ok: false, body: describeError(error) });
    } finally {
      setBusy(null);
    }
  }

  const onLogin = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(
      "Log in",
      async () => {
        const answer = await login({ email, password });
        // An account with an authenticator app finishes on the sign-in page; this page shows the answer.
        if (!("secondFactor" in answer)) setSignedInUser(answer, LOGIN_REFETCH_DELAY_MS);
        return answer;
      },
      loginErrorMessage,
    );
  };

  const onCheckSession = () =>
    void run(
      "Check session",
      async () =>
        (await getJson("/api/user", { on401: "returnNull" })) ?? "Not signed in (the server answered 401)",
      (error) => (error instanceof Error ? error.message : String(error)),
    );

  const onLogout = () =>
    void run(
      "Log out",
      async () => {
        const body: unknown = await (await apiRequest("POST", "/api/logout", {})).json();
        setSignedOut();
        return body;
      },
      (error) => (error instanceof Error ? error.message : String(error)),
    );

  return (
    <main className="flex min-h-svh flex-col items-center gap-8 p-6 md:p-10">
      <title>{`Login Test · ${PRODUCT_NAME}`}</title>
      <div className="flex w-full max-w-2xl items-center justify-between gap-4">
        <BrandMark />
        <Link
          to="/"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline dark:text-blue-300"
        >
          Open the portal
        </Link>
      </div>
      <div className="grid w-full max-w-2xl gap-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Login Test</h1>
          <p className="text-muted-foreground">
            A developer page for trying sign-in, checking the current session and signing out. It does not
            exist in production.
          </p>
        </div>

        <Card>
          <CardHeader>
            <CardTitle>Log in</CardTitle>
            <CardDescription>Sends POST /api/login with these credentials.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={onLogin} className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="login-test-email">Email</Label>
                <Input
                  id="login-test-email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="login-test-password">Password</Label>
                <PasswordInput
                  id="login-test-password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </div>
              <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={busy !== null}>
                <LogIn aria-hidden="true" />
                Log in
              </Button>
            </form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Session</CardTitle>
            <CardDescription>
              GET /api/user shows who this browser is signed in as; POST /api/logout ends it.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={onCheckSession} disabled={busy !== null}>
              <ShieldQuestion aria-hidden="true" />
              Check session
            </Button>
            <Button variant="outline" onClick={onLogout} disabled={busy !== null}>
              <LogOut aria-hidden="true" />
              Log out
            </Button>
          </CardContent>
        </Card>

        <section aria-labelledby="login-test-result" className="grid gap-2">
          <h2 id="login-test-result" className="font-semibold">
            Result
          </h2>
          <div role="status" aria-live="polite">
            {outcome ? (
              <div
                className={cn(
                  "overflow-hidden rounded-lg border",
                  outcome.ok ? "border-border" : "border-destructive/40 dark:border-red-400/40",
                )}
              >
                <p
                  className={cn(
                    "border-b px-4 py-2 text-sm font-medium",
                    outcome.ok ? "bg-muted/50" : "bg-destructive/5 text-destructive dark:text-red-300",
                  )}
                >
                  {outcome.action}: {outcome.ok ? "succeeded" : "failed"}
                </p>
                <pre className="bg-muted/30 p-4 text-xs leading-relaxed break-words whitespace-pre-wrap">
                  {typeof outcome.body === "string" ? outcome.body : JSON.stringify(outcome.body, null, 2)}
                </pre>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">Nothing run yet.</p>
            )}
          </div>
        </section>
      </div>
    </main>
  );
}
