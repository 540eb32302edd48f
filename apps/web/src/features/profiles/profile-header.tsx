// The top of a public profile: avatar, name, handle, bio, website and social links.
import type { UserProfile } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Icon } from "../../components/ui/icons.tsx"
import { ProfileAvatar } from "./profile-avatar.tsx"

/** Social links are stored as service → handle or URL; a bare handle becomes the service's profile URL. */
const SOCIAL_BASES: Record<string, string> = {
  github: "https://github.com/",
  twitter: "https://x.com/",
  x: "https://x.com/",
  instagram: "https://instagram.com/",
  youtube: "https://youtube.com/@",
  bluesky: "https://bsky.app/profile/",
  mastodon: "",
  discord: "",
  telegram: "https://t.me/",
}

export function socialHref(service: string, value: string): string | null {
  if (/^https?:\/\//i.test(value)) return value
  const base = SOCIAL_BASES[service.toLowerCase()]
  return base ? `${base}${value.replace(/^@/, "")}` : null
}

export function ProfileHeader({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation("profiles")
  const links = Object.entries(profile.socialLinks ?? {}).filter(([, value]) => value.trim())
  return (
    <header className="mt-4 flex items-start gap-4" data-testid="profile-header">
      <ProfileAvatar profile={profile} className="size-16 shrink-0 text-2xl" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-xl font-semibold" data-testid="profile-name">
          {profile.name || (profile.handle ? `@${profile.handle}` : t("unnamed"))}
        </h2>
        {profile.handle && <p className="truncate text-sm text-ink-soft">@{profile.handle}</p>}
        {profile.bio && (
          <p className="mt-2 text-sm whitespace-pre-line" data-testid="profile-bio">
            {profile.bio}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {profile.website && (
            <a
              href={profile.website}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex min-w-0 items-center gap-1 font-medium text-accent-strong hover:underline"
              data-testid="profile-website"
            >
              <Icon name="link" className="size-3.5 shrink-0" />
              <span className="truncate">{profile.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}</span>
            </a>
          )}
          {links.map(([service, value]) => {
            const href = socialHref(service, value)
            const label = `${service}: ${value}`
            return href ? (
              <a
                key={service}
                href={href}
                target="_blank"
                rel="noreferrer noopener"
                className="text-ink-soft hover:text-ink hover:underline"
                data-testid="profile-social"
              >
                {label}
              </a>
            ) : (
              <span key={service} className="text-ink-soft" data-testid="profile-social">
                {label}
              </span>
            )
          })}
        </div>
      </div>
    </header>
  )
}
