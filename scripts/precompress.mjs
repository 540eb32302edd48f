// Writes name.br and name.gz beside each compressible file of the web build, so the server sends the smallest copy
// the browser takes without compressing anything per request. Runs after every build; files already done are kept.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import path from "node:path"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt|xml|map|ico)$/i

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? walk(full) : [full]
  })
}

function fresh(target, source) {
  try {
    return statSync(target).mtimeMs >= statSync(source).mtimeMs
  } catch {
    return false
  }
}

/**
 * @param {string} dir the build folder
 * @param {number} [minBytes] smaller files are left alone: the saving would not pay for the extra file
 * @returns {{ file: string, bytes: number, br: number, gzip: number }[]} what was compressed
 */
export function precompress(dir, minBytes = 1024) {
  const done = []
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < minBytes) continue
    if (fresh(`${file}.br`, file) && fresh(`${file}.gz`, file)) continue
    const bytes = readFileSync(file)
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    })
    const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION })
    writeFileSync(`${file}.br`, br)
    writeFileSync(`${file}.gz`, gzip)
    done.push({ file: path.relative(dir, file), bytes: bytes.length, br: br.length, gzip: gzip.length })
  }
  return done
}
