export function buildInputsHash(root?: string): string;
