import { describe, expect, it } from "vitest"
import { entryAudio, entryPictures, entryThumbnail, entryVideo, videoPreview } from "./entry-media.ts"

describe("entry media", () => {
  it("lists photos in order and picks a thumbnail, falling back to a video poster", () => {
    const entry = {
      media: [
        { url: "v.mp4", type: "video" as const, preview_image_url: "poster.jpg" },
        { url: "a.jpg", type: "photo" as const, width: 400, height: 300 },
        { url: "b.jpg", type: "photo" as const },
      ],
      attachments: null,
    }
    expect(entryPictures(entry).map((p) => p.url)).toEqual(["a.jpg", "b.jpg"])
    expect(entryThumbnail(entry)).toBe("a.jpg")
    expect(entryThumbnail({ media: [entry.media[0]], attachments: null })).toBe("poster.jpg")
    expect(entryThumbnail({ media: null, attachments: null })).toBeNull()
  })

  it("finds the video with its poster and the attachment's duration", () => {
    const video = entryVideo({
      media: [{ url: "http://x/clip.mp4", type: "video", preview_image_url: "http://x/p.jpg" }],
      attachments: [{ url: "http://x/clip.mp4", mime_type: "video/mp4", duration_in_seconds: "1:05" }],
    })
    expect(video).toEqual({
      url: "http://x/clip.mp4",
      poster: "http://x/p.jpg",
      width: undefined,
      height: undefined,
      duration: 65,
    })
    expect(entryVideo({ media: [], attachments: [{ url: "a.mp3", mime_type: "audio/mpeg" }] })).toBeNull()
  })

  it("finds the audio enclosure by type, or by extension when the type is missing", () => {
    expect(
      entryAudio({ media: null, attachments: [{ url: "e.wav", mime_type: "audio/wav", duration_in_seconds: 3 }] }),
    ).toEqual({ url: "e.wav", duration: 3, mimeType: "audio/wav" })
    expect(entryAudio({ media: null, attachments: [{ url: "http://x/e.mp3?x=1" }] })?.url).toBe("http://x/e.mp3?x=1")
    expect(entryAudio({ media: null, attachments: [{ url: "doc.pdf", mime_type: "application/pdf" }] })).toBeNull()
  })
})

describe("videoPreview", () => {
  it("applies only to paths ending in mp4 or webm", () => {
    expect(videoPreview("http://x/a.mp4")).toEqual({ ratio: 16 / 9 })
    expect(videoPreview("http://x/a.WEBM?t=1")).toEqual({ ratio: 16 / 9 })
    expect(videoPreview("http://x/a.m3u8")).toBeNull()
    expect(videoPreview("http://x/watch?v=mp4")).toBeNull()
  })

  it("sizes the box with the ratio query, as a number or w:h", () => {
    expect(videoPreview("http://x/a.mp4?ratio=1")).toEqual({ ratio: 1 })
    expect(videoPreview("http://x/a.mp4?ratio=4:3")).toEqual({ ratio: 4 / 3 })
    expect(videoPreview("http://x/a.mp4?ratio=nonsense")).toEqual({ ratio: 16 / 9 })
    expect(videoPreview("http://x/a.mp4?ratio=-2")).toEqual({ ratio: 16 / 9 })
  })
})
