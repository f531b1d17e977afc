export function installPeer(): string;
