/**
 * Vitest's global setup for test databases: a folder and a name for this run's migrated templates,
 * which tests/support/test-database.ts makes on first use (so a run without database tests pays
 * nothing) and every test file then copies. Removed, and the PostgreSQL template dropped, when the
 * run ends.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

export interface DatabaseTemplates {
  /** Where the PGlite template's tarball is written (by the first test file that needs it). */
  dir: string;
  /** The PostgreSQL template database's name on TEST_DATABASE_URL's server. */
  postgresTemplate: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default function setup(project: TestProject) {
  const templates: DatabaseTemplates = {
    dir: mkdtempSync(path.join(tmpdir(), "portal-test-templates-")),
    postgresTemplate: `portal_template_${randomBytes(6).toString("hex")}`,
  };
  project.provide("databaseTemplates", templates);
  return async () => {
    rmSync(templates.dir, { recursive: true, force: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${templates.postgresTemplate} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
