/** The file names listed in tests/api/both-databases.txt (or in the text given), in order. */
export function apiFilesOnBothDatabases(text?: string): string[];
