// Settings › data control › this browser: the offline image cache the service worker keeps (src/sw/image-cache.ts),
// its size and count, the byte limit (least recently shown images go first) and a button that empties it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { askServiceWorker } from "../../lib/service-worker-client.ts"
import { IMAGE_CACHE_LIMIT_CHOICES_MB, type ImageCacheStatus } from "../../sw/image-lru.ts"
import { formatBytes, type RowProps } from "./local-database-rows.tsx"
import { SelectRow } from "./setting-controls.tsx"

const IMAGE_CACHE_KEY = ["image-cache"] as const
const MB = 1024 * 1024

/** The worker's answer, or null when no worker runs this page (development, first visit before it starts). */
async function readStatus(): Promise<ImageCacheStatus | null> {
  return (await askServiceWorker({ type: "IMAGE_CACHE_STATUS" })) ?? null
}

export function ImageCacheRows({ Row }: { Row: (props: RowProps) => React.ReactNode }) {
  const { t, i18n } = useTranslation("settings")
  const queryClient = useQueryClient()
  const status = useQuery({ queryKey: IMAGE_CACHE_KEY, queryFn: readStatus, staleTime: 0, gcTime: 0 })
  const [error, setError] = useState<string>()
  const change = useMutation({
    mutationFn: async (message: { type: "IMAGE_CACHE_LIMIT"; bytes: number } | { type: "IMAGE_CACHE_CLEAR" }) =>
      (await askServiceWorker(message)) ?? null,
    onMutate: () => setError(undefined),
    onSuccess: (next) => queryClient.setQueryData(IMAGE_CACHE_KEY, next),
    onError: (failure) => setError(errorMessage(failure)),
  })
  const data = status.data
  // "0 B" and "200 MB" never split across lines.
  const size = (bytes: number) => formatBytes(bytes, i18n.language).replace(" ", "\u00a0")
  const choices = IMAGE_CACHE_LIMIT_CHOICES_MB.map((mb) => ({
    value: String(mb * MB),
    label: mb === 0 ? t("data-control.images.off") : size(mb * MB),
  }))
  // A limit set some other way (an older build's choices) still shows as itself.
  if (data && !choices.some((choice) => choice.value === String(data.limit)))
    choices.push({ value: String(data.limit), label: size(data.limit) })
  const description = status.isPending
    ? t("data-control.images.reading")
    : !data
      ? t("data-control.images.no_worker")
      : data.limit === 0
        ? t("data-control.images.off_description")
        : t("data-control.images.usage", { count: data.count, size: size(data.bytes), limit: size(data.limit) })

  return (
    <>
      <SelectRow
        label={t("data-control.images.label")}
        description={description}
        testId="image-cache-limit-row"
        value={String(data?.limit ?? "")}
        choices={data ? choices : [{ value: "", label: "—" }]}
        disabled={!data || change.isPending}
        onChange={(value) => change.mutate({ type: "IMAGE_CACHE_LIMIT", bytes: Number(value) })}
      />
      <Row label={t("data-control.images.clear_label")} description={t("data-control.images.clear_description")}>
        <div className="flex flex-col items-end gap-1">
          <Button
            data-testid="clear-image-cache"
            disabled={!data || data.count === 0 || change.isPending}
            onClick={() => change.mutate({ type: "IMAGE_CACHE_CLEAR" })}
          >
            {t("data-control.images.clear")}
          </Button>
          {error && (
            <p role="alert" className="text-xs text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      </Row>
    </>
  )
}
