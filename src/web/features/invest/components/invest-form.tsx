import { useEffect, useMemo, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountSummary } from '../../../../contract/account-views';
import {
  checkInvestment,
  describeInvestmentBounds,
  makeInvestmentFormSchema,
  paymentMethodLabels,
  type InvestmentForm as InvestmentValues,
  type InvestmentReceipt,
} from '../../../../contract/investments';
import type { Offering } from '../../../../contract/offerings';
import {
  investmentBlock,
  paymentMethodBlock,
  type Preflight,
} from '../../../../contract/preflight';
import { tradeStatusInWords } from '../../../../contract/holdings';
import { Code, DescriptionList } from '../../../components/description-list';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { Form, ReviewButton, useZodForm } from '../../../components/form/form';
import { FormNativeSelect } from '../../../components/form/form-native-select';
import { optionsFromLabels } from '../../../components/form/options-from-labels';
import { FormTextField } from '../../../components/form/form-text-field';
import {
  ReviewActions,
  SubmitOutcome,
  useReviewAndSubmit,
} from '../../../components/form/review-and-submit';
import {
  accountTimelineLink,
  receiptIdRows,
  SubmittedResult,
} from '../../../components/form/submitted-result';
import { accountRequestPlaces } from '../../../components/form/submission-error';
import { paths } from '../../../config/paths';
import { accountLabel } from '../../../lib/account-names';
import { errorMessage, partMayPassOnRetry } from '../../../lib/api-client';
import { focusOnMount } from '../../../lib/focus';
import { formatDecimal, formatTimestamp, formatMoney } from '../../../lib/format';
import { moneyKeys } from '../../../lib/query-keys';
import { BusyRetryButton } from '../../../components/busy-retry-button';
import { useCreateInvestment } from '../api/create-investment';
import {
  sentAsRow,
  UnsettledRequests,
  useUnsettled,
} from '../../../components/form/unsettled-requests';

/** The confirmation that sends a request while earlier ones stand (contract/money-requests). */
type AdditionalTo = { additionalTo?: string[] };

/** Whether ACH can pay from the chosen account: a bank is linked, none is, or it is not known. */
type AchStanding = 'linked' | 'none' | 'unknown';

/**
 * ACH is paid from the linked bank (§4.5): without one, or when whether one is linked could not be
 * read, it is shown, not offered, as on the disbursement page.
 */
const paymentOptions = (ach: AchStanding) =>
  optionsFromLabels(paymentMethodLabels)
    .filter((option) => option.value !== 'credit_card')
    .map((option) =>
      option.value === 'ach' && ach !== 'linked'
        ? {
            ...option,
            label: `${option.label}: ${ach === 'none' ? 'no bank account linked' : 'linked bank could not be checked'}`,
            disabled: true,
          }
        : option,
    );

/**
 * ACH from an account whose linked bank could not be read (the preflight's `achAvailable` null):
 * not offered, as the disbursement page does not offer it, since it would be paid from a bank that
 * may not exist; the BFF would read the bank again and refuse it if none can be confirmed.
 */
const ACH_BANK_UNKNOWN =
  'ACH is not available right now: whether a bank account is linked to this account could not be checked, and ACH is paid from a linked one. Pay by wire or check, or check the bank again.';

/**
 * The same, where checking again would not help (the preflight's `achError` says the platform
 * refused the portal's own access): its words say who must act, and no check again is offered.
 */
function achBankUnknownWords(preflight: Preflight | undefined): {
  words: string;
  lasting: boolean;
} {
  const error = preflight?.achError;
  if (!error || partMayPassOnRetry(error)) return { words: ACH_BANK_UNKNOWN, lasting: false };
  return {
    words: `ACH is not available: whether a bank account is linked to this account could not be checked, and ACH is paid from a linked one. ${error.message} Meanwhile, pay by wire or check.`,
    lasting: true,
  };
}

