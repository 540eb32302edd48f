// Where the feed-parsing corpus is: FEED_CORPUS_DIR, else beside the repository (<repo>/../shared/feed-corpus).
// It is a data set kept outside the product; without it the corpus suites say so and do not run.
import { existsSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..")

export const corpusDir = process.env.FEED_CORPUS_DIR ?? path.resolve(repoRoot, "../shared/feed-corpus")
export const corpusAvailable = existsSync(path.join(corpusDir, "cases/index.json"))

if (!corpusAvailable)
  console.warn(`feed corpus not found at ${corpusDir}: set FEED_CORPUS_DIR to run the corpus suites`)
