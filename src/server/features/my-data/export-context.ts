import type { Language } from "../../../shared/i18n/languages";
import type { Database } from "../../platform/db/database";
import type { UserRow } from "../../platform/db/schema";
import type { SecretBox } from "../../platform/secrets/secret-box";

/** What every file of one download reads with: whose data, and what was asked for. */
export interface ExportContext {
  db: Database;
  secretBox: SecretBox;
  /** The signed-in customer: every read is scoped to this id, never to one from the request. */
  me: UserRow;
  /** The session the download was made in (sessions.json marks it). */
  sessionId: number | null;
  includeSecrets: boolean;
  /** When the download began: the time of its audit rows. */
  startedAt: Date;
  ip: string;
  /** The language the README speaks: the answer's. */
  language: Language;
}