type InvestFormProps = {
  offering: Offering;
  accounts: AccountSummary[];
  /**
   * The BFF's preflight of each account, as far as it has loaded: an account it blocks is marked
   * in the list, its refusal is shown as soon as it is chosen, and Review refuses it.
   */
  preflights?: Partial<Record<string, Preflight>>;
  /**
   * The accounts whose checks could not be read: offered, marked "could not be checked" and
   * never chosen for the person, since nothing says they can invest (the BFF checks them when
   * the investment arrives).
   */
  unchecked?: readonly string[];
  /**
   * Told whether a request is under review, on its way, or its outcome is shown (a receipt, or
   * a refusal put on the fields): the page must then keep this form as it is, whatever it
   * learns meanwhile, or the outcome would vanish with it.
   */
  onEngagedChange?: (engaged: boolean) => void;
  /** Focus the first field as the form appears (it replaces a button that went away). */
  focusFirst?: boolean;
};

/** Choose an account and units, review, then submit once. */
export function InvestForm({
  offering,
  accounts,
  preflights = {},
  unchecked = [],
  onEngagedChange,
  focusFirst = false,
}: InvestFormProps) {
  const isUnchecked = (accountId: string) => unchecked.includes(accountId);
  // Only the account's own blocks belong to the account field; the page shows a closed
  // offering, and the units field its bounds.
  const blockOf = (accountId: string) => {
    const preflight = preflights[accountId];
    const block = preflight ? investmentBlock(preflight) : null;
    return block?.field === 'accountId' ? block.message : null;
  };
  const achOf = (accountId: string): AchStanding => {
    const available = preflights[accountId]?.achAvailable;
    return available === false ? 'none' : available === null ? 'unknown' : 'linked';
  };
  const paymentBlockOf = (accountId: string, method: InvestmentValues['paymentMethod']) =>
    paymentMethodBlock(preflights[accountId], method) ??
    (method === 'ach' && achOf(accountId) === 'unknown'
      ? achBankUnknownWords(preflights[accountId]).words
      : null);
  const blocks = accounts
    .map((account) => `${blockOf(account.id)} ${paymentBlockOf(account.id, 'ach')}`)
    .join('\n');
  const schema = useMemo(
    () => makeInvestmentFormSchema(offering, blockOf, paymentBlockOf),
    // `blocks` stands for the preflights' verdicts: a new schema only when one changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [offering, blocks],
  );
  const form = useZodForm(
    schema,
    {
      accountId: accounts.length === 1 && !isUnchecked(accounts[0].id) ? accounts[0].id : '',
      units: '',
      paymentMethod: 'ach',
    },
    focusFirst && 'accountId',
  );
  const units = useWatch({ control: form.control, name: 'units' });
  const accountId = useWatch({ control: form.control, name: 'accountId' });
  const paymentMethod = useWatch({ control: form.control, name: 'paymentMethod' });
  const chosenBlock = accountId ? blockOf(accountId) : null;
  const chosenUnchecked = accountId ? isUnchecked(accountId) : false;
  const ach = accountId ? achOf(accountId) : 'linked';
  const achBlocked = ach !== 'linked';
  const bankChecked = useFocusAfterBankCheck(offering.id, accountId, ach === 'unknown');
  const achBank = (accountId && preflights[accountId]?.achBank) || null;
  const bankUnknown = achBankUnknownWords(accountId ? preflights[accountId] : undefined);
  // An account that cannot pay by ACH starts on wire, as the disbursement form does; a method
  // the person chose stays, and its field says why it cannot be used.
  const methodPicked = useRef(false);
  const { setValue } = form;
  useEffect(() => {
    if (!achBlocked || methodPicked.current) return;
    setValue('paymentMethod', 'wire');
  }, [achBlocked, setValue]);
  const flow = useReviewAndSubmit({
    mutation: useCreateInvestment(offering.id),
    variables: (request: InvestmentValues & AdditionalTo, idempotencyKey) => ({
      offeringId: offering.id,
      request,
      idempotencyKey,
    }),
    onFieldErrors: (error) =>
      applyFieldErrors(error, form.setError, ['accountId', 'units', 'paymentMethod']),
  });
  // An earlier investment of this account in this offering that may have gone through (being
  // sent, or its outcome unknown) is named here, and a new one waits for the person to confirm
  // it is an additional one: "do not send it again" and a plain resend cannot both stand.
  const unsettled = useUnsettled({
    accountId: accountId ?? '',
    kind: 'investment',
    offeringId: offering.id,
    failure: flow.failure,
  });

  // The review replaces the form, so leaving it ("Edit", "Change the request") would drop focus
  // to the page body: it goes back to "Review investment", where the review began, as it does
  // when a review dialog closes. Not when a refused field has already taken it.
  const reviewButton = useRef<HTMLButtonElement>(null);
  const reviewing = flow.review !== null;
  const engaged =
    reviewing || flow.pending || flow.result !== null || flow.refusedOnFields !== null;
  useEffect(() => {
    onEngagedChange?.(engaged);
  }, [engaged, onEngagedChange]);
  const wasReviewing = useRef(false);
  useEffect(() => {
    if (reviewing) {
      wasReviewing.current = true;
      return;
    }
    if (!wasReviewing.current) return;
    wasReviewing.current = false;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) reviewButton.current?.focus();
  }, [reviewing]);

  if (flow.result) return <InvestmentResult receipt={flow.result} accounts={accounts} />;

  if (flow.review) {
    const request = flow.review;
    const account = accounts.find((a) => a.id === request.accountId);
    const reviewed = checkInvestment(offering, request.units);
    return (
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="invest-review-title"
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Typography
          component="h2"
          variant="h2"
          id="invest-review-title"
          tabIndex={-1}
          ref={focusOnMount}
          sx={{ outline: 'none' }}
        >
          Review your investment
        </Typography>
        {/* True only until the request is first sent: it then gives way to the outcome, which
            may be "not known" (as the review dialog of the other forms does). */}
        {!flow.pending && !flow.failure && (
          <Typography sx={{ mt: 1 }}>Nothing is submitted until you confirm.</Typography>
        )}
        <DescriptionList
          items={[
            ['Offering', offering.name],
            ['From account', account ? accountLabel(account) : request.accountId],
            ['Units', formatDecimal(request.units)],
            ['Unit price', formatMoney(offering.unitPrice, { precision: 'price' })],
            ['Amount', reviewed.ok ? formatMoney(reviewed.value.amount) : '—'],
            ['Payment', paymentMethodLabels[request.paymentMethod]],
            ...(request.additionalTo
              ? [sentAsRow('investment', request.additionalTo, unsettled.sameRecently)]
              : []),
          ]}
        />
        <SubmitOutcome
          flow={flow}
          progressLabel="Submitting the investment"
          // The offering's page shows nobody's purchases; the register lists the request on
          // the account it was made from, under our reference, whatever became of it.
          {...accountRequestPlaces(request.accountId)}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
          {/* After an unknown outcome "Close", not "Edit": the form then names the request and
              asks before another is sent. */}
          <ReviewActions flow={flow} backLabel="Edit" confirmLabel="Confirm investment" />
        </Box>
      </Paper>
    );
  }

  const quote = units ? checkInvestment(offering, units) : null;
  const refused = flow.refusedOnFields;
  return (
    <Form
      form={form}
      onValid={unsettled.reviewWith(flow.begin)}
      sx={{ display: 'grid', gap: 2.5, maxWidth: 560 }}
    >
      {refused && (
        // The outcome of the confirm, kept while the form is back: its messages are on the
        // fields, and this says that nothing was sent and under which reference it is listed.
        <Alert severity="error" role="alert">
          <AlertTitle>
            {refused.submitted === 'no'
              ? 'Not submitted'
              : 'We do not know whether this was submitted'}
          </AlertTitle>
          {errorMessage(refused)} See the field marked below.
          {refused.reference && !errorMessage(refused).includes(refused.reference) && (
            <>
              {' '}
              Our reference: <span translate="no">{refused.reference}</span>.
            </>
          )}
        </Alert>
      )}
      <FormNativeSelect
        name="accountId"
        control={form.control}
        label="Invest from account"
        placeholder="Choose an account"
        options={accounts.map((account) => ({
          value: account.id,
          label: blockOf(account.id)
            ? `${accountLabel(account)}: cannot invest`
            : isUnchecked(account.id)
              ? `${accountLabel(account)}: could not be checked`
              : accountLabel(account),
        }))}
        // Told as soon as it is chosen; Review refuses it with the same words.
        helperText={
          chosenBlock ??
          (chosenUnchecked
            ? 'The checks for this account could not be loaded, so it is not known whether it can invest. The platform checks it again when you confirm, and nothing is sent if it cannot.'
            : undefined)
        }
        required
      />
      <FormTextField
        name="units"
        control={form.control}
        label="Units"
        inputMode="numeric"
        autoComplete="off"
        helperText={describeInvestmentBounds(offering)}
        required
      />
      <Typography aria-live="polite" data-testid="invest-amount">
        {/* Worked out as the units are typed. Units that break a rule point to the field,
            whose own message names the rule (the same sentence twice would be noise). */}
        {!quote
          ? 'Amount: enter a number of units'
          : quote.ok
            ? `Amount: ${formatMoney(quote.value.amount)} (${formatDecimal(quote.value.units)} × ${formatMoney(offering.unitPrice, { precision: 'price' })})`
            : 'Amount: none yet, see Units for what they need'}
      </Typography>
      <FormNativeSelect
        name="paymentMethod"
        control={form.control}
        label="Payment method"
        options={paymentOptions(ach)}
        onPick={() => (methodPicked.current = true)}
        helperText={
          ach === 'unknown' ? (
            bankUnknown.lasting ? (
              bankUnknown.words
            ) : (
              <>
                {bankUnknown.words}{' '}
                <BusyRetryButton
                  busy={bankChecked.checking}
                  busyLabel="Checking…"
                  onRetry={bankChecked.retry}
                />
              </>
            )
          ) : achBlocked ? (
            <>
              ACH is not available: no bank account is linked to this account, and ACH is paid from
              a linked one. Pay by wire or check, or link a bank account on the{' '}
              <Link component={RouterLink} to={paths.app.accountMoney.getHref(accountId)}>
                Money and timeline
              </Link>{' '}
              page first.
            </>
          ) : paymentMethod === 'ach' && achBank ? (
            `Paid from ${achBank}, the bank account linked to this account.`
          ) : undefined
        }
        required
      />
      <UnsettledRequests unsettled={unsettled} />
      <ReviewButton buttonRef={reviewButton}>Review investment</ReviewButton>
    </Form>
  );
}

