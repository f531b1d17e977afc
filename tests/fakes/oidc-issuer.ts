/**
 * A local OpenID Connect issuer on a free loopback port (oauth2-mock-server): discovery, the
 * authorization endpoint that approves at once and sends the browser back with a code, the token
 * endpoint and its signing keys. Tests say who signs in next, and can tamper with what it answers.
 */
import { OAuth2Server } from "oauth2-mock-server";

export interface TestIssuer {
  url: string;
  server: OAuth2Server;
  /** The claims of the next ID tokens (sub, email, email_verified, name, picture, or anything to break). */
  signInAs(claims: Record<string, unknown>): void;
  close(): Promise<void>;
}

export async function startTestIssuer(): Promise<TestIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  let claims: Record<string, unknown> = {};
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, claims);
  });
  const url = server.issuer.url;
  if (!url) throw new Error("the test issuer has no URL");
  return {
    url,
    server,
    signInAs(next) {
      claims = next;
    },
    close: () => server.stop(),
  };
}
