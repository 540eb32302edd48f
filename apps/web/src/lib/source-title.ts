// What names the source of an entry in lists and cards. In an inbox timeline an inbox stands in the feed's place; it
// may have no title and has no address, so its handle (its id) names it.

export function sourceTitle(source: { title?: string | null; url?: string | null; id: string }): string {
  return source.title || source.url || source.id
}
