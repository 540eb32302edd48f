// The desktop updater's calls (/updates). This server does not host desktop builds: whichever version is running is
// the release it offers, so an updater always learns "no update" — a self-hoster updates the desktop shell from the
// project's releases, and the web client inside it updates with the server. Documented in docs/desktop.md.
import { APP_VERSION } from "@tidings/shared"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"

const PROVIDER = "self-hosted"

/** GET /updates/releases/latest: this server's version as the latest release, with the decision "none". */
export function latestRelease(deps: Pick<Deps, "config">, now = new Date()) {
  return {
    provider: PROVIDER,
    fetchedAt: now.toISOString(),
    release: {
      id: 0,
      name: `Tidings ${APP_VERSION}`,
      tagName: `v${APP_VERSION}`,
      version: APP_VERSION,
      publishedAt: null,
      body: null,
      url: deps.config.BASE_URL,
      assets: [],
    },
    decision: { type: "none" as const, renderer: null, app: null },
  }
}

/** electron-updater's manifests: latest.yml (Windows), latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml. */
const MANIFEST = /^latest(-[a-z0-9]+){0,2}\.yml$/

/**
 * GET /updates/{manifestName}: an electron-updater manifest naming the running version and no files, so the
 * updater compares versions and finds nothing newer. Any other name is a missing manifest (6, with its name).
 */
export function updateManifest(name: string): string {
  if (!MANIFEST.test(name)) {
    throw new AppError(ErrorCode.NotFound, {
      reason: `No update manifest ${JSON.stringify(name.slice(0, 80))}: this server offers latest.yml, latest-mac.yml and latest-linux.yml`,
    })
  }
  return `version: ${APP_VERSION}\nfiles: []\nreleaseDate: '1970-01-01T00:00:00.000Z'\n`
}

const DISTRIBUTIONS = new Set(["mas", "mss"])

/** GET /updates/distribution/{mas|mss}: this server publishes to no app store, and has no renderer update. */
export function distributionStatus(distribution: string) {
  if (!DISTRIBUTIONS.has(distribution)) {
    throw new AppError(ErrorCode.InvalidParameter, {
      reason: "distribution is mas (Mac App Store) or mss (Microsoft Store)",
    })
  }
  return { distribution, storeUrl: null, storeVersion: null, rendererUpdate: null }
}