/**
 * Try again on a linked bank that could not be read: the account's checks are read again (the
 * BFF reads the bank with them). When they answer and the notice goes, focus would drop to the
 * page's top with the button: it moves to the payment method, where ACH is now offered or not.
 */
function useFocusAfterBankCheck(offeringId: string, accountId: string, unknown: boolean) {
  const queryClient = useQueryClient();
  const queryKey = moneyKeys.preflight(offeringId, accountId);
  const checking = useIsFetching({ queryKey }) > 0;
  const pressed = useRef(false);
  useEffect(() => {
    if (unknown || checking || !pressed.current) return;
    pressed.current = false;
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    document.querySelector<HTMLSelectElement>('select[name="paymentMethod"]')?.focus();
  }, [unknown, checking]);
  return {
    checking,
    retry: () => {
      pressed.current = true;
      void queryClient.refetchQueries({ queryKey, exact: true });
    },
  };
}

/**
 * What to do to pay, by method. Only what the platform tells us: an ACH payment comes from the
 * linked bank (§4.5; real-world notes §4.1). createTrade is only named (§4.16), its answer
 * carries no payment instructions (real-world notes §4.1), and the platform sends the portal no
 * events (§6): wire and check instructions come from the issuer or the platform, and the portal
 * can neither show them nor tell when they are sent.
 */
