/**
 * A customer's plans (subscriptions) as the payment provider keeps them, and whether they have a
 * billing account the provider's billing page can open (decision 030).
 */
import { z } from "zod";

/** Stripe's subscription statuses; the table holds one of these. */
export const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "paused",
  "canceled",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses of a subscription that has ended: it charges nothing more and is no longer listed. */
export const ENDED_SUBSCRIPTION_STATUSES = [
  "canceled",
  "incomplete_expired",
] as const satisfies readonly SubscriptionStatus[];

/**
 * Whether "Manage billing" can open the provider's billing page: `ready` when the customer has a
 * billing account, `none` before their first payment, `unavailable` when payments are not configured.
 */
export const billingAccountSchema = z.enum(["ready", "none", "unavailable"]);
export type BillingAccount = z.infer<typeof billingAccountSchema>;

export const subscriptionSchema = z.object({
  id: z.number().int(),
  /** What the plan is: the items and their quantities ("3 × LinkedIn Plus"). */
  product: z.string(),
  /** How many of the items, in all. */
  quantity: z.number().int(),
  /** What each period charges, in the currency's minor unit, after discounts. */
  amountCents: z.number().int(),
  /** ISO 4217, in capitals. */
  currency: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The end of the period paid for (ISO 8601): the next charge, unless the plan ends then. */
  currentPeriodEnd: z.string().nullable(),
  /** When the plan ends, if it was cancelled to end later (ISO 8601); null while it renews. */
  endsAt: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /api/subscriptions`: the caller's plans that have not ended, newest first. */
export const subscriptionListSchema = z.object({
  subscriptions: z.array(subscriptionSchema),
  billingAccount: billingAccountSchema,
});
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export type PlanState = "active" | "past-due" | "ending" | "paused" | "pending";

/** How a plan stands for its owner: a plan set to end says so, whatever its status until then. */
export function planStateOf(subscription: Pick<Subscription, "status" | "endsAt">): PlanState {
  if (subscription.endsAt !== null) return "ending";
  switch (subscription.status) {
    case "past_due":
    case "unpaid":
      return "past-due";
    case "paused":
      return "paused";
    case "incomplete":
      return "pending";
    default:
      return "active";
  }
}
