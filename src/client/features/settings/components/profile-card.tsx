import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MailCheck, Pencil } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { z } from "zod";
import type { WriteBackStatus } from "../../../../shared/api/sync";
import type { CurrentUser, UpdatedProfile } from "../../../../shared/api/user";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { withoutFieldPrefix } from "../../../lib/api-error";
import { i18n } from "../../../lib/i18n/i18n";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../lib/use-toast";
import { useUpdateProfile } from "../api/update-profile";

/** The toast tells the truth about the operator's base: synced, on its way, or not linked to it at all. */
const SAVED_MESSAGES: Record<WriteBackStatus, MessageDescriptor> = {
  synced: msg({
    id: "settings.profile.saved-synced",
    message: "Your profile has been updated successfully and synced to Airtable.",
  }),
  pending: msg({
    id: "settings.profile.saved-pending",
    message: "Your profile has been updated. It will be synced to Airtable shortly.",
  }),
  "not-linked": msg({ id: "settings.profile.saved", message: "Your profile has been updated successfully." }),
};

const FIELDS = ["email", "name", "username"] as const;
type Field = (typeof FIELDS)[number];

/**
 * Spec section 5: email and name are required, the username is optional. The rest of each field's
 * rules (an email's shape, a username's characters) is the server's, and its answer is shown on the field.
 */
const profileFormSchema = z.object({
  // Worded when the check runs, in the language the page speaks then.
  email: z
    .string()
    .trim()
    .min(1, {
      error: () => i18n._(msg({ id: "settings.profile.email-required", message: "Email is required" })),
    }),
  name: z
    .string()
    .trim()
    .min(1, {
      error: () => i18n._(msg({ id: "settings.profile.name-required", message: "Full name is required" })),
    }),
  username: z.string().trim(),
});
type ProfileFormInput = z.input<typeof profileFormSchema>;

const valuesOf = (user: CurrentUser): ProfileFormInput => ({
  email: user.email,
  name: user.name,
  username: user.username ?? "",
});

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

/** Spec "Settings": the profile in view mode; Edit Profile turns it into a form that Save or Cancel ends. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const { t, i18n: lingui } = useLingui();
  const update = useUpdateProfile(user.id);
  const [editing, setEditing] = useState(false);
  const { form, showServerError } = useServerForm(profileFormSchema, {
    defaultValues: valuesOf(user),
    serverFields: FIELDS,
  });
  const { errors } = form.formState;
  // A new email waits for its mailed link; until then the profile keeps the old one.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  const startEditing = () => {
    // Each edit starts from the profile as saved, without the errors of the last one.
    form.reset(valuesOf(user));
    setEditing(true);
    // After the form renders.
    requestAnimationFrame(() => form.setFocus("email"));
  };

  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      let saved: UpdatedProfile;
      try {
        saved = await update.mutateAsync(values);
      } catch (error) {
        const { message } = showServerError(error);
        toast({
          variant: "destructive",
          title: t({ id: "settings.profile.update-failed", message: "Update Failed" }),
          description: message
            ? withoutFieldPrefix(message, FIELDS)
            : t({ id: "settings.profile.update-failed-text", message: "Failed to update profile settings." }),
        });
        return;
      }
      if (saved.emailChange) {
        setPendingEmail(saved.emailChange.pendingEmail);
        toast({
          title: t({ id: "settings.profile.confirm-new-email", message: "Confirm your new email" }),
          description: saved.emailChange.message,
        });
      } else {
        toast({
          title: t({ id: "settings.profile.updated", message: "Settings Updated" }),
          description: lingui._(SAVED_MESSAGES[saved.airtableSync]),
        });
      }
      stopEditing();
    },
    () =>
      toast({
        variant: "destructive",
        title: t({ id: "settings.profile.validation-error", message: "Validation Error" }),
        description: t({
          id: "settings.profile.validation-error-text",
          message: "Email and name are required fields.",
        }),
      }),
  );

  const field = (name: Field, label: string, type: string, autoComplete: string, optional = false) => (
    <FormField
      label={label}
      error={errors[name]?.message}
      hint={
        optional
          ? t({ id: "settings.profile.optional", message: "Optional. Leave empty for none." })
          : undefined
      }
    >
      {(control) => <Input {...control} type={type} autoComplete={autoComplete} {...form.register(name)} />}
    </FormField>
  );

  const emailLabel = t({ id: "settings.profile.email", message: "Email" });
  const nameLabel = t({ id: "settings.profile.name", message: "Full name" });
  const usernameLabel = t({ id: "settings.profile.username", message: "Username" });

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>{t({ id: "settings.profile.title", message: "Profile" })}</CardTitle>
          <CardDescription>
            {t({
              id: "settings.profile.description",
              message: "How we reach you and how you appear in the portal.",
            })}
          </CardDescription>
        </div>
        {editing ? null : (
          <Button ref={editButton} variant="outline" size="sm" onClick={startEditing}>
            <Pencil aria-hidden="true" />
            {t({ id: "settings.profile.edit", message: "Edit Profile" })}
          </Button>
        )}
      </CardHeader>
      {editing ? (
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label={t({ id: "settings.profile.edit-form", message: "Edit profile" })}
          className="contents"
        >
          <CardContent className="grid gap-4">
            {field("email", emailLabel, "email", "email")}
            {field("name", nameLabel, "text", "name")}
            {field("username", usernameLabel, "text", "username", true)}
          </CardContent>
          <CardFooter className="justify-end gap-2 border-t pt-6">
            <Button variant="outline" onClick={stopEditing} disabled={update.isPending}>
              {t({ id: "settings.profile.cancel", message: "Cancel" })}
            </Button>
            <SubmitButton pending={update.isPending}>
              {t({ id: "settings.profile.save", message: "Save" })}
            </SubmitButton>
          </CardFooter>
        </form>
      ) : (
        <CardContent>
          <dl className="divide-y">
            <Detail label={emailLabel}>
              {user.email}
              {pendingEmail && pendingEmail.toLowerCase() !== user.email.toLowerCase() ? (
                <span role="status" className="mt-1 flex items-start gap-1.5 text-muted-foreground">
                  <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <Trans id="settings.profile.pending-email">
                      Waiting for confirmation:{" "}
                      <span className="font-medium text-foreground">{pendingEmail}</span>. Follow the link we
                      sent there to start using it.
                    </Trans>
                  </span>
                </span>
              ) : null}
            </Detail>
            <Detail label={nameLabel}>{user.name}</Detail>
            <Detail label={usernameLabel}>
              {user.username ? (
                user.username
              ) : (
                <span className="text-muted-foreground italic">
                  {t({ id: "settings.profile.not-set", message: "Not set" })}
                </span>
              )}
            </Detail>
          </dl>
        </CardContent>
      )}
    </Card>
  );
}
