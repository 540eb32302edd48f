// A user's public page: /profile/:handle, or /profile/id/:userId for users without a handle. Who they are, what
// they follow publicly (their private subscriptions never reach the client) and the lists they made.
import type { UserProfile } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router"
import { EmptyState } from "../components/ui/empty-state.tsx"
import { PageFrame } from "../components/ui/page-frame.tsx"
import { LoadingPane } from "../components/ui/spinner.tsx"
import { ProfileHeader } from "../features/profiles/profile-header.tsx"
import { ProfileLists, ProfileSubscriptions } from "../features/profiles/profile-subscriptions.tsx"
import { useProfileByHandle, useUserLists, useUserProfile, useUserSubscriptions } from "../queries/profiles.ts"

export function ProfileRoute() {
  const { t } = useTranslation(["profiles", "common"])
  const { handle, userId } = useParams()
  const byHandle = useProfileByHandle(userId ? undefined : handle)
  const byId = useUserProfile(userId)
  const found = userId ? byId : byHandle
  if (found.isPending) return <LoadingPane label={t("common:status.loading")} />
  if (!found.data) {
    return (
      <PageFrame title={t("title")}>
        <EmptyState icon="search" title={t("not_found")} />
      </PageFrame>
    )
  }
  return <Profile profile={found.data} />
}

function Profile({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation(["profiles", "common"])
  const subscriptions = useUserSubscriptions(profile.id)
  const lists = useUserLists(profile.id)
  // The server leaves others' private subscriptions out; on one's own profile they arrive too, and stay out here.
  const feeds = subscriptions.data?.feeds.filter((sub) => !sub.isPrivate)
  return (
    <PageFrame title={t("title")}>
      <div data-testid="profile-page" data-user-id={profile.id}>
        <ProfileHeader profile={profile} />
        <section className="mt-6" aria-labelledby="profile-subscriptions-heading">
          <h2
            id="profile-subscriptions-heading"
            className="mb-2 text-xs font-semibold tracking-wide text-ink-faint uppercase"
          >
            {t("subscriptions", { count: feeds?.length ?? 0 })}
          </h2>
          {feeds ? <ProfileSubscriptions feeds={feeds} /> : <LoadingPane label={t("common:status.loading")} />}
        </section>
        <section className="mt-6" aria-labelledby="profile-lists-heading">
          <h2 id="profile-lists-heading" className="mb-2 text-xs font-semibold tracking-wide text-ink-faint uppercase">
            {t("lists", { count: lists.data?.length ?? 0 })}
          </h2>
          {lists.data ? <ProfileLists lists={lists.data} /> : <LoadingPane label={t("common:status.loading")} />}
        </section>
      </div>
    </PageFrame>
  )
}

export { ProfileRoute as Component }
