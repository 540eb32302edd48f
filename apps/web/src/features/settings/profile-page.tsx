// Settings › profile: the public profile (name, handle, avatar, bio, website, social links) saved through
// better-auth's update-user, each field checked beside itself before saving and the server's refusal shown in place.
// A picture uploaded from here (POST /upload/avatar) is saved as the avatar at once.

import { useMutation, useQueryClient } from "@tanstack/react-query"
import type { SessionUser } from "@tidings/shared"
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { updateProfile, uploadAvatar } from "../../api/account.ts"
import { Button } from "../../components/ui/button.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { queryKeys } from "../../queries/keys.ts"
import { useSession } from "../../queries/session.ts"
import { PasswordSection, SessionsSection } from "./account-security.tsx"
import { DeleteAccountSection } from "./delete-account.tsx"
import { LinkedAccountsSection } from "./linked-accounts.tsx"
import {
  type ProfileProblem,
  type ProfileValues,
  profileInputOf,
  profileProblems,
  profileValuesOf,
  SOCIAL_NETWORKS,
} from "./profile-fields.ts"
import { SettingsSection } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"
import { TwoFactorSection } from "./two-factor-section.tsx"

const inputClass =
  "mt-1 w-full min-w-0 rounded-lg border border-line bg-canvas px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent aria-invalid:border-red-600"

export function ProfileSettingsPage() {
  const session = useSession()
  return (
    <SettingsPage page="profile">
      {session.data && (
        <>
          <ProfileForm key={session.data.user.id} user={session.data.user} />
          <div className="mt-8">
            <SessionsSection currentSessionId={session.data.session.id} />
          </div>
          <div className="mt-6">
            <PasswordSection email={session.data.user.email} />
          </div>
          <div className="mt-6">
            <TwoFactorSection enabled={session.data.user.twoFactorEnabled === true} />
          </div>
          <div className="mt-6">
            <LinkedAccountsSection />
          </div>
          <div className="mt-6">
            <DeleteAccountSection email={session.data.user.email} />
          </div>
        </>
      )}
    </SettingsPage>
  )
}

