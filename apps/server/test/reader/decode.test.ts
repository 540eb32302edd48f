// Byte decoding: BOM > HTTP charset > XML prolog > UTF-8, with our own windows-1252 table.
import { describe, expect, it } from "vitest"
import { decodeFeedBytes, decodeWindows1252, repairC1Controls } from "../../src/reader/decode.ts"

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0))
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? ascii(p) : p)))
const prolog = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?><t>`

describe("decodeFeedBytes", () => {
  it("fixes what Node's windows-1252 decoder gets wrong", () => {
    // the premise: Node 20 maps 0x80-0x9F to C1 controls
    expect(new TextDecoder("windows-1252").decode(Uint8Array.from([0x80]))).toBe("\u0080")
    expect(decodeWindows1252(Uint8Array.from([0x80, 0x93, 0x94, 0x85, 0xe9, 0x9d]))).toBe("€“”…é\u009d")
    const doc = bytes(prolog("windows-1252"), [0x93, 0x71, 0x94, 0x20, 0x80, 0x35])
    expect(decodeFeedBytes(doc)).toContain("“q” €5")
  })

  it("treats iso-8859-1, latin1 and us-ascii as windows-1252", () => {
    for (const label of ["iso-8859-1", "ISO-8859-1", "latin1", "us-ascii"]) {
      expect(decodeFeedBytes(bytes(prolog(label), [0x92, 0xe8]))).toContain("’è")
    }
  })

  it("prefers a BOM over everything, then the HTTP charset over the prolog", () => {
    const utf8 = [0xef, 0xbb, 0xbf, ...new TextEncoder().encode(`${prolog("windows-1252")}é`)]
    expect(decodeFeedBytes(Uint8Array.from(utf8), "text/xml; charset=koi8-r")).toMatch(/<t>é$/)
    const cp1252 = bytes(prolog("utf-8"), [0xe9])
    expect(decodeFeedBytes(cp1252, 'application/rss+xml; charset="windows-1252"')).toMatch(/<t>é$/)
  })

  it("decodes UTF-16 with and without a BOM", () => {
    const text = `${prolog("utf-16")}Привет`
    const le = Buffer.from(text, "utf16le")
    const be = Buffer.from(le).swap16()
    expect(decodeFeedBytes(Uint8Array.from([0xff, 0xfe, ...le]))).toBe(text)
    expect(decodeFeedBytes(Uint8Array.from([0xfe, 0xff, ...be]))).toBe(text)
    expect(decodeFeedBytes(Uint8Array.from(le))).toBe(text)
    expect(decodeFeedBytes(Uint8Array.from(be))).toBe(text)
  })

  it("decodes CJK and Cyrillic encodings through ICU", () => {
    const cases: [string, number[], string][] = [
      ["shift_jis", [0x93, 0xfa, 0x96, 0x7b], "日本"],
      ["euc-jp", [0xc6, 0xfc, 0xcb, 0xdc], "日本"],
      ["gb2312", [0xd6, 0xd0, 0xce, 0xc4], "中文"],
      ["gbk", [0xd6, 0xd0, 0xce, 0xc4], "中文"],
      ["gb18030", [0xd6, 0xd0, 0xce, 0xc4], "中文"],
      ["big5", [0xa4, 0xa4, 0xa4, 0xe5], "中文"],
      ["euc-kr", [0xc7, 0xd1, 0xb1, 0xb9], "한국"],
      ["koi8-r", [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4], "Привет"],
    ]
    for (const [label, raw, expected] of cases) {
      expect(decodeFeedBytes(bytes(prolog(label), raw)), label).toMatch(new RegExp(`<t>${expected}$`))
    }
  })

  it("falls back to UTF-8 for unknown labels and never throws on bad input", () => {
    expect(decodeFeedBytes(bytes(prolog("x-klingon"), [0xc3, 0xa9]))).toMatch(/<t>é$/)
    expect(decodeFeedBytes(bytes(prolog("utf-8"), [0xff, 0x41]))).toMatch(/<t>\ufffdA$/)
    expect(decodeFeedBytes(bytes("<t>", [0xc3]), "text/xml; charset=utf-8")).toBe("<t>\ufffd")
  })

  it("reads undeclared non-UTF-8 bytes as windows-1252", () => {
    expect(decodeFeedBytes(bytes("<t>don", [0x92], "t</t>"))).toBe("<t>don’t</t>")
  })

  it("maps stray C1 controls back through windows-1252", () => {
    expect(repairC1Controls("don\u0092t \u0080")).toBe("don’t €")
    expect(repairC1Controls("plain")).toBe("plain")
  })
})
