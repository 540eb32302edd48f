/** The API server's environment under `npm run dev` (see dev-env.mjs). */
export function devServerEnv(env: Record<string, string | undefined>): Record<string, string | undefined>
