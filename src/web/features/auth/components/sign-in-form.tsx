import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { signInSchema, type SignIn } from '../../../../contract/session';
import type { SecondFactorChallenge } from '../../../../contract/identity';
import { Notice } from '../../../components/notice';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { PlainTextField } from '../../../components/form/plain-text-field';
import { PlainButton } from '../../../components/plain-button';
import { errorMessage } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';
import { singleSignOnHref } from '../../../config/paths';
import { usePortalConfig } from '../api/get-portal-config';

// Only the sandbox shows demo users, so production sign-ins do not download the list.
const DemoSignIns = lazy(() =>
  import('./demo-sign-ins').then((module) => ({ default: module.DemoSignIns })),
);

// The second step loads only for people who have one, keeping the sign-in page light.
const SecondFactorStep = lazy(() => import('./second-factor-step'));

type SignInFormProps = {
  onSuccess: () => void;
  /** Single sign-on came back with a second factor owed. */
  secondFactorOwed?: boolean;
  /** Where single sign-on should come back to. */
  returnTo?: string | null;
};

export function SignInForm({ onSuccess, secondFactorOwed, returnTo }: SignInFormProps) {
  const signIn = useSignIn();
  const [challenge, setChallenge] = useState<SecondFactorChallenge['secondFactor'] | null>(null);
  const config = usePortalConfig();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, setFocus } = useForm<SignIn>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit((values) => {
    if (signIn.isPending) return;
    setFormError(null);
    signIn.mutate(values, {
      onSuccess: (result) => {
        if ('secondFactor' in result) setChallenge(result.secondFactor);
        else onSuccess();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['email', 'password'])) {
          setFormError(errorMessage(error));
        }
      },
    });
  });

  const useDemoUser = (email: string, password: string) => {
    setValue('email', email, { shouldValidate: false });
    setValue('password', password, { shouldValidate: false });
    setFormError(null);
    setFocus('password');
  };

  if (challenge || secondFactorOwed) {
    return (
      <Suspense fallback={<Notice severity="info">Loading…</Notice>}>
        <SecondFactorStep challenge={challenge ?? undefined} onDone={onSuccess} />
      </Suspense>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box
        component="form"
        sx={{ display: 'grid', gap: 2 }}
        noValidate
        onSubmit={submit}
        aria-label="Sign in"
        aria-busy={signIn.isPending}
      >
        {formError && <Notice severity="error">{formError}</Notice>}
        <PlainTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          required
        />
        <PlainTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <PlainButton type="submit" aria-disabled={signIn.isPending || undefined}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </PlainButton>
      </Box>
      {config.data?.singleSignOn && (
        <PlainButton
          type="button"
          onClick={() => window.location.assign(singleSignOnHref(returnTo))}
        >
          Continue with {config.data.singleSignOn.label}
        </PlainButton>
      )}
      {config.data?.sandbox && (
        <Suspense fallback={null}>
          <DemoSignIns onUse={useDemoUser} />
        </Suspense>
      )}
    </Box>
  );
}
