import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useWatch } from "react-hook-form";
import { useLocation } from "react-router";
import { z } from "zod";
import { changePasswordSchema } from "../../../../shared/api/security";
import type { CurrentUser } from "../../../../shared/api/user";
import { FormField } from "../../../components/form-field";
import { NewPasswordField } from "../../../components/new-password-field";
import { SubmitButton } from "../../../components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { PasswordInput } from "../../../components/ui/password-input";
import { ApiError } from "../../../lib/api-client";
import { failureText, serverErrorText } from "../../../lib/api-error";
import { i18n } from "../../../lib/i18n/i18n";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../lib/use-toast";
import { useChangePassword } from "../api/change-password";
import { SETTINGS_SHARED_TEXTS } from "../shared-texts";

// The form's own messages are worded when the check runs, in the language the page speaks then.
const formSchema = changePasswordSchema
  .extend({
    confirmPassword: z.string().min(1, {
      error: () =>
        i18n._(
          msg({ id: "settings.password.confirm-required", message: "Please confirm your new password" }),
        ),
    }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    error: () => i18n._(msg({ id: "settings.password.mismatch", message: "Passwords don't match" })),
  });

const PASSWORD_CARD_ID = "password";

/**
 * Change the password (decision 023): the current one, a new one judged by the same meter as
 * registration, and its confirmation. A customer who signs in only with Google sets a first one here,
 * after a fresh proof the app asks for. Every other browser is signed out.
 */
export function PasswordCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const card = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // "This wasn't me" on a new sign-in leads here (decision 072).
  useEffect(() => {
    if (location.hash === `#${PASSWORD_CARD_ID}`) card.current?.scrollIntoView({ block: "start" });
  }, [location.hash]);
  const change = useChangePassword();
  const { form, showServerError } = useServerForm(formSchema, {
    defaultValues: {
      currentPassword: user.hasPassword ? "" : undefined,
      newPassword: "",
      confirmPassword: "",
    },
    serverFields: ["currentPassword", "newPassword"],
    texts: SETTINGS_SHARED_TEXTS,
  });
  const { errors } = form.formState;
  const [newPassword = ""] = useWatch({ control: form.control, name: ["newPassword"] });
  const submit = form.handleSubmit(async ({ currentPassword, newPassword: chosen }) => {
    try {
      const message = await change.mutateAsync({
        ...(user.hasPassword ? { currentPassword } : {}),
        newPassword: chosen,
      });
      form.reset({
        currentPassword: user.hasPassword ? "" : undefined,
        newPassword: "",
        confirmPassword: "",
      });
      toast({
        title: t({ id: "settings.password.changed", message: "Password changed" }),
        description: message,
      });
    } catch (error) {
      // A wrong current password is the one answer that is not worded for a field.
      if (error instanceof ApiError && error.status === 401) {
        form.setError(
          "currentPassword",
          {
            message:
              serverErrorText(error) ??
              t({ id: "settings.password.wrong", message: "The password is not right" }),
          },
          { shouldFocus: true },
        );
        return;
      }
      const { fields } = showServerError(error);
      if (fields.length === 0) {
        toast({
          title: t({ id: "settings.password.not-changed", message: "Password not changed" }),
          description: failureText(error),
          variant: "destructive",
        });
      }
    }
  });
  const userInputs = [user.name, user.username ?? "", user.email].filter(Boolean);
  const title = t({ id: "settings.password.title", message: "Password" });

  return (
    <Card ref={card} id={PASSWORD_CARD_ID} role="region" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          {user.hasPassword
            ? t({
                id: "settings.password.description",
                message: "Change the password you sign in with. Every other browser will be signed out.",
              })
            : t({
                id: "settings.password.description-google",
                message: "You sign in with Google. Set a password to sign in with your email too.",
              })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md">
          {user.hasPassword ? (
            <FormField
              label={t({ id: "settings.password.current", message: "Current password" })}
              error={errors.currentPassword?.message}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  autoComplete="current-password"
                  {...form.register("currentPassword")}
                />
              )}
            </FormField>
          ) : null}
          <NewPasswordField
            label={t({ id: "settings.password.new", message: "New password" })}
            register={() => form.register("newPassword")}
            error={errors.newPassword?.message}
            password={newPassword}
            userInputs={userInputs}
          />
          <FormField
            label={t({ id: "settings.password.confirm", message: "Confirm new password" })}
            error={errors.confirmPassword?.message}
          >
            {(control) => (
              <PasswordInput {...control} autoComplete="new-password" {...form.register("confirmPassword")} />
            )}
          </FormField>
          <SubmitButton className="justify-self-start" pending={change.isPending}>
            {user.hasPassword
              ? t({ id: "settings.password.change", message: "Change password" })
              : t({ id: "settings.password.set", message: "Set password" })}
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
