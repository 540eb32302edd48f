// A list's picture, or its initial large enough to read at the size of a page header.
import { useState } from "react"
import { cx } from "../../lib/cx.ts"

export function ListAvatar({ title, image, className }: { title: string; image: string | null; className: string }) {
  const [failed, setFailed] = useState(false)
  if (image && !failed) {
    return (
      <img
        src={image}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={cx("shrink-0 rounded-xl object-cover", className)}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className={cx(
        "inline-flex shrink-0 items-center justify-center rounded-xl bg-accent/15 font-semibold text-accent-strong",
        className,
      )}
    >
      {[...title.trim()][0]?.toUpperCase() ?? "?"}
    </span>
  )
}
