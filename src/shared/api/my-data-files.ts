/**
 * The files of "Download my data" (see my-data.ts): the contract of each file in the ZIP. The server
 * types its rows with these schemas and writes the README from their descriptions, and the tests read
 * the files back through them (strict, so a field not described here, such as a password hash, fails
 * them). Kept apart from the request's contract, so the app's bundle does not carry them.
 */
import { z } from "zod";
import { LANGUAGES } from "../i18n/languages";

const time = (description: string) => z.iso.datetime().describe(`${description} (UTC, ISO 8601).`);
const maybeTime = (description: string) =>
  z.iso.datetime().nullable().describe(`${description} (UTC, ISO 8601); null when not known or not yet.`);
const text = (description: string) => z.string().nullable().describe(`${description}; null when empty.`);
const id = (description: string) => z.number().int().describe(description);
const cents = (description: string) =>
  z.number().int().describe(`${description}, in cents (1/100 of the currency).`);

export const profileFileSchema = z
  .object({
    id: id("Your number in the portal."),
    uid: z.string().describe("Your customer id, shared with the operator's records."),
    name: z.string().describe("Your full name."),
    email: z.string().describe("The email address you sign in with and receive mail at."),
    username: text("Your username"),
    role: z.enum(["customer", "admin"]).describe('"customer", or "admin" for the portal\'s operators.'),
    emailVerifiedAt: maybeTime("When you proved the email address is yours"),
    profileImageUrl: text("The picture shown for you (from Google, if you signed in with it)"),
    onboardingUrl: text("Your onboarding form"),
    optimizationUrl: text("Your profile-optimization request form"),
    language: z
      .enum(LANGUAGES)
      .nullable()
      .describe("The language you chose for the portal and its mails; null when you follow your browser's."),
    browserLanguage: z
      .enum(LANGUAGES)
      .nullable()
      .describe(
        "The language the browser you last signed in with asked for, which the portal speaks when you chose none; null when it asked for neither English nor German.",
      ),
    operatorRecordId: text("Your record in the operator's customer base"),
    replitId: text("An id from the portal's earlier platform"),
    lastSyncedAt: maybeTime("When your record last came from the operator's base"),
    createdAt: time("When your portal login was created"),
    updatedAt: time("When your profile last changed"),
    pendingEmailChange: z
      .object({
        newEmail: z.string().describe("The address you asked to change to."),
        requestedAt: time("When you asked"),
        expiresAt: time("When the confirmation link mailed to it stops working"),
      })
      .strict()
      .nullable()
      .describe("An email change waiting for its mailed link to be followed; null when none."),
  })
  .strict();

export const sessionFileSchema = z
  .object({
    id: id("The session's number."),
    thisBrowser: z.boolean().describe("true for the browser this download was made in."),
    createdAt: time("When you signed in"),
    lastSeenAt: time("When the browser last used the portal"),
    expiresAt: time("When the session ends unless used again"),
    userAgent: text("The browser and system, as the browser named itself"),
    ipAddress: text("The internet address it signed in from"),
    provenBy: z
      .string()
      .describe(
        'How you last proved it was you: "password", "password+totp", "password+recovery-code", "passkey", "google" or "mailed-link".',
      ),
    provenAt: time("When you last proved it"),
  })
  .strict();

