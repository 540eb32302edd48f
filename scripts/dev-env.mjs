// The API server's environment under `npm run dev`: the browser talks to Vite, whose proxy passes the page's own
// origin on, so Vite's origin (under every loopback name) must be trusted besides the API's.
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"]

/** @param {Record<string, string | undefined>} env @returns {Record<string, string | undefined>} */
export function devServerEnv(env) {
  const apiPort = env.API_PORT ?? "3000"
  const webPort = env.WEB_PORT ?? "5173"
  const configured = (env.CORS_ORIGINS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
  const vite = LOOPBACK_NAMES.map((host) => `http://${host}:${webPort}`)
  const origins = [...new Set([...configured, ...vite])]
  return { ...env, PORT: apiPort, API_PORT: apiPort, WEB_PORT: webPort, CORS_ORIGINS: origins.join(",") }
}
