// A post's pictures: one wide, two or more in a two-column grid; four at most, the rest counted on the last.
import { useTranslation } from "react-i18next"
import { cx } from "../../../lib/cx.ts"
import type { EntryPicture } from "../entry-media.ts"

const SHOWN = 4

export function PictureGrid(props: { pictures: EntryPicture[]; alt: string; onOpen: (index: number) => void }) {
  const { t } = useTranslation("views")
  const { pictures } = props
  const shown = pictures.slice(0, SHOWN)
  const hidden = pictures.length - shown.length
  return (
    <div
      data-testid="social-pictures"
      className={cx(
        "mt-2 grid aspect-[16/10] max-w-[32rem] gap-1 overflow-hidden rounded-xl",
        shown.length > 1 ? "grid-cols-2" : "grid-cols-1",
        shown.length > 2 && "grid-rows-2",
      )}
    >
      {shown.map((picture, index) => (
        <button
          key={picture.url}
          type="button"
          onClick={() => props.onOpen(index)}
          aria-label={t("gallery.open_picture", { index: index + 1, total: pictures.length })}
          className={cx("relative block min-h-0 bg-hover", shown.length === 3 && index === 0 && "row-span-2")}
        >
          <img src={picture.url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
          {hidden > 0 && index === shown.length - 1 && (
            <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-lg font-semibold text-white">
              +{hidden}
            </span>
          )}
        </button>
      ))}
    </div>
  )
}
