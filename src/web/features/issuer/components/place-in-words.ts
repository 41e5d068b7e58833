import { countryName, isCountryCode, US_STATE_OPTIONS } from '../../../../contract/rules/identity';

/**
 * A state and a country as the issuer-account pages spell them everywhere, in the words of the
 * form's State list: "Colorado (CO)", "United States (US)". A code the lists do not know is shown
 * as the platform holds it.
 */
export const stateInWords = (code: string) => {
  const state = US_STATE_OPTIONS.find((s) => s.code === code.toUpperCase());
  return state ? `${state.name} (${state.code})` : code;
};

export const countryInWords = (code: string) => {
  const upper = code.toUpperCase();
  return isCountryCode(upper) ? `${countryName(upper, 'en-US')} (${upper})` : code;
};
