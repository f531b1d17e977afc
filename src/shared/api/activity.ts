/**
 * `GET /api/activity`: the dashboard's Recent Activity, newest first. What the customer did with
 * their accounts (Sync Now runs, secret reveals and exports) and with their money (payments, renewals,
 * failed payments and refunds from the ledger, and the orders they started), merged.
 */
import { z } from "zod";
import { PAYMENT_KINDS } from "../billing/payment-kinds";
import { revealKindSchema } from "./linkedin-accounts";
import { syncRunKindSchema, syncRunStatusSchema } from "./sync";
import { ORDER_STATUSES } from "./values";

/** When it happened: an ISO time in UTC. */
const atSchema = z.string();

export const activityItemSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("sync"),
    at: atSchema,
    kind: syncRunKindSchema,
    status: syncRunStatusSchema,
    synced: z.number().int(),
    errors: z.number().int(),
  }),
  z.object({
    type: z.literal("reveal"),
    at: atSchema,
    secret: revealKindSchema,
    /**
     * The account's LinkedIn email, or its name when it has none. When one action covered several
     * accounts (an export), the first of them by this label.
     */
    account: z.string(),
    /** How many accounts the action covered: one for a reveal, every exported one for an export. */
    accounts: z.number().int().min(1),
    /** Someone other than the customer (an admin) revealed it. */
    byAnotherUser: z.boolean(),
  }),
  z.object({
    type: z.literal("payment"),
    /** When the payment event happened, else when the portal recorded it. */
    at: atSchema,
    /** What the ledger event means to the customer: "Payment", "Renewal", "Payment failed", "Refund". */
    kind: z.enum(PAYMENT_KINDS),
    /**
     * In the currency's minor unit, as it moves the customer's balance: a refund's is negative. A
     * failed payment's is the amount that was due.
     */
    amountCents: z.number().int(),
    /** ISO 4217, in capitals. */
    currency: z.string(),
    /** What was paid for, as the ledger names it ("3 × LinkedIn Plus, 1 × Sales Navigator"). */
    product: z.string().nullable(),
  }),
  z.object({
    type: z.literal("order"),
    /** When the order was started. */
    at: atSchema,
    /** Where the order stands now. */
    status: z.enum(ORDER_STATUSES),
    totalCents: z.number().int(),
    /** ISO 4217, in capitals. */
    currency: z.string(),
    /** What was ordered, as the ledger names it ("3 × LinkedIn Plus, 1 × Sales Navigator"). */
    product: z.string(),
  }),
]);
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activitySchema = z.object({ items: z.array(activityItemSchema) });
export type Activity = z.infer<typeof activitySchema>;

/** How many items Recent Activity holds at most: the newest, whatever their kind. */
export const ACTIVITY_ITEMS = 10;
