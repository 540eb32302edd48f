// j / k: the next or previous entry of the list. When the open entry has left the list (an unread-only list
// refetched after it was read), the step goes on from the place it had, not from the list's end.

export function nextEntryId(
  ids: readonly string[],
  current: string | undefined,
  delta: 1 | -1,
  previousIds: readonly string[],
): string | undefined {
  if (ids.length === 0) return undefined
  const clamp = (index: number) => Math.min(Math.max(index, 0), ids.length - 1)
  if (!current) return ids[delta === 1 ? 0 : ids.length - 1]
  const at = ids.indexOf(current)
  if (at !== -1) return ids[clamp(at + delta)]
  // Gone: the entries after it moved up into its place.
  const was = previousIds.indexOf(current)
  if (was === -1) return ids[delta === 1 ? 0 : ids.length - 1]
  const before = previousIds.slice(0, was).filter((id) => ids.includes(id)).length
  return ids[clamp(delta === 1 ? before : before - 1)]
}
