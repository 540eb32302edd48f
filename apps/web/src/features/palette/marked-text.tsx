// The server's search highlights (escaped text whose only tags are <mark>) as React nodes: the marks become <mark>
// elements and everything else is text, whatever it holds, so nothing from an entry can become markup here.
import { Fragment } from "react"

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' }

const decode = (text: string) => text.replace(/&(amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity)

export function MarkedText({ html }: { html: string }) {
  const parts = html.split(/<mark>(.*?)<\/mark>/g)
  return (
    <>
      {parts.map((part, index) =>
        index % 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
          <mark key={index} className="rounded-sm bg-accent/20 px-0.5 text-inherit">
            {decode(part)}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
          <Fragment key={index}>{decode(part)}</Fragment>
        ),
      )}
    </>
  )
}
