/** The mutation groups: the modules that decide money, secrets and access, each with the tests that cover it. */
export const MUTATION_GROUPS = {
  pricing: {
    mutate: ["src/shared/shop/pricing.ts"],
    tests: ["tests/unit/shared/pricing.test.ts", "tests/unit/server/config.test.ts"],
  },
  totp: {
    mutate: ["src/server/platform/secrets/totp.ts"],
    tests: ["tests/unit/server/totp.test.ts"],
  },
  guards: {
    mutate: ["src/server/platform/plugins/cross-site-guard.ts", "src/server/platform/http/own-uid.ts"],
    tests: [
      "tests/api/platform/cross-site-guard.test.ts",
      "tests/api/platform/route-access.test.ts",
      // Where a customer asks for another customer's uid or account, and an admin for anyone's.
      "tests/api/linkedin-accounts/linkedin-accounts-list.test.ts",
      "tests/api/linkedin-accounts/linkedin-accounts-secrets.test.ts",
      "tests/api/profile-optimizations/profile-optimizations.test.ts",
    ],
  },
  "rate-limiter": {
    mutate: ["src/server/platform/http/rate-limiter.ts"],
    tests: ["tests/api/platform/rate-limiter.test.ts"],
  },
  ledger: {
    mutate: ["src/server/features/billing/ledger/*.ts"],
    tests: [
      "tests/unit/server/ledger-amounts.test.ts",
      "tests/unit/server/transactions-csv.test.ts",
      "tests/api/billing/billing-ledger.test.ts",
      "tests/api/shop/shop-stripe.test.ts",
    ],
  },
  "second-factor": {
    mutate: [
      "src/server/features/auth/two-factor.ts",
      "src/server/features/auth/two-factor-sign-in.ts",
      "src/server/platform/secrets/recovery-codes.ts",
    ],
    tests: ["tests/api/auth/two-factor.test.ts"],
  },
  "step-up": {
    mutate: ["src/server/platform/http/fresh-proof.ts", "src/server/features/auth/fresh-proof.ts"],
    tests: ["tests/api/auth/fresh-proof.test.ts"],
  },
};
