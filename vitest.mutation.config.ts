import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/** The tests of one mutation group (stryker.config.mjs passes them in MUTATION_TESTS). */
const tests = (process.env.MUTATION_TESTS ?? "").split(",").filter(Boolean);
if (tests.length === 0) throw new Error("MUTATION_TESTS names no test file");

export default defineConfig({ ...base, test: { ...base.test, include: tests } });
