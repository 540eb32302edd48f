export function buildServer(options?: { force?: boolean }): Promise<boolean>
export function serverBuildOptions(): import("esbuild").BuildOptions
