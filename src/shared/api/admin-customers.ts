/**
 * The operator's customers list and one customer's page (decision 037): what an admin may see of a
 * customer. No secret of theirs (a LinkedIn or proxy password, a 2FA secret, a session token) is in
 * any of these answers.
 */
import { z } from "zod";
import { ORDER_STATUSES } from "./shop";
import { SUBSCRIPTION_STATUSES } from "./subscriptions";
import { singleLineText } from "./text";

export const CUSTOMER_PAGE_DEFAULT = 50;
export const CUSTOMER_PAGE_MAX = 100;
/** How many rows each list of a customer's page shows at most; its total says how many there are. */
export const CUSTOMER_SECTION_LIMIT = 50;
/** How many of the customer's audit entries their page shows; the audit log has the rest. */
export const CUSTOMER_AUDIT_LIMIT = 20;
export const CUSTOMER_SEARCH_MAX = 100;

/** A yes-or-no filter of the list: absent means either. */
const yesNo = (name: string) => z.enum(["yes", "no"], { error: `${name} must be yes or no` }).optional();

/** `GET /api/admin/customers`: search, filters and the page asked for. */
export const customerListQuerySchema = z.object({
  /** Words that each begin a word of the name, the email or the uid, in any case. */
  q: singleLineText()
    .max(CUSTOMER_SEARCH_MAX, `q must be at most ${CUSTOMER_SEARCH_MAX} characters`)
    .optional(),
  /** Has a way to sign in to the portal: a password, a passkey or Google. */
  login: yesNo("login"),
  /** Google is linked. */
  google: yesNo("google"),
  /** An authenticator app or a passkey is set up. */
  twoFactor: yesNo("twoFactor"),
  /** Not linked to a record of the operator's base. */
  unlinked: yesNo("unlinked"),
  /** Has a failed payment in the ledger. */
  failedPayments: yesNo("failedPayments"),
  /** `nextCursor` of the page before; none for the first page. */
  cursor: singleLineText().max(400).optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(CUSTOMER_PAGE_MAX, `limit must be at most ${CUSTOMER_PAGE_MAX}`)
    .default(CUSTOMER_PAGE_DEFAULT),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** A customer's LinkedIn accounts counted by the four statuses the portal shows. */
export const accountsByStatusSchema = z.object({
  signedIn: z.number().int(),
  notSignedIn: z.number().int(),
  wrongPassword: z.number().int(),
  restricted: z.number().int(),
  total: z.number().int(),
});
export type AccountsByStatus = z.infer<typeof accountsByStatusSchema>;

/** What a customer has paid in one currency: succeeded payments less refunds, in cents. */
export const paidTotalSchema = z.object({ cents: z.number().int(), currency: z.string() });
export type PaidTotal = z.infer<typeof paidTotalSchema>;

export const customerRowSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["customer", "admin"]),
  /** When the customer closed their portal login (ISO 8601); null while it is open. */
  closedAt: z.string().nullable(),
  hasLogin: z.boolean(),
  google: z.boolean(),
  twoFactor: z.boolean(),
  linkedToBase: z.boolean(),
  accounts: accountsByStatusSchema,
  /** The latest sign-in the portal knows of (ISO 8601), from the sessions and the audit log. */
  lastSignInAt: z.string().nullable(),
  /** One total per currency paid in, largest first; empty when nothing was paid. */
  totalPaid: z.array(paidTotalSchema),
  failedPayments: z.boolean(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerListSchema = z.object({
  customers: z.array(customerRowSchema),
  /** How many customers match the search and filters, on every page. */
  total: z.number().int(),
  /** The cursor of the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerUidParamsSchema = z.object({
  uid: singleLineText().min(1, "Required").max(36, "UID must be at most 36 characters"),
});

/** A list of a customer's page: the newest rows up to the section's cap, and how many there are. */
const section = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const customerSessionSchema = z.object({
  id: z.number().int(),
  /** Browser and system, as read from the User-Agent ("Chrome on Windows"). */
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
});

export const customerLinkedinAccountSchema = z.object({
  id: z.number().int(),
  accountType: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  linkedinEmail: z.string().nullable(),
  /** The status as the base writes it. */
  status: z.string(),
  isPremium: z.boolean(),
  isVerified: z.boolean(),
  twoFaStatus: z.string().nullable(),
  proxyCountry: z.string().nullable(),
  lastSyncedAt: z.string(),
});

export const customerOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  /** The lines, as "2 × LinkedIn Plus, 1 × Sales Navigator". */
  summary: z.string(),
  totalCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const customerPlanSchema = z.object({
  id: z.number().int(),
  product: z.string(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});

export const customerTransactionSchema = z.object({
  id: z.number().int(),
  source: z.enum(["airtable", "stripe", "test"]),
  eventType: z.string().nullable(),
  product: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** When the payment happened, else when it was recorded (ISO 8601). */
  occurredAt: z.string(),
});

export const customerOptimizationSchema = z.object({
  id: z.number().int(),
  formName: z.string().nullable(),
  companyName: z.string().nullable(),
  status: z.string(),
  profilesToOptimize: z.number().int().nullable(),
  submittedAt: z.string().nullable(),
});

export const customerSyncRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["full", "incremental", "user"]),
  trigger: z.enum(["admin", "schedule", "customer", "startup"]),
  status: z.enum(["running", "succeeded", "failed"]),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  synced: z.number().int(),
  errors: z.number().int(),
  message: z.string().nullable(),
});

/** Someone an audit entry names: their uid and name, or null when the portal itself (or no one known) did it. */
const auditPersonSchema = z.object({ uid: z.string(), name: z.string() }).nullable();

export const customerAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** One of the audit kinds (shared/audit/audit-kinds.ts); a kind this version does not know is passed on as it is. */
  kind: z.string(),
  actor: auditPersonSchema,
  subject: auditPersonSchema,
  detail: z.string().nullable(),
  target: z.string().nullable(),
  ipAddress: z.string().nullable(),
});

export const customerDetailSchema = z.object({
  profile: z.object({
    uid: z.string(),
    name: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    role: z.enum(["customer", "admin"]),
    createdAt: z.string(),
    emailVerifiedAt: z.string().nullable(),
    closedAt: z.string().nullable(),
    linkedToBase: z.boolean(),
    lastSyncedAt: z.string().nullable(),
    lastSignInAt: z.string().nullable(),
    totalPaid: z.array(paidTotalSchema),
    failedPayments: z.boolean(),
    accounts: accountsByStatusSchema,
  }),
  signInMethods: z.object({
    password: z.boolean(),
    authenticator: z.boolean(),
    passkeys: z.number().int(),
    google: z.boolean(),
  }),
  sessions: section(customerSessionSchema),
  linkedinAccounts: section(customerLinkedinAccountSchema),
  orders: section(customerOrderSchema),
  plans: section(customerPlanSchema),
  transactions: section(customerTransactionSchema),
  optimizationRequests: section(customerOptimizationSchema),
  syncRuns: section(customerSyncRunSchema),
  audit: z.object({
    items: z.array(customerAuditEntrySchema),
    /** The audit log filtered to this customer, for the entries beyond these. */
    moreAt: z.string(),
  }),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const endSessionsAnswerSchema = z.object({
  /** How many sessions were ended. */
  ended: z.number().int(),
  message: z.string(),
});
export type EndSessionsAnswer = z.infer<typeof endSessionsAnswerSchema>;

/** The audit log's page for one customer (another screen of the console). */
export const customerAuditPath = (uid: string) => `/admin/audit?customer=${encodeURIComponent(uid)}`;
