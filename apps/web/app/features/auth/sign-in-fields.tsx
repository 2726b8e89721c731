import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import { type ReactNode, type Ref, useState } from "react";
import { SIGN_IN_ERROR_ID } from "./sign-in-feedback.tsx";

const inputClass = "form-field h-12 w-full px-4 text-base shadow-xs";

type FieldProps = {
  inputRef: Ref<HTMLInputElement>;
  /** The error shown above the form is about this field. */
  invalid: boolean;
};

const errorLink = (invalid: boolean) => ({
  "aria-invalid": invalid,
  "aria-describedby": invalid ? SIGN_IN_ERROR_ID : undefined,
});

export function EmailField({ inputRef, invalid }: FieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="sign-in-email" className="font-medium text-ink text-sm">
        Email
      </label>
      <input
        ref={inputRef}
        id="sign-in-email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...errorLink(invalid)}
        className={inputClass}
      />
    </div>
  );
}

/**
 * The password input with its show/hide toggle; `children` go below it (the reset link).
 * The toggle is there only once it can work (`canToggle`: the page has hydrated), so no
 * visitor taps a button that does nothing before the app runs or without JavaScript.
 */
export function PasswordField({
  inputRef,
  invalid,
  canToggle,
  children,
}: FieldProps & { canToggle: boolean; children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="sign-in-password" className="font-medium text-ink text-sm">
        Password
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id="sign-in-password"
          name="password"
          type={visible ? "text" : "password"}
          autoComplete="current-password"
          required
          {...errorLink(invalid)}
          className={`${inputClass} pr-12`}
        />
        {canToggle ? (
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-label="Show password"
            aria-controls="sign-in-password"
            className="absolute inset-y-1 right-1 flex w-10 items-center justify-center rounded-lg text-cocoa hover:bg-brand-50 hover:text-brand-800"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        ) : null}
      </div>
      {children}
    </div>
  );
}