function nextSteps(receipt: InvestmentReceipt): string {
  const approval = 'The trade is then approved by a registered representative and a principal.';
  switch (receipt.paymentMethod) {
    case 'ach':
      return `Payment is by ACH from ${receipt.achBank ? `${receipt.achBank}, the bank account linked to this account` : 'the bank account linked to this account'}: keep ${formatMoney(receipt.amount)} available there. ${approval}`;
    case 'wire':
    case 'check': {
      const payment = receipt.paymentMethod === 'wire' ? 'wire' : 'check';
      return `Send the ${payment} for ${formatMoney(receipt.amount)} by the instructions that the issuer of ${receipt.offeringName}, or the platform on its behalf, sends you. This portal is not given ${payment} instructions and is not told when they are sent: if none have reached you, contact support and quote ${quoted(receipt)}. ${approval}`;
    }
    default:
      return approval;
  }
}

/** The trade id, and our reference when there is one: what a payment and a question quote. */
const quoted = (receipt: InvestmentReceipt) =>
  receipt.reference
    ? `trade ID ${receipt.tradeId} and our reference ${receipt.reference}`
    : `trade ID ${receipt.tradeId}`;

/** Where a wire or a check carries what matches it to the trade. */
const payWith = {
  wire: "in the wire's reference (memo) field",
  check: "on the check's memo line",
} as const;