export const signInMethodsFileSchema = z
  .object({
    password: z
      .object({ set: z.boolean().describe("true when you have a password (the portal keeps only a hash).") })
      .strict()
      .describe("Your password. It is never part of the download."),
    twoFactor: z
      .object({
        enabled: z.boolean().describe("true when sign-in also asks for an authenticator app's code."),
        enabledAt: maybeTime("When you turned it on"),
        recoveryCodesLeft: z.number().int().describe("How many unused recovery codes you have."),
      })
      .strict()
      .describe("Two-factor sign-in. Its secret key and your recovery codes are never part of the download."),
    passkeys: z
      .array(
        z
          .object({
            name: z.string().describe("The name you gave it."),
            createdAt: time("When you added it"),
            lastUsedAt: maybeTime("When you last signed in with it"),
            deviceType: text('"singleDevice" or "multiDevice" (synced between your devices)'),
            backedUp: z.boolean().describe("true when your device backs it up."),
            transports: z.array(z.string()).describe("How the browser reaches it (usb, nfc, internal...)."),
          })
          .strict(),
      )
      .describe("Your passkeys. Their public keys are left out: they sign nothing without your device."),
    google: z
      .object({
        linked: z.boolean().describe("true when a Google account signs you in."),
        subject: text(
          "Google's id for that account (the portal keeps no other Google detail, not its email)",
        ),
        linkedAt: maybeTime("When it was last linked or first used to sign up"),
      })
      .strict()
      .describe("Signing in with Google."),
  })
  .strict();

export const accountSecretsSchema = z
  .object({
    password: text("The LinkedIn password"),
    proxyPassword: text("The proxy's password"),
    twoFaSecret: text("The 2FA secret key: add it to an authenticator app to get the account's login codes"),
    recoveryCodes: z.array(z.string()).describe("The account's 2FA recovery codes."),
    unreadable: z
      .array(z.string())
      .describe("Secrets the portal holds but could not decrypt (named as above); normally empty."),
  })
  .strict();

export const linkedinAccountFileSchema = z
  .object({
    id: id("The account's number in the portal."),
    accountType: z.string().describe("lite, plus, exec, navigator or sales navigator."),
    firstName: text("The profile's first name"),
    lastName: text("The profile's last name"),
    linkedinEmail: text("The email address the LinkedIn account signs in with"),
    hasPassword: z.boolean().describe("true when a LinkedIn password is stored."),
    status: z.string().describe('Where the account stands, such as "Signed In" or "Wrong Password".'),
    isPremium: z.boolean().describe("true for a Premium account."),
    isVerified: z.boolean().describe("true when LinkedIn has verified the account."),
    isOptimized: z.boolean().describe("true when the profile has been optimized."),
    headline: text("The profile's headline"),
    location: text("The profile's location"),
    industry: text("The profile's industry"),
    gender: text("The profile's gender"),
    connectionsCount: z.number().int().describe("How many connections it has."),
    followers: z.number().int().nullable().describe("How many followers it has; null when not known."),
    profileUrl: text("The LinkedIn profile's address"),
    proxyCountry: text("The country of the proxy the account is used through"),
    proxyIp: text("The proxy's address"),
    proxyPort: text("The proxy's port"),
    proxyUsername: text("The proxy's username"),
    proxyZoneName: text("The proxy's zone"),
    hasProxyPassword: z.boolean().describe("true when a proxy password is stored."),
    hasTwoFaSecret: z
      .boolean()
      .describe("true when a 2FA secret is stored (the portal shows its login codes)."),
    twoFaRecoveryCodeCount: z.number().int().describe("How many 2FA recovery codes are stored."),
    twoFaStatus: text("Whether 2FA is on for the account"),
    verificationType: text("How the account was verified"),
    notes: text("Notes from the operator"),
    createdAt: time("When the account reached the portal"),
    lastSyncedAt: time("When it last came from the operator's base"),
    secrets: accountSecretsSchema
      .optional()
      .describe(
        "Only in a download made with \"Include my accounts' passwords and 2FA secrets\": the account's secrets in plain text.",
      ),
  })
  .strict();

export const orderLineSchema = z
  .object({
    key: z.string().describe("The product's short name."),
    kind: z.string().describe('"plan" or "add-on".'),
    name: z.string().describe("The product's name."),
    quantity: z.number().int().describe("How many."),
    unitCents: cents("The price of one"),
    totalCents: cents("The line's price"),
  })
  .strict();

