import { FeedViewType } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { aiLanguage, autoAi, entryTranslationFields, viewTranslationFields } from "./ai-targets.ts"

describe("viewTranslationFields", () => {
  it("follows the spec's scope per view", () => {
    expect(viewTranslationFields(FeedViewType.Articles)).toEqual(["title", "description"])
    expect(viewTranslationFields(FeedViewType.SocialMedia)).toEqual(["content"])
    for (const view of [FeedViewType.Pictures, FeedViewType.Videos, FeedViewType.Audios, FeedViewType.Notifications])
      expect(viewTranslationFields(view)).toEqual(["title"])
  })
})

describe("entryTranslationFields", () => {
  it("adds the body being read to the view's fields, once", () => {
    expect(entryTranslationFields(FeedViewType.Articles, "content")).toEqual(["title", "description", "content"])
    expect(entryTranslationFields(FeedViewType.Articles, "readabilityContent")).toEqual([
      "title",
      "description",
      "readabilityContent",
    ])
    expect(entryTranslationFields(FeedViewType.SocialMedia, "content")).toEqual(["content"])
    expect(entryTranslationFields(FeedViewType.Videos, "content")).toEqual(["title", "content"])
  })
})

describe("aiLanguage", () => {
  it("uses actionLanguage, with default meaning the interface language", () => {
    expect(aiLanguage("ja", "en")).toBe("ja")
    expect(aiLanguage("default", "zh-TW")).toBe("zh-TW")
    expect(aiLanguage("default", "zh-HK")).toBe("zh-TW")
    expect(aiLanguage("default", "zh")).toBe("zh-CN")
    expect(aiLanguage("default", "ja-JP")).toBe("ja")
    expect(aiLanguage("default", "de")).toBe("en")
  })

  it("lets an action rule that names a language win", () => {
    expect(aiLanguage("ja", "en", { translation: "zh-CN" })).toBe("zh-CN")
    expect(aiLanguage("ja", "en", { translation: true })).toBe("ja")
  })
})

describe("autoAi", () => {
  it("summarises and translates by the settings or by the entry's action rule", () => {
    expect(autoAi({ summary: true, translation: false })).toEqual({ summary: true, translation: false })
    expect(autoAi({ summary: false, translation: false }, { summary: true, translation: "ja" })).toEqual({
      summary: true,
      translation: true,
    })
    expect(autoAi({ summary: false, translation: false }, { translation: false })).toEqual({
      summary: false,
      translation: false,
    })
  })
})
