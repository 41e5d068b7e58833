import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SecondFactorChallenge, SignIn } from '../../../../contract/session';
import { Notice } from '../../../components/notice';
import { PlainTextField } from '../../../components/form/plain-text-field';
import { PlainButton } from '../../../components/plain-button';
import { errorMessage, isApiClientError } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';
import { singleSignOnHref } from '../../../config/paths';
import { usePortalConfig } from '../api/get-portal-config';
import { sessionQueryKey, sessionQueryOptions } from '../api/get-session';
import { signInSchema } from '../api/session-contract';
import './sign-in-form.css';

// Only the sandbox shows demo users, so production sign-ins do not download the list.
const DemoSignIns = lazy(() =>
  import('./demo-sign-ins').then((module) => ({ default: module.DemoSignIns })),
);

type SecondFactorStepComponent = ComponentType<{
  challenge?: SecondFactorChallenge['secondFactor'];
  onDone: () => Promise<void>;
  onDoneToSecuritySettings?: () => Promise<void>;
}>;

const fieldNames = ['email', 'password'] as const;

/** How each field is asked; the browser's password manager reads the `autoComplete`. */
const fieldInputs = {
  email: { label: 'Email', type: 'email', autoComplete: 'username' },
  password: { label: 'Password', type: 'password', autoComplete: 'current-password' },
} as const;

type FieldErrors = Partial<Record<keyof SignIn, string>>;

type SignInRules = Awaited<ReturnType<typeof signInSchema>>;

/** The first broken rule of each field, in the contract's words. */
function fieldErrors(rules: SignInRules | null, values: SignIn): FieldErrors {
  // Without the rules (their chunk did not load) the BFF checks the same ones and names the field.
  if (!rules) return {};
  const result = rules.safeParse(values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const name = fieldNames.find((candidate) => candidate === issue.path[0]);
    if (name) errors[name] ??= issue.message;
  }
  return errors;
}

type SignInFormProps = {
  onSuccess: () => void;
  /**
   * Signed in, goes to Security settings instead of `onSuccess`'s page: offered after signing in
   * with a recovery code, where the page may be left (not when signing in again over a page).
   */
  onSuccessToSecuritySettings?: () => void;
  /**
   * The second step, from the identity feature; the route passes it in (lazily, so it loads
   * only for people who have one) because features do not import each other.
   */
  SecondFactorStep: SecondFactorStepComponent;
  /** Single sign-on came back with a second factor owed. */
  secondFactorOwed?: boolean;
  /** Where single sign-on should come back to. */
  returnTo?: string | null;
  /** The email to start with: the person's own, when their session ended over a page. */
  email?: string;
  /** Signing in again over a page: its cached data stays (see `useSignIn`). */
  keepCache?: boolean;
  /** Single sign-on somewhere other than this window (over a page: in a window of its own). */
  onSingleSignOn?: () => void;
  /** The password was accepted and the second factor is asked for. */
  onPasswordAccepted?: () => void;
};

export function SignInForm({
  onSuccess,
  onSuccessToSecuritySettings,
  SecondFactorStep,
  secondFactorOwed,
  returnTo,
  email: startEmail = '',
  keepCache,
  onSingleSignOn,
  onPasswordAccepted,
}: SignInFormProps) {
  const signIn = useSignIn({ keepCache });
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<SecondFactorChallenge['secondFactor'] | null>(null);
  const config = usePortalConfig();
  const [formError, setFormError] = useState<string | null>(null);
  // Two fields need no form library: the contract's schema checks them, the same messages the
  // BFF gives, and react-hook-form stays off the first page (docs/benchmarks.md).
  const [values, setValues] = useState<SignIn>({ email: startEmail, password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  // The contract's rules arrive once the form is on screen (see api/session-contract).
  const rules = useRef<SignInRules | null>(null);
  const checking = useRef(false);
  // Shown as the sign-in under way: on a slow link the rules may still be on their way when the
  // person presses Sign in, and a press that changes nothing on screen invites pressing again.
  const [waitingForRules, setWaitingForRules] = useState(false);
  const loadRules = () =>
    signInSchema().then(
      (loaded) => (rules.current = loaded),
      () => null,
    );
  useEffect(() => {
    void loadRules();
  }, []);

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = fieldNames.find((name) => next[name]);
    if (!first) return false;
    inputs[first].current?.focus();
    return true;
  };

  const change = (name: keyof SignIn) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // As a form library would: after a first submit, each change checks the field again.
    if (submitted) setErrors(fieldErrors(rules.current, next));
  };
  /** What ties a field to its value and its message. */
  const bind = (name: keyof SignIn) => ({
    name,
    value: values[name],
    onChange: change(name),
    error: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending || checking.current) return;
    setSubmitted(true);
    setFormError(null);
    checking.current = true;
    let loaded = rules.current;
    if (!loaded) {
      setWaitingForRules(true);
      loaded = await loadRules();
      setWaitingForRules(false);
    }
    checking.current = false;
    if (showErrors(fieldErrors(loaded, values))) return;
    signIn.mutate(values, {
      onSuccess: (result) => {
        if ('secondFactor' in result) {
          setChallenge(result.secondFactor);
          onPasswordAccepted?.();
        } else onSuccess();
      },
      onError: (error) => {
        const fromServer: FieldErrors = {};
        if (isApiClientError(error)) {
          for (const issue of error.fields) {
            const name = fieldNames.find((candidate) => candidate === issue.field);
            if (name) fromServer[name] ??= issue.message;
          }
        }
        if (!showErrors(fromServer)) setFormError(errorMessage(error));
      },
    });
  };

  const useDemoUser = (email: string, password: string) => {
    setValues({ email, password });
    setErrors({});
    setFormError(null);
    inputs.password.current?.focus();
  };

  // The session changes once the second factor is proven: read it again before going on.
  const afterSecondFactor = async (then = onSuccess) => {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    await queryClient.fetchQuery(sessionQueryOptions());
    then();
  };

  if (challenge || secondFactorOwed) {
    return (
      <Suspense fallback={<Notice severity="info">Loading…</Notice>}>
        <SecondFactorStep
          challenge={challenge ?? undefined}
          onDone={() => afterSecondFactor()}
          onDoneToSecuritySettings={
            onSuccessToSecuritySettings && (() => afterSecondFactor(onSuccessToSecuritySettings))
          }
        />
      </Suspense>
    );
  }

  const busy = signIn.isPending || waitingForRules;
  return (
    <div className="sign-in-form">
      <form
        className="sign-in-form__fields"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label="Sign in"
        aria-busy={busy}
      >
        {formError && <Notice severity="error">{formError}</Notice>}
        {fieldNames.map((name) => (
          <PlainTextField
            key={name}
            {...bind(name)}
            {...fieldInputs[name]}
            required
            inputRef={inputs[name]}
          />
        ))}
        <PlainButton type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Signing in…' : 'Sign in'}
        </PlainButton>
      </form>
      {config.data?.singleSignOn && (
        <PlainButton
          type="button"
          onClick={onSingleSignOn ?? (() => window.location.assign(singleSignOnHref(returnTo)))}
        >
          Continue with {config.data.singleSignOn.label}
        </PlainButton>
      )}
      {config.data?.sandbox && (
        <Suspense fallback={null}>
          <DemoSignIns onUse={useDemoUser} />
        </Suspense>
      )}
    </div>
  );
}