export const orderFileSchema = z
  .object({
    id: id("The order's number."),
    status: z.string().describe("open, paid, cancelled, expired, failed or refunded."),
    channel: z.string().describe('How it was started: "checkout", "cart" or "pay-link".'),
    provider: z
      .string()
      .describe('Who took the payment: "stripe", or "test" for the portal\'s test checkout.'),
    lines: z.array(orderLineSchema).describe("What was ordered."),
    subtotalCents: cents("The sum of the lines"),
    discountPercent: z.number().int().describe("The volume discount, in percent."),
    discountCents: cents("The discount"),
    totalCents: cents("What the order costs"),
    currency: z.string().describe("The currency (ISO 4217)."),
    paymentSessionId: text("The payment provider's checkout session"),
    paymentCustomerId: text("Your customer id at the payment provider"),
    failureReason: text("Why the payment provider refused to start the checkout"),
    createdAt: time("When the order was placed"),
    updatedAt: time("When it last changed"),
    paidAt: maybeTime("When it was paid"),
  })
  .strict();

export const transactionFileSchema = z
  .object({
    id: id("The row's number in the portal's ledger."),
    source: z.string().describe('Where it came from: "airtable" (the operator\'s base), "stripe" or "test".'),
    operatorRecordId: text("The row's record in the operator's base"),
    eventType: text('What happened, such as "checkout.session.completed" or "refund.created"'),
    product: text("What was paid for"),
    amountCents: cents("The amount; a refund's is the amount refunded"),
    amountActual: text('The amount as the operator\'s base wrote it, such as "98.00"'),
    currency: z.string().describe("The currency (ISO 4217)."),
    eventId: text("The payment provider's event"),
    checkoutSessionId: text("The payment provider's checkout session"),
    object: text("The kind of object the event is about"),
    clientRefId: text("The reference the checkout carried"),
    email: text("The email address given with the payment"),
    customerEmail: text("The payment provider's email for the customer"),
    name: text("The name given with the payment"),
    phone: text("The phone number given with the payment"),
    addressLine1: text("The billing address's first line"),
    addressLine2: text("The billing address's second line"),
    addressCity: text("The billing address's city"),
    addressPostcode: text("The billing address's postcode"),
    addressCountry: text("The billing address's country"),
    discounts: text("Discounts applied"),
    receiptUrl: text("The receipt or invoice page"),
    paymentCustomerId: text("Your customer id at the payment provider"),
    orderId: z.number().int().nullable().describe("The order it paid (see orders.json); null when none."),
    invoiceId: text("The payment provider's invoice"),
    occurredAt: maybeTime("When the payment event happened, as its source says"),
    lastSyncedAt: maybeTime("When it last came from the operator's base"),
    createdAt: time("When the portal recorded it"),
  })
  .strict();

export const subscriptionFileSchema = z
  .object({
    id: id("The plan's number in the portal."),
    subscriptionId: z.string().describe("The payment provider's id for the plan."),
    provider: z.string().describe('"stripe", or "test" for the portal\'s test checkout.'),
    status: z.string().describe("active, past_due, canceled... as the payment provider says."),
    product: z.string().describe('What the plan is, such as "3 × LinkedIn Plus".'),
    quantity: z.number().int().describe("How many items, in all."),
    amountCents: cents("What each period charges, after discounts"),
    currency: z.string().describe("The currency (ISO 4217)."),
    cancelAtPeriodEnd: z.boolean().describe("true when the plan ends at the end of the period."),
    cancelAt: maybeTime("When the plan is set to end"),
    currentPeriodEnd: maybeTime("When the current period ends"),
    canceledAt: maybeTime("When it was cancelled"),
    orderId: z.number().int().nullable().describe("The order that started it; null when none."),
    paymentCustomerId: text("Your customer id at the payment provider"),
    createdAt: time("When the portal first heard of it"),
    updatedAt: time("When it last changed"),
  })
  .strict();

