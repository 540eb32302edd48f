export function buildServer(options?: { force?: boolean }): Promise<boolean>
