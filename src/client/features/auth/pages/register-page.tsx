import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Input } from "../../../components/ui/input";
import { serverErrorText, splitFieldErrors } from "../../../lib/api-error";
import { useRegister } from "../api/register";
import { AuthCard, authLinkClass } from "../components/auth-card";
import { ConfirmPasswordField } from "../components/confirm-password-field";
import { EmailField } from "../components/email-field";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { NewPasswordField } from "../components/new-password-field";
import { OrDivider } from "../components/or-divider";
import { type RegisterFormInput, type RegisterFormValues, registerFormSchema } from "../form-schemas";

const SERVER_FIELDS = ["name", "username", "email", "password"] as const;

export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
    defaultValues: { name: "", username: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const [password = "", confirmPassword = ""] = useWatch({
    control: form.control,
    name: ["password", "confirmPassword"],
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await register.mutateAsync(values);
    } catch (error) {
      // A problem with one field ("username: This username is already taken") is shown on that field.
      const message = serverErrorText(error);
      const { fieldErrors, otherErrors } = splitFieldErrors(message ?? "", SERVER_FIELDS);
      const fields = SERVER_FIELDS.filter((field) => fieldErrors[field]);
      for (const field of fields) form.setError(field, { message: fieldErrors[field] });
      const first = fields[0];
      if (first) form.setFocus(first);
      if (otherErrors.length > 0 || fields.length === 0) {
        setFailure(otherErrors.length > 0 ? otherErrors.join(" ") : "Registration failed");
      }
      return;
    }
    await navigate("/dashboard", { replace: true });
  });

  return (
    <AuthSplitLayout>
      <AuthCard
        title="Create an account"
        description="Create your account to order and manage LinkedIn accounts."
        footer={
          <>
            <p className="text-muted-foreground">
              Already have an account?{" "}
              <Link to="/login" className={authLinkClass}>
                Sign in
              </Link>
            </p>
            <p className="text-muted-foreground">
              Bought from us before?{" "}
              <Link to="/register-existing" className={authLinkClass}>
                Register as an existing customer
              </Link>
            </p>
          </>
        }
      >
        <div className="grid gap-5">
          {failure ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>Registration Failed</AlertTitle>
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <FormField label="Full name" error={errors.name?.message}>
              {(control) => (
                <Input {...control} autoComplete="name" placeholder="Dana Smith" {...form.register("name")} />
              )}
            </FormField>
            <FormField label="Username" error={errors.username?.message}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="dana.smith"
                  {...form.register("username")}
                />
              )}
            </FormField>
            <EmailField register={() => form.register("email")} error={errors.email?.message} />
            <NewPasswordField
              register={() => form.register("password")}
              error={errors.password?.message}
              password={password}
            />
            <ConfirmPasswordField
              register={() => form.register("confirmPassword")}
              error={errors.confirmPassword?.message}
              password={password}
              confirmation={confirmPassword}
            />
            <SubmitButton
              className="mt-1 w-full"
              pending={register.isPending}
              pendingLabel="Creating account…"
            >
              Create account
            </SubmitButton>
          </form>
          <OrDivider />
          <GoogleSignInButton />
        </div>
      </AuthCard>
    </AuthSplitLayout>
  );
}
