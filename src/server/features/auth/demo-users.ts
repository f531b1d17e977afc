/** The demo customer and admin an empty embedded database starts with; the README gives their sign-in details. */
import { eq } from "drizzle-orm";
import type { DemoSeeder } from "../../platform/db/demo-seed";
import { users } from "../../platform/db/schema";
import { hashPassword } from "./password";
import { findUserByEmail } from "./users-repo";

export const DEMO_CUSTOMER = {
  email: "demo@example.com",
  password: "Demo-Portal-2026!",
  name: "Dana Demo",
  username: "dana",
} as const;

export const DEMO_ADMIN = {
  email: "admin@example.com",
  password: "Admin-Portal-2026!",
  name: "Avery Admin",
  username: "avery",
} as const;

/**
 * Gives the demo customer (imported from the demo records when they are loaded) a password, as if
 * they had claimed their record, and creates the demo admin.
 */
export const demoUsersSeeder: DemoSeeder = {
  name: "demo customer and admin sign-ins",
  async seed(database) {
    const now = new Date();
    const customer = {
      email: DEMO_CUSTOMER.email,
      name: DEMO_CUSTOMER.name,
      username: DEMO_CUSTOMER.username,
      passwordHash: await hashPassword(DEMO_CUSTOMER.password),
      emailVerifiedAt: now,
      onboardingUrl: "https://example.com/onboarding",
      optimizationUrl: "https://example.com/optimization-request",
    };
    const existing = await findUserByEmail(database.db, DEMO_CUSTOMER.email);
    if (existing) {
      await database.db
        .update(users)
        .set({ passwordHash: customer.passwordHash, emailVerifiedAt: now })
        .where(eq(users.id, existing.id));
    } else {
      await database.db.insert(users).values(customer);
    }
    await database.db.insert(users).values({
      email: DEMO_ADMIN.email,
      name: DEMO_ADMIN.name,
      username: DEMO_ADMIN.username,
      role: "admin",
      passwordHash: await hashPassword(DEMO_ADMIN.password),
      emailVerifiedAt: now,
    });
  },
};
