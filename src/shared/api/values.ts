/**
 * The API's enumerations as plain lists: the schemas build their enums from them, and the browser's
 * first load checks answers against them without loading zod (decision 013).
 */

/** What a sync run does: every table in full, only what changed, or one customer's records. */
export const SYNC_RUN_KINDS = ["full", "incremental", "user"] as const;

export const SYNC_RUN_STATUSES = ["running", "succeeded", "failed"] as const;

/** What an audit row says was shown: one secret, a login code, or the secrets in an export. */
export const REVEAL_KINDS = ["password", "proxyPassword", "recoveryCodes", "loginCode", "export"] as const;

/** Where an order stands: waiting for payment, paid, given up, refused by the provider, or refunded. */
export const ORDER_STATUSES = ["open", "paid", "cancelled", "expired", "failed", "refunded"] as const;
