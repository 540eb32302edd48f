// Where a user's public page is: by handle when they have one (a readable link), otherwise by id.
export function profilePath(user: { id: string; handle?: string | null }): string {
  return user.handle ? `/profile/${encodeURIComponent(user.handle)}` : `/profile/id/${user.id}`
}