export const optimizationRequestFileSchema = z
  .object({
    id: id("The request's number in the portal."),
    operatorRecordId: z.string().describe("The request's record in the operator's base."),
    status: z.string().describe("submitted, in_review, confirmed..."),
    formName: text("The form's name"),
    formSubmissionDate: maybeTime("When you sent the form"),
    profilesToOptimize: z.number().int().nullable().describe("How many profiles; null when not given."),
    optimizationType: text("The kind of optimization"),
    companyName: text("Company"),
    industry: text("Industry"),
    seniorityLevel: text("Seniority"),
    companySize: text("Company size"),
    gender: text("Gender asked for"),
    ethnicity: text("Ethnicity asked for"),
    ageRange: text("Age range asked for"),
    currentLocation: text("Current location"),
    targetLocation: text("Target location"),
    accountLocations: text("The accounts' locations"),
    headline: text("Headline"),
    aboutSection: text("About section"),
    jobTitles: text("Job titles"),
    experienceJobTitle: text("Experience: job title"),
    experienceDescription: text("Experience: description"),
    education: text("Education"),
    skills: text("Skills"),
    otherCriteria: text("Other criteria"),
    profileUrl: text("Profile address"),
    linkedinBanner: text("Banner image"),
    linkedinProfilePicture: text("Profile picture"),
    linkedinPfp: text("Profile picture (second field)"),
    linkedinCompanyPage: text("Company page"),
    optimizationFiles: text("Files sent with the request"),
    notes: text("Notes"),
    createdAt: time("When the request reached the portal"),
    updatedAt: time("When it last changed"),
    lastSyncedAt: time("When it last came from the operator's base"),
  })
  .strict();

export const identityEventFileSchema = z
  .object({
    kind: z
      .string()
      .describe(
        'What happened, such as "sign-in", "sign-in-failed", "google-link", "password-changed", "totp-enabled", "passkey-added", "step-up" (you proved it was you before a sensitive action) or "data-exported".',
      ),
    detail: text("More about it: the proof used, the address verified, whether a download held secrets..."),
    ipAddress: text(
      "Your internet address then (left out when it was not you: an operator, or someone who failed to sign in)",
    ),
    at: time("When"),
  })
  .strict();

export const secretRevealFileSchema = z
  .object({
    accountId: z
      .number()
      .int()
      .nullable()
      .describe("The account (see linkedin-accounts.json); null once it is gone."),
    account: z.string().describe("The account's LinkedIn email, or its name, as it was then."),
    secret: z
      .string()
      .describe('What was shown: "password", "proxyPassword", "recoveryCodes", "loginCode" or "export".'),
    byYou: z.boolean().describe("true when you were shown it; false when one of the portal's operators was."),
    ipAddress: text("Your internet address then (left out when it was an operator)"),
    at: time("When"),
  })
  .strict();

export const notificationFileSchema = z
  .object({
    id: id("The notification's number."),
    kind: z
      .string()
      .describe(
        'What changed: "account_status_changed", "account_delivered", "optimization_status_changed", "request_status_changed", "payment_failed", "payment_refunded" or "new_sign_in".',
      ),
    detail: z
      .record(z.string(), z.union([z.string(), z.number(), z.null()]))
      .describe(
        "The values its text is made from, by kind: the account's name with the statuses from and to, the optimization, the amount in cents with its currency and product, the browser.",
      ),
    link: text("The page of the portal it leads to"),
    at: time("When the portal recorded it"),
    readAt: maybeTime("When you marked it read"),
    mailedAt: maybeTime("When it was dealt with by mail: sent, or passed over because its topic was off"),
  })
  .strict();

export const notificationPreferencesFileSchema = z
  .object({
    mail: z
      .object({
        accounts: z.boolean().describe("Mail about your LinkedIn accounts' status and new accounts."),
        optimizations: z.boolean().describe("Mail about your profile optimizations."),
        requests: z.boolean().describe("Mail about your replacement requests."),
        payments: z.boolean().describe("Mail about failed payments and refunds."),
        security: z.boolean().describe("Mail about sign-ins from new browsers."),
      })
      .strict()
      .describe("Which notifications also come to you by mail (your choice, else the defaults)."),
  })
  .strict();

