/** The demo customer and admin an empty embedded database starts with; the README gives their sign-in details. */
import type { DemoSeeder } from "../../db/demo-seed";
import { users } from "../../db/schema";
import { hashPassword } from "./password";

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

export const demoUsersSeeder: DemoSeeder = {
  name: "demo customer and admin",
  async seed(database) {
    const now = new Date();
    await database.db.insert(users).values([
      {
        email: DEMO_CUSTOMER.email,
        name: DEMO_CUSTOMER.name,
        username: DEMO_CUSTOMER.username,
        passwordHash: await hashPassword(DEMO_CUSTOMER.password),
        emailVerifiedAt: now,
        onboardingUrl: "https://example.com/onboarding",
        optimizationUrl: "https://example.com/optimization-request",
      },
      {
        email: DEMO_ADMIN.email,
        name: DEMO_ADMIN.name,
        username: DEMO_ADMIN.username,
        role: "admin",
        passwordHash: await hashPassword(DEMO_ADMIN.password),
        emailVerifiedAt: now,
      },
    ]);
  },
};
