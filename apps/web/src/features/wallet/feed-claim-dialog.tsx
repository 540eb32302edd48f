// "Claim this feed" from a feed's menu: the three ways to publish the token (the feed's description, an entry, a
// <meta> on the site), each copyable, and the button that asks the server to re-fetch and check.
import { useTranslation } from "react-i18next"
import { toast } from "sonner"
import { ApiError } from "../../api/api-error.ts"
import { Button } from "../../components/ui/button.tsx"
import { CopyableText } from "../../components/ui/copyable-text.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useClaimMessage, useVerifyClaim } from "../../queries/feed-claims.ts"

const ALREADY_CLAIMED = 4000

export function FeedClaimDialog({ feedId, title, onClose }: { feedId: string; title: string; onClose: () => void }) {
  const { t } = useTranslation("wallet")
  const message = useClaimMessage(feedId)
  const verify = useVerifyClaim()
  const owned = message.error instanceof ApiError && message.error.code === ALREADY_CLAIMED

  const submit = () =>
    verify.mutate(feedId, {
      onSuccess: () => {
        toast.success(t("feed_claim.done", { title }))
        onClose()
      },
    })

  const ways = message.data
    ? [
        { key: "description", label: t("feed_claim.way_description"), text: message.data.description },
        { key: "entry", label: t("feed_claim.way_entry"), text: message.data.content },
        { key: "meta", label: t("feed_claim.way_meta"), text: message.data.meta },
      ]
    : []
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("feed_claim.title", { title })}
      description={t("feed_claim.hint")}
      testId="feed-claim-dialog"
      wide
    >
      {message.isPending ? (
        <p className="text-sm text-ink-soft">{t("loading")}</p>
      ) : owned ? (
        <p className="text-sm text-ink-soft" data-testid="feed-claim-owned">
          {t("feed_claim.owned")}
        </p>
      ) : message.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(message.error)}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <ol className="flex flex-col gap-2.5">
            {ways.map((way, index) => (
              <li key={way.key} className="rounded-lg border border-line p-3" data-testid={`feed-claim-${way.key}`}>
                <p className="text-sm font-medium">
                  {index + 1}. {way.label}
                </p>
                <CopyableText text={way.text} />
              </li>
            ))}
          </ol>
          <p className="text-xs text-ink-faint">{t("feed_claim.any_way")}</p>
          {verify.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="feed-claim-error">
              {errorMessage(verify.error)}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button onClick={onClose}>{t("cancel")}</Button>
            <Button variant="primary" onClick={submit} disabled={verify.isPending} data-testid="feed-claim-verify">
              {verify.isPending ? t("feed_claim.checking") : t("feed_claim.verify")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  )
}
