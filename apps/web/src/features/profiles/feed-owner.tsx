// A claimed feed's owner, named wherever the feed itself is shown (the feed's timeline, a found feed): the proof
// of a claim is worth something to readers only if they can see it, and it leads to the owner's public page.
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { cx } from "../../lib/cx.ts"
import { useUserProfile } from "../../queries/profiles.ts"
import { ProfileAvatar } from "./profile-avatar.tsx"
import { profilePath } from "./profile-paths.ts"

export function FeedOwner({ ownerUserId, className }: { ownerUserId: string | null | undefined; className?: string }) {
  const { t } = useTranslation("app")
  const owner = useUserProfile(ownerUserId ?? undefined).data
  if (!ownerUserId || !owner) return null
  const label = owner.name?.trim() || (owner.handle ? `@${owner.handle}` : "")
  const text = label ? t("feed.claimed_by", { name: label }) : t("feed.claimed")
  return (
    <Link
      to={profilePath(owner)}
      className={cx("inline-flex min-w-0 items-center gap-1 hover:text-accent-strong hover:underline", className)}
      data-testid="feed-owner"
    >
      <ProfileAvatar profile={owner} className="size-3.5 shrink-0 text-[0.5rem]" />
      <span className="truncate">{text}</span>
    </Link>
  )
}