export function InvestmentResult({
  receipt,
  accounts = [],
}: {
  receipt: InvestmentReceipt;
  /** The person's accounts: the one invested from is named as the review named it. */
  accounts?: readonly AccountSummary[];
}) {
  const account = accounts.find((a) => a.id === receipt.accountId);
  const method = receipt.paymentMethod;
  return (
    <SubmittedResult
      title="Investment submitted"
      items={[
        ...receiptIdRows('Trade ID', receipt.tradeId, receipt.reference),
        // The words My investments uses for the same status.
        ['Status', tradeStatusInWords(receipt.status)],
        ['Offering', receipt.offeringName],
        [
          'Account',
          account ? accountLabel(account) : <Code key="account" value={receipt.accountId} />,
        ],
        ['Units', formatDecimal(receipt.units)],
        ['Amount', formatMoney(receipt.amount)],
        // The amount is the platform's; when it is not the one reviewed, the person is told so
        // before paying it.
        receipt.quotedAmount && [
          'Priced by the platform',
          `The platform priced this trade at ${formatMoney(receipt.amount)}, not the ${formatMoney(receipt.quotedAmount)} shown before sending. ${formatMoney(receipt.amount)} is the amount of the trade.`,
        ],
        ['Payment', paymentMethodLabels[receipt.paymentMethod]],
        receipt.paymentMethod === 'ach' && receipt.achBank && ['Paid from', receipt.achBank],
        receipt.createdAt && ['Submitted', formatTimestamp(receipt.createdAt)],
        ['Next step', nextSteps(receipt)],
        (method === 'wire' || method === 'check') && [
          'Quote on the payment',
          `Put ${quoted(receipt)} ${payWith[method]}, so the payment is matched to this trade.`,
        ],
        [
          'Where to follow it',
          "The trade's status, and how to pay it until it is paid, are on My investments and on the account's timeline (links below).",
        ],
      ]}
      links={[
        { to: paths.app.holdings.getHref(), label: 'My investments' },
        accountTimelineLink(receipt.accountId),
        { to: paths.app.offering.getHref(receipt.offeringId), label: 'Back to the offering' },
        { to: paths.app.account.getHref(receipt.accountId), label: 'View the account' },
      ]}
    />
  );
}