/** One file of the ZIP: its name, what it holds, and the schema of its object or of each of its rows. */
export interface DataExportFile {
  name: string;
  about: string;
  /** "object": the file is one JSON object; "list": a JSON array of rows, oldest first. */
  shape: "object" | "list";
  schema: z.ZodObject;
}

export const DATA_EXPORT_FILES = [
  {
    name: "profile.json",
    about: "Your profile in the portal. Your password is not in it: the portal keeps only a hash of it.",
    shape: "object",
    schema: profileFileSchema,
  },
  {
    name: "sign-in-methods.json",
    about: "How you sign in: password, two-factor, passkeys and Google.",
    shape: "object",
    schema: signInMethodsFileSchema,
  },
  {
    name: "sessions.json",
    about: "The browsers signed in to the portal as you (the secret that keeps each signed in is left out).",
    shape: "list",
    schema: sessionFileSchema,
  },
  {
    name: "linkedin-accounts.json",
    about: "The LinkedIn accounts you bought, as the accounts page shows them.",
    shape: "list",
    schema: linkedinAccountFileSchema,
  },
  {
    name: "orders.json",
    about: "Every order you placed in the shop.",
    shape: "list",
    schema: orderFileSchema,
  },
  {
    name: "transactions.json",
    about: "Your payments, renewals, failed payments and refunds: the portal's ledger rows about you.",
    shape: "list",
    schema: transactionFileSchema,
  },
  {
    name: "subscriptions.json",
    about: "Your plans with the payment provider.",
    shape: "list",
    schema: subscriptionFileSchema,
  },
  {
    name: "optimization-requests.json",
    about: "Your profile-optimization requests.",
    shape: "list",
    schema: optimizationRequestFileSchema,
  },
  {
    name: "notifications.json",
    about: "What the portal told you had changed: the list behind the bell.",
    shape: "list",
    schema: notificationFileSchema,
  },
  {
    name: "notification-preferences.json",
    about: "Which notifications you also get by mail.",
    shape: "object",
    schema: notificationPreferencesFileSchema,
  },
  {
    name: "identity-audit.json",
    about:
      "The portal's record of your sign-ins and failed attempts, changes to how you sign in, proofs, downloads, and what operators did to your account.",
    shape: "list",
    schema: identityEventFileSchema,
  },
  {
    name: "secret-reveals.json",
    about: "Each time a secret of one of your accounts was shown, to you or to an operator.",
    shape: "list",
    schema: secretRevealFileSchema,
  },
] as const satisfies readonly DataExportFile[];

export type DataExportFileName = (typeof DATA_EXPORT_FILES)[number]["name"];

export const DATA_EXPORT_README = "README.txt";

export type ProfileFile = z.infer<typeof profileFileSchema>;
export type SignInMethodsFile = z.infer<typeof signInMethodsFileSchema>;
export type SessionFileRow = z.infer<typeof sessionFileSchema>;
export type LinkedinAccountFileRow = z.infer<typeof linkedinAccountFileSchema>;
export type AccountSecrets = z.infer<typeof accountSecretsSchema>;
export type OrderFileRow = z.infer<typeof orderFileSchema>;
export type TransactionFileRow = z.infer<typeof transactionFileSchema>;
export type SubscriptionFileRow = z.infer<typeof subscriptionFileSchema>;
export type OptimizationRequestFileRow = z.infer<typeof optimizationRequestFileSchema>;
export type NotificationFileRow = z.infer<typeof notificationFileSchema>;
export type IdentityEventFileRow = z.infer<typeof identityEventFileSchema>;
export type SecretRevealFileRow = z.infer<typeof secretRevealFileSchema>;
