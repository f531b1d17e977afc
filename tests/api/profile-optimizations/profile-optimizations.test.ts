import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../src/server/platform/db/database";
import { profileOptimizations, type UserRow } from "../../../src/server/platform/db/schema";
import {
  profileOptimizationListSchema,
  profileOptimizationSchema,
} from "../../../src/shared/api/profile-optimizations";
import { createTestApp, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInCast, signedInUser } from "../../support/users";

let counter = 0;

async function insertRequest(
  db: Database,
  owner: UserRow,
  overrides: Partial<typeof profileOptimizations.$inferInsert> = {},
) {
  counter += 1;
  const [row] = await db
    .insert(profileOptimizations)
    .values({
      userId: owner.id,
      uid: owner.uid,
      airtableRecordId: `recOpt${counter}-${Date.now()}`,
      formName: `Request ${counter}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("optimization insert returned nothing");
  return row;
}

const ABOUT =
  "Head of Growth with 11 years in SaaS.\n\nI help teams build pipeline.\n\tOutside work: running.";

describe("GET /api/profile-optimizations and /api/profile-optimizations/:uid", () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  const ids = { full: 0, older: 0, undated: 0, bobs: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    ({ alice, bob, admin } = await signedInCast(db, t.config));
    ids.older = (
      await insertRequest(db, alice.user, { formSubmissionDate: new Date("2026-01-05T10:00:00.000Z") })
    ).id;
    ids.undated = (await insertRequest(db, alice.user, { formName: "No date yet" })).id;
    ids.full = (
      await insertRequest(db, alice.user, {
        formName: "LinkedIn Profile Optimization",
        companyName: "Lumen Learning Co.",
        formSubmissionDate: new Date("2026-10-06T12:46:38.000Z"),
        headline: "Head of Growth | Demand Generation",
        aboutSection: ABOUT,
        jobTitles: "Head of Growth, Growth Marketer",
        linkedinBanner: "https://example.com/uploads/banner.png",
        linkedinProfilePicture: "https://example.com/uploads/photo.jpg",
        linkedinCompanyPage: "https://www.linkedin.com/company/lumen-learning-co",
        experienceJobTitle: "Head of Growth",
        experienceDescription: "• Built the recruiting motion.\n• Grew pipeline by 108%.",
        notes: "Keep the tone friendly.",
        profilesToOptimize: 11,
        optimizationType: "Headline & About",
        profileUrl: "https://www.linkedin.com/in/james-ce998805",
        gender: "Male",
        ethnicity: "Asian",
        ageRange: "45-54",
        currentLocation: "Seattle, Washington, United States",
        targetLocation: "Berlin, Germany",
        industry: "IT Services and IT Consulting",
        seniorityLevel: "Mid-Senior level",
        companySize: "1-10",
        accountLocations: "Seattle, Washington, United States; Berlin, Germany",
        linkedinPfp: "Use the customer's photos",
        education: "BBA, University of Miami",
        skills: "Sales, CRM",
        optimizationFiles: "https://example.com/uploads/brief.pdf",
        otherCriteria: "Profiles should look at least 5 years old.",
        status: "in_review",
      })
    ).id;
    ids.bobs = (
      await insertRequest(db, bob.user, { formName: "Bob's secret request", status: "confirmed" })
    ).id;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string, headers?: Record<string, string>) => t.get(url, cookie, headers);
  const own = (who: SignedInUser, headers?: Record<string, string>) =>
    get("/api/profile-optimizations", who.cookie, headers);
  const byUid = (uid: string, who?: SignedInUser, headers?: Record<string, string>) =>
    get(`/api/profile-optimizations/${uid}`, who?.cookie, headers);

  it("lists the customer's own requests, newest submission first, with exactly the contract's fields", async () => {
    const res = await own(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const list = profileOptimizationListSchema.parse(res.json());
    expect(list.map((r) => r.id)).toEqual([ids.full, ids.older, ids.undated]);
    for (const request of res.json() as object[]) {
      expect(Object.keys(request).sort()).toEqual(Object.keys(profileOptimizationSchema.shape).sort());
    }
    const [full] = list;
    const [row] = await t.database.db
      .select()
      .from(profileOptimizations)
      .where(eq(profileOptimizations.id, ids.full));
    expect(full).toEqual({
      id: ids.full,
      formName: "LinkedIn Profile Optimization",
      profilesToOptimize: 11,
      formSubmissionDate: "2026-10-06T12:46:38.000Z",
      lastSyncedAt: row?.lastSyncedAt.toISOString(),
      companyName: "Lumen Learning Co.",
      industry: "IT Services and IT Consulting",
      currentLocation: "Seattle, Washington, United States",
      targetLocation: "Berlin, Germany",
      accountLocations: "Seattle, Washington, United States; Berlin, Germany",
      seniorityLevel: "Mid-Senior level",
      companySize: "1-10",
      gender: "Male",
      ethnicity: "Asian",
      ageRange: "45-54",
      headline: "Head of Growth | Demand Generation",
      aboutSection: ABOUT,
      jobTitles: "Head of Growth, Growth Marketer",
      experienceJobTitle: "Head of Growth",
      experienceDescription: "• Built the recruiting motion.\n• Grew pipeline by 108%.",
      education: "BBA, University of Miami",
      skills: "Sales, CRM",
      optimizationCriteria: {
        optimizationType: "Headline & About",
        linkedinPfp: "Use the customer's photos",
        linkedinCompanyPage: "https://www.linkedin.com/company/lumen-learning-co",
        optimizationFiles: "https://example.com/uploads/brief.pdf",
        otherCriteria: "Profiles should look at least 5 years old.",
      },
      profileUrl: "https://www.linkedin.com/in/james-ce998805",
      linkedinBanner: "https://example.com/uploads/banner.png",
      linkedinProfilePicture: "https://example.com/uploads/photo.jpg",
      status: "in_review",
      notes: "Keep the tone friendly.",
    });
  });

  it("gives a request with nothing filled in nulls, the default status and empty criteria", async () => {
    const list = profileOptimizationListSchema.parse((await own(alice)).json());
    const undated = list.find((r) => r.id === ids.undated);
    expect(undated).toMatchObject({
      formName: "No date yet",
      profilesToOptimize: null,
      formSubmissionDate: null,
      aboutSection: null,
      status: "submitted",
      optimizationCriteria: {
        optimizationType: null,
        linkedinPfp: null,
        linkedinCompanyPage: null,
        optimizationFiles: null,
        otherCriteria: null,
      },
    });
  });

  it("never shows another customer's request", async () => {
    for (const res of [await own(alice), await byUid(alice.user.uid, alice)]) {
      expect(res.body).not.toContain("Bob's secret request");
    }
    const bobs = profileOptimizationListSchema.parse((await own(bob)).json());
    expect(bobs.map((r) => r.id)).toEqual([ids.bobs]);
  });

  it("answers the same list by the customer's own uid", async () => {
    const mine = await own(alice);
    const byMyUid = await byUid(alice.user.uid, alice);
    expect(byMyUid.statusCode).toBe(200);
    expect(byMyUid.body).toBe(mine.body);
  });

  it("refuses another customer's uid, or one no one has, with 403 and nothing else", async () => {
    for (const uid of [bob.user.uid, "no-such-uid"]) {
      const res = await byUid(uid, alice);
      expect(res.statusCode, uid).toBe(403);
      expect(res.json()).toEqual({ error: "You can only view your own profile optimizations" });
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it("lets an admin read any customer's list, and an unknown uid as empty", async () => {
    const asAdmin = await byUid(alice.user.uid, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).toBe((await own(alice)).body);
    const bobs = profileOptimizationListSchema.parse((await byUid(bob.user.uid, admin)).json());
    expect(bobs.map((r) => r.formName)).toEqual(["Bob's secret request"]);
    const unknown = await byUid("no-such-uid", admin);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    // The admin's own list is theirs, not everyone's.
    expect((await own(admin)).json()).toEqual([]);
  });

  it("answers 401 in the error shape when signed out", async () => {
    for (const url of ["/api/profile-optimizations", `/api/profile-optimizations/${alice.user.uid}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: "Not authenticated" });
    }
  });

  it("answers a uid that cannot be one with 400 in the error shape, never a 5xx", async () => {
    const tooLong = await byUid("x".repeat(37), alice);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: expect.any(String) });
    for (const uid of ["%00", "a%00b", "%07", "%0A"]) {
      const res = await byUid(uid, alice);
      expect(res.statusCode, uid).toBe(400);
      expect(res.json()).toEqual({ error: "uid: must not contain control characters" });
    }
    for (const uid of ["%E0%A4%A", "%", "x".repeat(5000)]) {
      const res = await byUid(uid, alice);
      expect(res.statusCode, uid).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, uid).toBeLessThan(500);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect(t.logs()).not.toContain('"level":50');
  });

  it("tags the list with the customer's list version, and lets no cache keep it", async () => {
    const [mine, byMine] = [await own(alice), await byUid(alice.user.uid, alice)];
    expect(mine.headers.etag).toMatch(/^"opt1\.\d+\.[\w-]+"$/);
    expect(byMine.headers.etag).toBe(mine.headers.etag);
    expect(byMine.rawPayload.equals(mine.rawPayload)).toBe(true);
    for (const res of [mine, byMine]) expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("moves the tag on for the customer whose request changed, and for no one else", async () => {
    const alicesTag = String((await own(alice)).headers.etag);
    const bobsTag = String((await own(bob)).headers.etag);
    await t.database.db
      .update(profileOptimizations)
      .set({ notes: "Bob's request moved on" })
      .where(eq(profileOptimizations.id, ids.bobs));
    expect((await own(alice, { "if-none-match": alicesTag })).statusCode).toBe(304);
    const bobs = await own(bob, { "if-none-match": bobsTag });
    expect(bobs.statusCode).toBe(200);
    expect(bobs.body).toContain("Bob's request moved on");
  });

  it("answers 304 with no body while the list is unchanged, and 200 once it changes", async () => {
    const first = await own(alice);
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, "*"]) {
      const unchanged = await own(alice, { "if-none-match": ifNoneMatch });
      expect(unchanged.statusCode, ifNoneMatch).toBe(304);
      expect(unchanged.body).toBe("");
      expect(unchanged.headers.etag).toBe(etag);
      const byMyUid = await byUid(alice.user.uid, alice, { "if-none-match": ifNoneMatch });
      expect(byMyUid.statusCode, ifNoneMatch).toBe(304);
    }
    expect((await own(alice, { "if-none-match": '"something-else"' })).statusCode).toBe(200);

    await t.database.db
      .update(profileOptimizations)
      .set({ status: "completed" })
      .where(eq(profileOptimizations.id, ids.older));
    const changed = await own(alice, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const older = profileOptimizationListSchema.parse(changed.json()).find((r) => r.id === ids.older);
    expect(older?.status).toBe("completed");
  });

  it("does not answer 304 to a caller who may not see the list", async () => {
    const etag = String((await own(alice)).headers.etag);
    const res = await byUid(alice.user.uid, bob, { "if-none-match": etag });
    expect(res.statusCode).toBe(403);
  });

  it("gzips the list for a browser that accepts it, as a representation with its own ETag", async () => {
    const plain = await own(alice);
    const zipped = await own(alice, { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(plain.body);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    const again = await own(alice, {
      "accept-encoding": "gzip",
      "if-none-match": String(zipped.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const refused = await own(alice, { "accept-encoding": "gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("serves a customer with 1,000 requests quickly, and an unchanged list as a 304", async () => {
    const many = await signedInUser(t.database.db, t.config);
    const rows = Array.from({ length: 1_000 }, (_, i) => ({
      userId: many.user.id,
      uid: many.user.uid,
      airtableRecordId: `recMany${i}-${Date.now()}`,
      formName: `Request ${i}`,
      formSubmissionDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      aboutSection: `${ABOUT}\n${"Long text. ".repeat(60)}`,
      experienceDescription: "• One.\n• Two.\n• Three.",
      status: i % 2 ? "completed" : "submitted",
    }));
    for (let i = 0; i < rows.length; i += 250) {
      await t.database.db.insert(profileOptimizations).values(rows.slice(i, i + 250));
    }
    await own(many); // The first read warms the database's caches.

    const started = performance.now();
    const full = await own(many, { "accept-encoding": "gzip" });
    const fullMs = performance.now() - started;
    const list = profileOptimizationListSchema.parse(
      JSON.parse(gunzipSync(full.rawPayload).toString("utf8")),
    );
    expect(list).toHaveLength(1_000);
    expect(list[0]?.formName).toBe("Request 999");

    const again = performance.now();
    const notModified = await own(many, {
      "accept-encoding": "gzip",
      "if-none-match": String(full.headers.etag),
    });
    const notModifiedMs = performance.now() - again;
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    // Generous bounds for a busy machine: a quiet one answers in a small fraction of them.
    expect(fullMs).toBeLessThan(3_000);
    expect(notModifiedMs).toBeLessThan(3_000);
  });
});
