import type { ChangeEventHandler } from "react";
import { LabelledInput } from "@/components/ui/form-field";

// The autocomplete names tell password managers which saved value goes where.
const CREDENTIALS = {
  email: { label: "Email", type: "email", name: "email", autoComplete: "email" },
  "current-password": { label: "Password", type: "password", name: "password", autoComplete: "current-password" },
} as const;

/** A required credential field, the same on the sign-in and sign-up forms so browsers fill both alike. */
export function CredentialInput({
  kind,
  value,
  onChange,
}: {
  kind: keyof typeof CREDENTIALS;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
}) {
  return <LabelledInput {...CREDENTIALS[kind]} required value={value} onChange={onChange} />;
}
