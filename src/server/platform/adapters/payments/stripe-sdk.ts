/**
 * Stripe's SDK, loaded with the first call that needs it rather than with the server: it is about
 * 700 KB of code that a start without payments traffic never runs.
 */
import type StripeClass from "stripe";

export type StripeSdk = typeof StripeClass;

let loading: Promise<StripeSdk> | undefined;

export function stripeSdk(): Promise<StripeSdk> {
  loading ??= import("stripe").then((module) => module.default);
  return loading;
}
