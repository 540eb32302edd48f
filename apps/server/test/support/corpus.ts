// Where the feed-parsing corpus is: FEED_CORPUS_DIR, else beside the repository (<repo>/../shared/feed-corpus).
// It is a data set kept outside the product; without it the corpus suites say so and do not run.
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..")

export const corpusDir = process.env.FEED_CORPUS_DIR ?? path.resolve(repoRoot, "../shared/feed-corpus")
export const corpusAvailable = existsSync(path.join(corpusDir, "cases/index.json"))

/** How many cases the corpus lists: suites compare with it, so a case added to index.json is never left unscored. */
export function corpusCaseCount(): number {
  return (JSON.parse(readFileSync(path.join(corpusDir, "cases/index.json"), "utf8")) as unknown[]).length
}

if (!corpusAvailable)
  console.warn(`feed corpus not found at ${corpusDir}: set FEED_CORPUS_DIR to run the corpus suites`)
