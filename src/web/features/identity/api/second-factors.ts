import { useQuery } from '@tanstack/react-query';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  enrolledSchema,
  factorsSchema,
  passkeyOptionsSchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
  verifySecondFactorResultSchema,
  type VerifySecondFactor,
} from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { apiQueryOptions, useInvalidatingMutation } from '../../../lib/api-query';

export const factorsQueryKey = ['me', 'second-factors'] as const;

export const factorsQueryOptions = () =>
  apiQueryOptions(factorsQueryKey, apiPaths.myFactors, factorsSchema);

export const useFactors = () => useQuery(factorsQueryOptions());

/** Proves a second factor: finishes a sign-in, or makes step-up fresh. */
export const verifySecondFactor = (body: VerifySecondFactor) =>
  api.post(apiPaths.secondFactor, { body, schema: verifySecondFactorResultSchema, noStepUp: true });

/**
 * The browser's WebAuthn calls, loaded when a passkey is first used: most sign-ins and pages
 * never need them.
 */
const webAuthn = () => import('@simplewebauthn/browser');

/** Asks the authenticator for the user's passkey, then has the BFF verify it. */
export async function verifyWithPasskey() {
  const { options } = await api.post(apiPaths.secondFactorPasskeyOptions, {
    schema: passkeyOptionsSchema,
    noStepUp: true,
  });
  const { startAuthentication } = await webAuthn();
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return verifySecondFactor({
    method: 'passkey',
    response: response as unknown as Extract<VerifySecondFactor, { method: 'passkey' }>['response'],
  });
}

export const startTotpEnrolment = () => api.post(apiPaths.myTotp, { schema: totpEnrolmentSchema });

export const confirmTotp = (body: { code: string; label: string }) =>
  api.post(apiPaths.myTotpConfirm, { body, schema: enrolledSchema });

export async function enrolPasskey(label: string) {
  const { options } = await api.post(apiPaths.myPasskeyOptions, { schema: passkeyOptionsSchema });
  const { startRegistration } = await webAuthn();
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return api.post(apiPaths.myPasskeys, {
    body: { label, response },
    schema: enrolledSchema,
  });
}

export const useRemoveFactor = () =>
  useInvalidatingMutation({
    mutationFn: (factorId: string) => api.delete(apiPaths.myFactor(factorId)),
    invalidates: () => [factorsQueryKey],
    after: 'settled',
  });

export const useRenewRecoveryCodes = () =>
  useInvalidatingMutation({
    mutationFn: () => api.post(apiPaths.myRecoveryCodes, { schema: recoveryCodesSchema }),
    invalidates: () => [factorsQueryKey],
    after: 'settled',
  });
