import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Activity, ActivityItem } from "../../../../shared/api/activity";
import {
  ORDER_STATUSES,
  REVEAL_KINDS,
  SYNC_RUN_KINDS,
  SYNC_RUN_STATUSES,
} from "../../../../shared/api/values";
import { PAYMENT_KINDS } from "../../../../shared/billing/payment-kinds";
import { refetchUnlessPrefetched } from "../../../lib/first-load-data";
import { type FieldKind, readList, readRecord } from "../../../lib/read-answer";
import { getJsonRevalidated } from "../../../lib/revalidated-get";

type SyncItem = Extract<ActivityItem, { type: "sync" }>;
type RevealItem = Extract<ActivityItem, { type: "reveal" }>;
type PaymentItem = Extract<ActivityItem, { type: "payment" }>;
type OrderItem = Extract<ActivityItem, { type: "order" }>;

const SYNC_FIELDS = {
  type: ["sync"],
  at: "string",
  kind: SYNC_RUN_KINDS,
  status: SYNC_RUN_STATUSES,
  synced: "int",
  errors: "int",
} as const satisfies Record<keyof SyncItem, FieldKind>;

const REVEAL_FIELDS = {
  type: ["reveal"],
  at: "string",
  secret: REVEAL_KINDS,
  account: "string",
  accounts: "count",
  byAnotherUser: "boolean",
} as const satisfies Record<keyof RevealItem, FieldKind>;

const PAYMENT_FIELDS = {
  type: ["payment"],
  at: "string",
  kind: PAYMENT_KINDS,
  amountCents: "int",
  currency: "string",
  product: "string?",
} as const satisfies Record<keyof PaymentItem, FieldKind>;

const ORDER_FIELDS = {
  type: ["order"],
  at: "string",
  status: ORDER_STATUSES,
  totalCents: "int",
  currency: "string",
  product: "string",
} as const satisfies Record<keyof OrderItem, FieldKind>;

function readActivityItem(item: unknown): ActivityItem {
  const type = typeof item === "object" && item !== null ? (item as { type?: unknown }).type : undefined;
  if (type === "sync") return readRecord<SyncItem>(item, SYNC_FIELDS, "activity item");
  if (type === "reveal") return readRecord<RevealItem>(item, REVEAL_FIELDS, "activity item");
  if (type === "payment") return readRecord<PaymentItem>(item, PAYMENT_FIELDS, "activity item");
  if (type === "order") return readRecord<OrderItem>(item, ORDER_FIELDS, "activity item");
  throw new Error("Unexpected activity item: type");
}

/** `GET /api/activity`, checked by hand against `activitySchema`: the dashboard's first load goes without zod. */
export function readActivity(body: unknown): Activity {
  const items = typeof body === "object" && body !== null ? (body as { items?: unknown }).items : undefined;
  return { items: readList(items, readActivityItem, "activity answer") };
}

/**
 * The customer's recent Sync Now runs, secret reveals, payments and orders, newest first; an
 * unchanged list costs a 304.
 */
export async function getRecentActivity(): Promise<Activity> {
  return readActivity(await getJsonRevalidated("/api/activity", { on401: "throw" }));
}

export const recentActivityQueryOptions = queryOptions({
  queryKey: ["/api/activity"] as const,
  queryFn: getRecentActivity,
  // A feed of what just happened: read again on every visit to the dashboard.
  staleTime: 0,
  refetchOnMount: refetchUnlessPrefetched,
});

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions);
}
