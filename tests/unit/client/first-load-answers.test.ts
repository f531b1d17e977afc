// @vitest-environment node
import { describe, expect, it } from "vitest";
import { readPublicConfig } from "../../../src/client/lib/public-config";
import { readSessionAnswer } from "../../../src/client/lib/session";
import { publicConfigSchema } from "../../../src/shared/api/public-config";
import { sessionSchema } from "../../../src/shared/api/user";

const user = {
  id: 7,
  uid: "4a8f0f5e-1111-4222-8333-944445555666",
  name: "Dana Smith",
  email: "dana@example.test",
  username: null,
  role: "admin",
  createdAt: "2026-01-02T03:04:05.000Z",
  onboardingUrl: "https://example.test/onboarding",
  optimizationUrl: null,
  emailVerified: false,
  googleLinked: true,
  hasPassword: true,
  profileImageUrl: null,
};

const config = {
  knowledgeBaseUrl: "https://help.example.test",
  supportEmail: "support@example.test",
  supportPhone: "+44 20 0000 0000",
  chatWidgetId: null,
  googleSignInEnabled: true,
  devToolsEnabled: false,
};

// The first load checks these answers by hand instead of with zod; they must agree with the schemas.
describe("the answers the first load reads without zod", () => {
  it("reads a session as the schema does", () => {
    expect(readSessionAnswer({ user: null })).toBeNull();
    expect(readSessionAnswer({ user })).toEqual(sessionSchema.parse({ user }).user);
    expect(readSessionAnswer({ user: { ...user, extra: 1 } })).toEqual(user);
  });

  it("refuses a session the schema refuses", () => {
    for (const body of [
      {},
      { user: "dana" },
      { user: { ...user, id: 7.5 } },
      { user: { ...user, role: "owner" } },
      { user: { ...user, username: undefined } },
      { user: { ...user, emailVerified: "yes" } },
    ]) {
      expect(sessionSchema.safeParse(body).success).toBe(false);
      expect(() => readSessionAnswer(body)).toThrow();
    }
  });

  it("reads the public configuration as the schema does", () => {
    expect(readPublicConfig(config)).toEqual(publicConfigSchema.parse(config));
    expect(readPublicConfig({ ...config, extra: true })).toEqual(config);
    for (const body of [null, { ...config, chatWidgetId: 3 }, { ...config, devToolsEnabled: undefined }]) {
      expect(publicConfigSchema.safeParse(body).success).toBe(false);
      expect(() => readPublicConfig(body)).toThrow();
    }
  });
});
