/** Writes name.br and name.gz beside each compressible file of `dir` of at least `minBytes` (see precompress.mjs). */
export function precompress(dir: string, minBytes?: number): { file: string; bytes: number; br: number; gzip: number }[]
