import { describe, expect, it } from "vitest"
import { parseVoiceSetting, pickVoice, speechChunks } from "./browser-speech.ts"

const voice = (name: string, lang: string) => ({ name, lang, voiceURI: name })
const voices = [
  voice("Google US English", "en-US"),
  voice("Microsoft Andrew Online (Natural) - English (United States)", "en-US"),
  voice("Kyoko", "ja-JP"),
  voice("Google 普通话（中国大陆）", "zh-CN"),
  voice("Daniel", "en_GB"),
]

describe("pickVoice", () => {
  it("finds the setting's person in its language, else any voice of the language, else of the language family", () => {
    expect(parseVoiceSetting("en-US-AndrewMultilingualNeural")).toEqual({ lang: "en-us", person: "andrew" })
    expect(pickVoice(voices, "en-US-AndrewMultilingualNeural")?.name).toContain("Andrew")
    expect(pickVoice(voices, "ja-JP-NanamiNeural")?.name).toBe("Kyoko")
    expect(pickVoice(voices, "en-AU-NatashaNeural")?.name).toBe("Google US English")
    expect(pickVoice(voices, "zh-TW-HsiaoChenNeural")?.lang).toBe("zh-CN")
    expect(pickVoice(voices, "Daniel")?.lang).toBe("en_GB")
    expect(pickVoice(voices, "fr-FR-DeniseNeural")).toBeUndefined()
    expect(pickVoice(voices, "nonsense")).toBeUndefined()
  })
})

describe("speechChunks", () => {
  it("cuts long text after sentences, never loses words, and keeps each piece short", () => {
    const text = `${"One sentence here. ".repeat(30)}A last word without a stop`
    const chunks = speechChunks(text, 100)
    expect(chunks.every((c) => c.length <= 100)).toBe(true)
    expect(chunks.join(" ").replace(/\s+/g, " ")).toBe(text.replace(/\s+/g, " ").trim())
    expect(chunks[0]!.endsWith(".")).toBe(true)
    expect(speechChunks("x".repeat(250), 100)).toEqual(["x".repeat(100), "x".repeat(100), "x".repeat(50)])
    expect(speechChunks("   ")).toEqual([])
  })
})
