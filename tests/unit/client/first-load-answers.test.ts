// @vitest-environment node
import { describe, expect, it } from "vitest";
import { readActivity } from "../../../src/client/features/dashboard/api/get-recent-activity";
import { readLinkedinAccountList } from "../../../src/client/lib/linkedin-account-list";
import { readPublicConfig } from "../../../src/client/lib/public-config";
import { readSessionAnswer } from "../../../src/client/lib/session";
import { activitySchema } from "../../../src/shared/api/activity";
import { linkedinAccountListSchema } from "../../../src/shared/api/linkedin-accounts";
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
  language: null,
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
    expect(readSessionAnswer({ user, viewing: null })).toEqual(
      sessionSchema.parse({ user, viewing: null }).user,
    );
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

  const account = {
    id: 12,
    accountType: "LinkedIn",
    firstName: "Ana",
    lastName: null,
    linkedinEmail: "ana@example.test",
    hasPassword: true,
    status: "Active",
    isPremium: false,
    isVerified: true,
    isOptimized: false,
    headline: null,
    location: "Lisbon",
    industry: null,
    gender: null,
    connectionsCount: 480,
    followers: null,
    profileUrl: "https://www.linkedin.com/in/ana",
    proxyCountry: "PT",
    proxyIp: "10.0.0.1",
    proxyPort: "8080",
    proxyUsername: "ana",
    proxyZoneName: null,
    hasProxyPassword: true,
    hasTwoFaSecret: false,
    twoFaRecoveryCodeCount: 0,
    twoFaStatus: null,
    verificationType: null,
    notes: null,
    createdAt: "2026-01-02T03:04:05.000Z",
    lastSyncedAt: "2026-01-03T03:04:05.000Z",
    openRequest: null,
  };

  it("reads an accounts list as the schema does", () => {
    const list = [
      account,
      { ...account, id: 13, followers: 20, extra: "dropped" },
      { ...account, id: 14, openRequest: { id: 3, status: "in_progress", wish: "fix", extra: 1 } },
    ];
    expect(readLinkedinAccountList(list)).toEqual(linkedinAccountListSchema.parse(list));
    expect(readLinkedinAccountList([])).toEqual([]);
  });

  it("refuses an accounts list the schema refuses", () => {
    for (const body of [
      null,
      { accounts: [account] },
      [null],
      [{ ...account, id: "12" }],
      [{ ...account, connectionsCount: 1.5 }],
      [{ ...account, followers: undefined }],
      [{ ...account, hasPassword: 1 }],
      [{ ...account, status: null }],
      [{ ...account, openRequest: undefined }],
      [{ ...account, openRequest: { id: 3, status: "fixed", wish: "fix" } }],
      [{ ...account, openRequest: { id: "3", status: "submitted", wish: "fix" } }],
    ]) {
      expect(linkedinAccountListSchema.safeParse(body).success).toBe(false);
      expect(() => readLinkedinAccountList(body)).toThrow();
    }
  });

  const sync = {
    type: "sync",
    at: "2026-01-04T10:00:00.000Z",
    kind: "user",
    status: "succeeded",
    synced: 40,
    errors: 0,
  };
  const reveal = {
    type: "reveal",
    at: "2026-01-04T11:00:00.000Z",
    secret: "export",
    account: "ana@example.test",
    accounts: 40,
    byAnotherUser: false,
  };

  const payment = {
    type: "payment",
    at: "2026-01-04T12:00:00.000Z",
    kind: "refund",
    amountCents: -4400,
    currency: "USD",
    product: null,
  };
  const order = {
    type: "order",
    at: "2026-01-04T13:00:00.000Z",
    status: "paid",
    totalCents: 44200,
    currency: "USD",
    product: "3 × LinkedIn Plus, 1 × Sales Navigator",
  };

  it("reads the recent activity as the schema does", () => {
    const body = { items: [sync, { ...reveal, extra: 1 }, payment, { ...payment, product: "Lite" }, order] };
    expect(readActivity(body)).toEqual(activitySchema.parse(body));
    expect(readActivity({ items: [] })).toEqual({ items: [] });
  });

  it("refuses recent activity the schema refuses", () => {
    for (const body of [
      [],
      {},
      { items: [{ ...sync, type: "login" }] },
      { items: [{ ...sync, kind: "nightly" }] },
      { items: [{ ...sync, status: "done" }] },
      { items: [{ ...reveal, secret: "email" }] },
      { items: [{ ...reveal, accounts: 0 }] },
      { items: [{ ...reveal, byAnotherUser: null }] },
      { items: [{ ...reveal, type: "sync" }] },
      { items: [{ ...payment, kind: "checkout.session.completed" }] },
      { items: [{ ...payment, amountCents: 44.5 }] },
      { items: [{ ...payment, currency: null }] },
      { items: [{ ...payment, product: undefined }] },
      { items: [{ ...order, status: "pending" }] },
      { items: [{ ...order, product: null }] },
      { items: [{ ...order, type: "payment" }] },
    ]) {
      expect(activitySchema.safeParse(body).success).toBe(false);
      expect(() => readActivity(body)).toThrow();
    }
  });
});
