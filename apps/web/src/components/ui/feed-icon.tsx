// A feed's image, or its initial on a colour picked from the title when it has none (or it fails to load).
import { useState } from "react"
import { cx } from "../../lib/cx.ts"

const COLOURS = [
  "bg-orange-500",
  "bg-sky-500",
  "bg-emerald-500",
  "bg-violet-500",
  "bg-rose-500",
  "bg-amber-500",
  "bg-teal-500",
]

function colourOf(text: string): string {
  let hash = 0
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0
  return COLOURS[Math.abs(hash) % COLOURS.length]
}

export function FeedIcon({ title, image, className }: { title: string; image?: string | null; className?: string }) {
  const [failed, setFailed] = useState(false)
  if (image && !failed) {
    return (
      <img
        src={image}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={cx("shrink-0 rounded object-cover", className)}
      />
    )
  }
  const initial = [...title.replace(/^https?:\/\/(www\.)?/, "").trim()][0]?.toUpperCase() ?? "?"
  return (
    <span
      aria-hidden="true"
      className={cx(
        "inline-flex shrink-0 items-center justify-center rounded text-[0.6rem] leading-none font-bold text-white",
        colourOf(title),
        className,
      )}
    >
      {initial}
    </span>
  )
}
