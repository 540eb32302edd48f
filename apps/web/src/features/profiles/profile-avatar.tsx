// A profile's picture, or its initial when it has none. Apart from the profile header: the timeline's header shows
// a list owner's avatar, and the header's code belongs to the profile page's chunk, not to the first screen.
import type { UserProfile } from "@tidings/shared"

export function ProfileAvatar({ profile, className }: { profile: UserProfile; className: string }) {
  const initial = (profile.name || profile.handle || "?").trim().charAt(0).toUpperCase()
  if (profile.image) return <img src={profile.image} alt="" className={`${className} rounded-full object-cover`} />
  return (
    <span
      aria-hidden
      className={`${className} inline-flex items-center justify-center rounded-full bg-accent/15 font-semibold text-accent-strong`}
    >
      {initial}
    </span>
  )
}
