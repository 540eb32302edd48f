// Social sign-in buttons: one per provider the server offers (GET /better-auth/get-providers). A button asks
// better-auth for the provider's authorization URL and the browser goes there (spec §4: url + redirect flag).
// /login?provider=github starts that provider's sign-in at once (spec §2: the desktop app opens the web login so).
import { useMutation, useQuery } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { getSocialProviders, signInSocial } from "../../api/auth.ts"
import { Button } from "../../components/ui/button.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"

/** Where the browser goes after the provider sends the user back: the page they were going to, on this origin. */
function callbackUrl(target: string): string {
  return new URL(target, window.location.origin).toString()
}

export function useSocialSignIn(target: string) {
  return useMutation({
    mutationFn: async (provider: string) => {
      const answer = await signInSocial({ provider, callbackURL: callbackUrl(target) })
      if (answer.url && answer.redirect !== false) window.location.assign(answer.url)
      return answer
    },
  })
}

export function SocialSignIn({ target, autoStart }: { target: string; autoStart: string | null }) {
  const { t } = useTranslation(["auth", "app", "common"])
  const providers = useQuery({ queryKey: ["auth", "providers"], queryFn: getSocialProviders, staleTime: Infinity })
  const signIn = useSocialSignIn(target)
  const started = useRef(false)
  const list = Object.values(providers.data ?? {})

  useEffect(() => {
    if (started.current || !autoStart || !providers.data?.[autoStart]) return
    started.current = true
    signIn.mutate(autoStart)
  }, [autoStart, providers.data, signIn])

  if (!list.length) return null
  return (
    <div className="mt-5 flex flex-col gap-2" data-testid="social-sign-in">
      <p className="flex items-center gap-3 text-xs text-ink-faint before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        {t("login.or")}
      </p>
      {list.map((provider) => (
        <Button
          key={provider.id}
          disabled={signIn.isPending}
          onClick={() => signIn.mutate(provider.id)}
          data-testid={`social-${provider.id}`}
        >
          {signIn.isPending && signIn.variables === provider.id && (
            <Spinner className="size-3.5" label={t("common:status.loading")} />
          )}
          {t("login.continue_with", { provider: provider.name })}
        </Button>
      ))}
      {signIn.error && (
        <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300">
          {signIn.error.message || t("login.social_failed")}
        </p>
      )}
    </div>
  )
}