function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation("settings")
  const client = useQueryClient()
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(user))
  const [shown, setShown] = useState<ProfileProblem[]>([])
  const save = useMutation({
    mutationFn: () => updateProfile(profileInputOf(values)),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.session }),
  })
  // Only the picture is saved: the other fields may be half edited.
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const image = await uploadAvatar(file)
      await updateProfile({ image })
      return image
    },
    onSuccess: (image) => {
      setValues((old) => ({ ...old, image }))
      setShown((old) => old.filter((field) => field !== "image"))
      void client.invalidateQueries({ queryKey: queryKeys.session })
    },
  })
  const fileInput = useRef<HTMLInputElement>(null)

  const set = (patch: Partial<ProfileValues>) => {
    setValues((old) => ({ ...old, ...patch }))
    // A field being corrected stops being marked; the others stay marked until the next save.
    setShown((old) => old.filter((field) => !(field in patch)))
    save.reset()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = profileProblems(values)
    setShown(problems)
    if (problems.length === 0) save.mutate()
  }
  const problemOf = (field: ProfileProblem) => (shown.includes(field) ? t(`profile.problem.${field}`) : undefined)

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <SettingsSection title={t("profile.section.public")}>
        <Field label={t("profile.name")} problem={problemOf("name")}>
          {(props) => (
            <input
              {...props}
              value={values.name}
              onChange={(e) => set({ name: e.target.value })}
              data-testid="profile-name"
            />
          )}
        </Field>
        <Field label={t("profile.handle")} hint={t("profile.handle_hint")} problem={problemOf("handle")}>
          {(props) => (
            <input
              {...props}
              value={values.handle}
              autoCapitalize="off"
              spellCheck={false}
              onChange={(e) => set({ handle: e.target.value })}
              data-testid="profile-handle"
            />
          )}
        </Field>
        <Field label={t("profile.image")} hint={t("profile.image_hint")} problem={problemOf("image")}>
          {(props) => (
            <>
              <div className="flex items-center gap-3">
                {values.image && !problemOf("image") && (
                  <img
                    src={values.image}
                    alt=""
                    className="mt-1 size-9 shrink-0 rounded-full border border-line object-cover"
                    data-testid="profile-image-preview"
                  />
                )}
                <input
                  {...props}
                  type="url"
                  value={values.image}
                  onChange={(e) => set({ image: e.target.value })}
                  data-testid="profile-image"
                />
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <Button
                  type="button"
                  size="sm"
                  disabled={upload.isPending}
                  onClick={() => fileInput.current?.click()}
                  data-testid="profile-upload"
                >
                  {upload.isPending ? t("profile.uploading") : t("profile.upload")}
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  className="hidden"
                  tabIndex={-1}
                  aria-hidden="true"
                  onChange={(e) => {
                    const file = e.target.files?.[0]
                    e.target.value = ""
                    if (file) upload.mutate(file)
                  }}
                  data-testid="profile-upload-input"
                />
                <p role="status" className="text-xs" data-testid="profile-upload-status">
                  {upload.isSuccess && <span className="text-ink-soft">{t("profile.uploaded")}</span>}
                  {upload.isError && (
                    <span className="text-red-700 dark:text-red-400">{errorMessage(upload.error)}</span>
                  )}
                </p>
              </div>
            </>
          )}
        </Field>
        <Field label={t("profile.bio")} hint={t("profile.bio_hint")} problem={problemOf("bio")}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              value={values.bio}
              onChange={(e) => set({ bio: e.target.value })}
              data-testid="profile-bio"
            />
          )}
        </Field>
        <Field label={t("profile.website")} problem={problemOf("website")}>
          {(props) => (
            <input
              {...props}
              type="url"
              placeholder="https://"
              value={values.website}
              onChange={(e) => set({ website: e.target.value })}
              data-testid="profile-website"
            />
          )}
        </Field>
      </SettingsSection>

      <SettingsSection title={t("profile.section.social")}>
        {SOCIAL_NETWORKS.map((network) => (
          <Field key={network} label={t(`profile.social.${network}`)} problem={problemOf("social")}>
            {(props) => (
              <input
                {...props}
                value={values.social[network]}
                autoCapitalize="off"
                spellCheck={false}
                onChange={(e) => set({ social: { ...values.social, [network]: e.target.value } })}
                data-testid={`profile-social-${network}`}
              />
            )}
          </Field>
        ))}
      </SettingsSection>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={save.isPending} data-testid="profile-save">
          {t("profile.save")}
        </Button>
        <p role="status" className="text-sm" data-testid="profile-status">
          {save.isSuccess && <span className="text-ink-soft">{t("profile.saved")}</span>}
          {shown.length > 0 && <span className="text-red-700 dark:text-red-400">{t("profile.fix")}</span>}
        </p>
      </div>
      {save.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400" data-testid="profile-error">
          {errorMessage(save.error)}
        </p>
      )}
    </form>
  )
}

interface FieldProps {
  label: string
  hint?: string
  problem?: string
  children: (props: { id: string; className: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode
}

function Field({ label, hint, problem, children }: FieldProps) {
  const id = useId()
  const noteId = useId()
  return (
    <div className="px-4 py-3">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        className: inputClass,
        "aria-invalid": problem ? true : undefined,
        "aria-describedby": problem || hint ? noteId : undefined,
      })}
      {(problem || hint) && (
        <p
          id={noteId}
          className={problem ? "mt-1 text-xs text-red-700 dark:text-red-400" : "mt-1 text-xs text-ink-soft"}
        >
          {problem ?? hint}
        </p>
      )}
    </div>
  )
}

export { ProfileSettingsPage as Component }
