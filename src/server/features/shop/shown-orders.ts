/**
 * Which of a customer's orders their own screens show (decision 066): every order they started, and
 * one a payment link's holder started only once it is paid. Anyone may open a payment link, so an
 * unpaid holder's order says nothing the customer did, and twenty of them would bury the customer's
 * own.
 */
import { inArray, or, type SQL, sql } from "drizzle-orm";
import type { OrderStatus } from "../../../shared/api/shop";
import { orders } from "../../platform/db/schema";

const PAID: OrderStatus[] = ["paid", "refunded"];

export const shownToCustomer: SQL =
  or(sql`not ${orders.byLinkHolder}`, inArray(orders.status, PAID)) ?? sql`true`;
