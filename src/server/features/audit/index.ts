/**
 * The one audit log's face (decision 035): every feature records what it did through these, in the
 * transaction of the change; the admin's audit screen is this feature's routes.
 */
export { pruneAuditLog, recordAuditEvent, recordAuditEvents } from "./audit-log";
export { recordIdentityEvent } from "./identity-audit";
