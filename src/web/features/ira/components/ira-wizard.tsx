import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import {
  useForm,
  useWatch,
  type Control,
  type FieldPath,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import {
  contributionMethodLabels,
  investmentManagerLabels,
  iraSupplementSchema,
  makeFundingStepSchema,
  managementStepSchema,
  mailingAddressStepSchema,
  maritalStatusLabels,
  proxyVotingLabels,
  stateAsRecorded,
  type IraSupplement,
  type IraSupplementReceipt,
} from '../../../../contract/ira';
import type { AccountView } from '../../../../contract/account-views';
import {
  custodyAccountInTheWay,
  type CustodyAccountResult,
} from '../../../../contract/custody-views';
import { maskLast4 } from '../../../../contract/rules/bank';
import {
  checkCountryCode,
  countryName,
  countryOptions,
  isCountryCode,
} from '../../../../contract/rules/identity';
import { Code, DescriptionList } from '../../../components/description-list';
import { LoadingSkeleton } from '../../../components/query-state';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { AskBeforeDroppingEdits } from '../../../components/form/ask-before-dropping-edits';
import { FormField, type FieldSpec } from '../../../components/form/form-field';
import { FormNativeSelect } from '../../../components/form/form-native-select';
import { optionsFromLabels } from '../../../components/form/options-from-labels';
import { FormRadioGroup } from '../../../components/form/form-radio-group';
import { FormTextField } from '../../../components/form/form-text-field';
import { Form } from '../../../components/form/form';
import {
  completesDoubleClick,
  ReviewActions,
  SubmitOutcome,
  useReviewAndSubmit,
} from '../../../components/form/review-and-submit';
import {
  backToAccountLinks,
  ourReferenceRow,
  SubmittedResult,
} from '../../../components/form/submitted-result';
import { AccountRequestsLink, CheckPageOrSupport } from '../../../components/form/submission-error';
import { paths } from '../../../config/paths';
import { focusOnMount } from '../../../lib/focus';
import { errorMessage } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/format';
import { useCreateIraSupplement } from '../api/create-ira-supplement';
import { standingIraRequest, useIraRequests } from '../api/get-ira-requests';
import { inPlaceOfTheForm } from './in-place-of-the-form';
import { IraAlreadyOpen } from './ira-already-open';
import { WaitingIraRequest } from './waiting-ira-request';

type Values = z.input<typeof iraSupplementSchema>;

/** The fields of one step, shown while it is the active one; the form keeps every step's values. */
function StepFields({
  step,
  active,
  children,
}: {
  step: number;
  active: number;
  children: ReactNode;
}) {
  return step === active ? <Box sx={{ display: 'grid', gap: 2.5 }}>{children}</Box> : null;
}

const countries = countryOptions().map(({ code, name }) => ({ value: code, label: name }));

type WizardStep = {
  title: string;
  /** The step's questions, when a table can ask them; Funding's depend on its answers. */
  questions?: FieldSpec<Values>[];
  /** Every field of the step: a refused field takes the person back to its step. */
  fields: FieldPath<Values>[];
};

const asking = (title: string, questions: FieldSpec<Values>[]): WizardStep => ({
  title,
  questions,
  fields: questions.map((question) => question.name),
});

const steps: WizardStep[] = [
  asking('Marital status and mailing address', [
    {
      name: 'mailing.maritalStatus',
      label: 'Marital status',
      options: optionsFromLabels(maritalStatusLabels),
      radio: true,
      required: true,
    },
    {
      name: 'mailing.line1',
      label: 'Address line 1',
      autoComplete: 'address-line1',
      required: true,
    },
    { name: 'mailing.line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
    { name: 'mailing.city', label: 'City', autoComplete: 'address-level2', required: true },
    {
      name: 'mailing.state',
      label: 'State or region',
      autoComplete: 'address-level1',
      helperText: 'Two-letter code for U.S. addresses, such as CO',
      required: true,
    },
    {
      name: 'mailing.zipCode',
      label: 'ZIP or postal code',
      autoComplete: 'postal-code',
      required: true,
    },
    {
      name: 'mailing.country',
      label: 'Country',
      options: countries,
      placeholder: 'Choose a country',
      required: true,
    },
  ]),
  asking('Investment manager and proxy voting', [
    {
      name: 'management.investmentManager',
      label: 'Investment manager (optional)',
      options: optionsFromLabels(investmentManagerLabels),
      radio: true,
    },
    {
      name: 'management.proxyVoting',
      label: 'Proxy voting (optional)',
      options: optionsFromLabels(proxyVotingLabels),
      radio: true,
    },
    { name: 'management.otherServices', label: 'Other services (optional)', multiline: true },
  ]),
  {
    title: 'Funding',
    fields: [
      'funding.contributionMethod',
      'funding.contributionTaxYear',
      'funding.currentHolding.firmName',
      'funding.currentHolding.country',
      'funding.currentHolding.accountName',
      'funding.currentHolding.accountNumber',
      'funding.secondHolding.firmName',
      'funding.secondHolding.country',
      'funding.secondHolding.accountName',
      'funding.secondHolding.accountNumber',
      'funding.internationalAccountNumber',
    ],
  },
  { title: 'Review', fields: [] },
];

const allFields = steps.flatMap((step) => step.fields);

/**
 * The custodial (IRA) account request (§4.7) in four steps. Answers live only in the form's
 * memory: nothing goes to localStorage, sessionStorage or the URL, bank numbers least of all.
 */
/** The account's own address, offered as the mailing address (the person may change it). */
type IraPrefill = AccountView['address'];

const emptyHolding = { firmName: '', country: '', accountName: '', accountNumber: '' };

/** The parts of the mailing address the account's address fills in (the country has a default). */
const typedAddressParts = ['line1', 'line2', 'city', 'state', 'zipCode'] as const;

/** The account's address on one line ("12 Main St, Denver, CO, 80202, US"); '' when it has none. */
const addressInWords = (address: IraPrefill) =>
  [address.line1, address.line2, address.city, address.state, address.zip, address.country]
    .filter((part) => part && part.trim() !== '')
    .join(', ');

/** The mailing address as the account's address gives it, over what the fields held. */
function fillMailing(form: UseFormReturn<Values, unknown, IraSupplement>, from: IraPrefill) {
  form.setValue('mailing.line1', from.line1 ?? '');
  form.setValue('mailing.line2', from.line2 ?? '');
  form.setValue('mailing.city', from.city ?? '');
  form.setValue('mailing.state', from.state ?? '');
  form.setValue('mailing.zipCode', from.zip ?? '');
  form.setValue('mailing.country', prefillCountry(from.country));
}

const isBodyFocused = () =>
  document.activeElement === document.body || document.activeElement === null;

/** The account's custody account as its read stands (react-query's own fields). */
export interface CustodyRead {
  data?: CustodyAccountResult;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export function IraWizard({
  accountId,
  address,
  addressAsked = false,
  custody,
  custodyHref,
}: {
  accountId: string;
  address?: IraPrefill;
  /**
   * The account's custody account (§4.15): one already there is shown instead of the form (§4.7).
   * Unreadable, the form is offered: the BFF checks again before anything is sent.
   */
  custody: CustodyRead;
  /** Where the account's custody account is shown. */
  custodyHref: string;
  /**
   * The person pressed Try again on the account's address: once it is read, focus goes to what
   * it did (the mailing address filled in, or the notice that says why it was not), since the
   * notice and its button go and focus would drop to the page's top.
   */
  addressAsked?: boolean;
}) {
  const [active, setActive] = useState(0);
  // Each step validates only its own answers; the review validates the whole request.
  const activeRef = useRef(0);
  const resolver = useMemo(() => {
    const bySteps = [
      zodResolver(z.object({ mailing: mailingAddressStepSchema })),
      zodResolver(z.object({ management: managementStepSchema })),
      zodResolver(z.object({ funding: makeFundingStepSchema() })),
      zodResolver(iraSupplementSchema),
    ] as unknown as Resolver<Values, unknown, IraSupplement>[];
    const stepResolver: Resolver<Values, unknown, IraSupplement> = (values, context, options) =>
      bySteps[activeRef.current](values, context, options);
    return stepResolver;
  }, []);
  const form = useForm<Values, unknown, IraSupplement>({
    resolver,
    defaultValues: {
      mailing: {
        line1: address?.line1 ?? '',
        line2: address?.line2 ?? '',
        city: address?.city ?? '',
        state: address?.state ?? '',
        zipCode: address?.zip ?? '',
        country: prefillCountry(address?.country),
      },
      management: { otherServices: '' },
      funding: {
        contributionTaxYear: '',
        internationalAccountNumber: '',
        currentHolding: emptyHolding,
        secondHolding: emptyHolding,
      },
    },
    // Checked when Continue is pressed, then as the person corrects (reValidateMode onChange).
    mode: 'onSubmit',
    shouldUnregister: false,
  });
  const flow = useReviewAndSubmit({
    mutation: useCreateIraSupplement(),
    variables: (request: IraSupplement, idempotencyKey) => ({ accountId, request, idempotencyKey }),
    onFieldErrors: (error) => {
      const step = steps.findIndex((s) =>
        s.fields.some((f) => error.fields.some((i) => i.field === f)),
      );
      if (step >= 0) goTo(step);
      applyFieldErrors(error, form.setError, allFields);
    },
  });
  // The account's address read after the wizard opened (its first read failed, then was tried
  // again) fills in a mailing address the person has not started typing. Once they have typed
  // any of it, what they typed is kept whole (parts of two addresses mixed would be neither),
  // and a notice says so, with the account's address and a way to use it instead.
  const [addressSeen, setAddressSeen] = useState(address !== undefined);
  const [late, setLate] = useState<{ address: IraPrefill; kept: boolean } | null>(null);
  if (address && !addressSeen) {
    setAddressSeen(true);
    const mailing = form.getValues('mailing');
    const typed = typedAddressParts.some((name) => (mailing[name] ?? '').trim() !== '');
    setLate({ address, kept: typed || addressInWords(address) === '' });
  }
  const filled = useRef<IraPrefill | null>(null);
  useEffect(() => {
    if (!late || late.kept || filled.current === late.address) return;
    filled.current = late.address;
    fillMailing(form, late.address);
    if (addressAsked && isBodyFocused())
      document.querySelector<HTMLInputElement>('input[name="mailing.line1"]')?.focus();
  }, [late, addressAsked, form]);
  const lateAddress = late?.kept ? late.address : null;
  // An IRA request of this account that still stands: the wizard then shows it, not the form.
  const requests = useIraRequests(accountId);
  // Its custody account, already there (§4.7, §4.15): likewise shown instead of the form.
  const inTheWay = custodyAccountInTheWay(custody.data);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const method = useWatch({ control: form.control, name: 'funding.contributionMethod' });

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [active]);

  // The answers live only in this page's memory (nothing is stored, bank numbers least of all):
  // leaving the page once the person has answered anything asks first (a link or Back within
  // the portal, or reloading or closing the tab) rather than losing the answers without a word.
  // While the request is on its way SubmitOutcome asks instead; once it is answered, or while
  // it may have been sent, there is no unsent request to lose.
  const answered = form.formState.isDirty || active > 0;
  // A request of the account that stands replaces the form (below): nothing is left to lose.
  const standing = standingIraRequest(requests.data);
  const unsent = !flow.pending && !flow.result && !flow.outcomeUnknown && !standing && !inTheWay;

  const goTo = (step: number) => {
    activeRef.current = step;
    setActive(step);
  };

  const review = steps.length - 1;
  const next = () => {
    if (active + 1 < review) return goTo(active + 1);
    // The review shows the whole request as it will be sent: every step's answers through the
    // full schema. An answer changed on an earlier step since it was checked sends the person
    // back to that step with its messages.
    const request = iraSupplementSchema.safeParse(form.getValues());
    if (request.success) {
      flow.begin(request.data);
      return goTo(review);
    }
    const path = request.error.issues[0]?.path.join('.') ?? '';
    const step = Math.max(
      0,
      steps.findIndex((s) => s.fields.some((f) => f === path || f.startsWith(`${path}.`))),
    );
    goTo(step);
    void form.trigger();
  };

  if (flow.result) return <IraResult receipt={flow.result} />;

  if (requests.isPending || custody.isPending) {
    return (
      // The status beside the busy skeleton, not in it (as QueryState's first read).
      <Box sx={{ maxWidth: 720 }}>
        <Typography className="visually-hidden" component="p" role="status">
          Checking for an IRA request or a custody account this account already has
        </Typography>
        <Box aria-busy="true">
          <LoadingSkeleton lines={4} />
        </Box>
      </Box>
    );
  }
  // The request this visit is sending, or sent without learning its outcome, stands in the
  // register too (the list is read again once it settles), but it is not an earlier one in the
  // way: the form keeps telling its own outcome (not known whether it reached the platform, our
  // reference, not to send it again, where to watch it). The panel is for a later visit, or for a
  // second attempt refused because one stands.
  const sentHere = flow.pending || flow.outcomeUnknown;
  // In place of the form the person was using (Continue after a lost answer, or an attempt
  // refused), the panel's heading takes the focus, which would drop to the page's top; on
  // arrival the page's own heading comes first.
  const wasUsingForm = active > 0 || form.formState.submitCount > 0;
  // What stands in place of the form, in the order inPlaceOfTheForm gives (the page's description
  // names the same): an approved custody account, the account's request that stands, a custody
  // account being opened.
  const inPlace = sentHere ? null : inPlaceOfTheForm(inTheWay, standing);
  if (inPlace?.kind === 'request') {
    return (
      <WaitingIraRequest accountId={accountId} request={inPlace.request} takeFocus={wasUsingForm} />
    );
  }
  if (inPlace) {
    return (
      <IraAlreadyOpen
        accountId={accountId}
        state={inPlace.state}
        custodyAccount={inPlace.custodyAccount}
        custodyHref={custodyHref}
        takeFocus={wasUsingForm}
      />
    );
  }

  const needsHolding =
    method === 'transfer' || method === 'rollover' || method === 'roth_conversion';

  return (
    <Form form={form} onValid={active === review ? flow.submit : next}>
      <AskBeforeDroppingEdits dirty={answered && unsent} what="the IRA request" then="send" />
      {lateAddress && (
        <LateAddressNotice
          address={lateAddress}
          takeFocus={addressAsked}
          onUse={() => {
            fillMailing(form, lateAddress);
            setLate(null);
            // On the mailing address's step its first line takes the focus from the button that
            // went; on another, that step opens, and its heading takes it.
            if (active === 0)
              document.querySelector<HTMLInputElement>('input[name="mailing.line1"]')?.focus();
            else goTo(0);
          }}
          onDismiss={() => setLate(null)}
        />
      )}
      {(requests.isError || custody.isError) && (
        // The BFF checks both again before anything is sent: the person may go on.
        <Alert
          severity="warning"
          sx={{ mb: 2, maxWidth: 720 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                if (requests.isError) void requests.refetch();
                if (custody.isError) void custody.refetch();
              }}
            >
              Check again
            </Button>
          }
        >
          {uncheckedWords(requests.isError, custody.isError)}
        </Alert>
      )}
      <Stepper
        activeStep={active}
        alternativeLabel
        sx={{ mb: 3, display: { xs: 'none', sm: 'flex' } }}
      >
        {steps.map((step) => (
          <Step key={step.title}>
            <StepLabel>{step.title}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {flow.outcomeUnknown && active !== review && (
        // Back from a request whose answer was lost: the steps keep telling that it may have
        // been submitted (our reference, not to send it again), as the review did.
        <Alert severity="warning" sx={{ mb: 2, maxWidth: 720 }}>
          <AlertTitle>We do not know whether your IRA request was submitted</AlertTitle>
          {errorMessage(flow.failure)} Its outcome appears on{' '}
          <AccountRequestsLink accountId={accountId} />.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
        <Typography variant="body2" color="textSecondary">
          Step {active + 1} of {steps.length}
        </Typography>
        <Typography
          component="h2"
          variant="h2"
          ref={heading}
          tabIndex={-1}
          sx={{ outline: 'none', mb: 2 }}
        >
          {steps[active].title}
        </Typography>

        {steps.map(
          ({ title, questions }, step) =>
            questions && (
              <StepFields key={title} step={step} active={active}>
                {questions.map((field) => (
                  <FormField key={field.name} field={field} control={form.control} />
                ))}
              </StepFields>
            ),
        )}

        <StepFields step={2} active={active}>
          <FormRadioGroup
            name="funding.contributionMethod"
            control={form.control}
            label="How the IRA is funded (optional)"
            options={optionsFromLabels(contributionMethodLabels)}
          />
          {method === 'regular_contribution' && (
            <FormTextField
              name="funding.contributionTaxYear"
              control={form.control}
              label="Tax year"
              inputMode="numeric"
              helperText="The year the contribution counts for: this year, or last year until its filing deadline (April 15)"
              required
              fullWidth
            />
          )}
          <Typography component="h3" variant="h3" sx={{ fontSize: '1.1rem', mt: 1 }}>
            Where the assets are held now{needsHolding ? '' : ' (optional)'}
          </Typography>
          <HoldingFields
            control={form.control}
            holding="currentHolding"
            required={needsHolding}
            labels={{
              firmName: 'Firm name',
              accountName: 'Account name (optional)',
              accountNumber: 'Account number at that firm',
              country: 'Country of the firm (optional)',
            }}
          />
          <Typography component="h3" variant="h3" sx={{ fontSize: '1.1rem', mt: 1 }}>
            A second holding (optional)
          </Typography>
          <HoldingFields
            control={form.control}
            holding="secondHolding"
            labels={{
              firmName: 'Second firm name',
              accountName: 'Second account name (optional)',
              accountNumber: 'Account number at the second firm',
              country: 'Country of the second firm (optional)',
            }}
          />
          <FormTextField
            name="funding.internationalAccountNumber"
            control={form.control}
            label="International account number (optional)"
            autoComplete="off"
            helperText="For an international account, such as an IBAN"
            fullWidth
          />
        </StepFields>

        {active === review && flow.review && (
          <>
            <IraReview
              values={flow.review}
              // On its way, or its answer lost, "nothing is sent until you submit" is no longer
              // true: what is below says what became of it.
              sent={flow.pending || flow.outcomeUnknown}
            />
            <SubmitOutcome
              flow={flow}
              progressLabel="Sending the request"
              whereToCheck={
                <CheckPageOrSupport
                  to={paths.app.account.getHref(accountId)}
                  page="custody account status"
                />
              }
              // The register lists the request on the account's requests, whatever became of it.
              whereToWatch={<AccountRequestsLink accountId={accountId} />}
            />
          </>
        )}

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
          {active === review ? (
            <ReviewActions
              flow={flow}
              backLabel="Back"
              // After an unknown outcome too: a step back, where a second request is refused
              // while this one stands (the BFF's one-standing-request rule, §4.7).
              outcomeUnknownBackLabel="Back"
              confirmLabel="Submit IRA request"
              onBack={() => {
                flow.back();
                goTo(review - 1);
              }}
            />
          ) : (
            <>
              {active > 0 && (
                // Back lies where Continue was on the first step: a double click on Continue
                // goes one step on, not there and back.
                <Button
                  onClick={(event) => {
                    if (!completesDoubleClick(event)) goTo(active - 1);
                  }}
                >
                  Back
                </Button>
              )}
              <Button type="submit" variant="contained">
                Continue
              </Button>
            </>
          )}
        </Box>
      </Paper>
    </Form>
  );
}

/** What could not be checked before the form, and that the request is refused if it should be. */
function uncheckedWords(requestsFailed: boolean, custodyFailed: boolean): string {
  if (!custodyFailed) {
    return 'Whether an IRA request was already made for this account could not be checked. You can go on: if one is waiting, this one is refused and nothing is sent.';
  }
  if (!requestsFailed) {
    return 'Whether this account already has its custody account could not be checked. You can go on: if it has one, this request is refused and nothing is sent.';
  }
  return 'Whether an IRA request was already made for this account, or whether it already has its custody account, could not be checked. You can go on: if so, this request is refused and nothing is sent.';
}

/** Where assets are held now: the same four answers for the first and the second holding. */
function HoldingFields({
  control,
  holding,
  required,
  labels,
}: {
  control: Control<Values, unknown, IraSupplement>;
  holding: 'currentHolding' | 'secondHolding';
  required?: boolean;
  labels: Record<'firmName' | 'accountName' | 'accountNumber' | 'country', string>;
}) {
  // The firm and the account number are what a transfer needs; the rest is optional.
  const needed = { firmName: required, accountNumber: required, accountName: false };
  return (
    <>
      {(['firmName', 'accountName', 'accountNumber'] as const).map((part) => (
        <FormTextField
          key={part}
          name={`funding.${holding}.${part}`}
          control={control}
          label={labels[part]}
          autoComplete={part === 'accountNumber' ? 'off' : undefined}
          required={needed[part]}
          fullWidth
        />
      ))}
      <FormNativeSelect
        name={`funding.${holding}.country`}
        control={control}
        label={labels.country}
        placeholder="Not given"
        options={countries}
      />
    </>
  );
}

const label = <T extends string>(labels: Record<T, string>, value: string | null | undefined) =>
  value && value in labels ? labels[value as T] : 'Not chosen';

const countryLabel = (code: string) => {
  const upper = code.trim().toUpperCase();
  return isCountryCode(upper) ? countryName(upper) : code;
};

/**
 * The account's address, read after the person had begun typing the mailing address (or read with
 * nothing in it): what they typed is kept, and they may use the account's address instead.
 */
function LateAddressNotice({
  address,
  takeFocus,
  onUse,
  onDismiss,
}: {
  address: IraPrefill;
  /** Try again was pressed: its button went, so the notice takes the focus. */
  takeFocus: boolean;
  onUse: () => void;
  onDismiss: () => void;
}) {
  const words = addressInWords(address);
  return (
    <Alert
      severity="info"
      role="status"
      tabIndex={-1}
      ref={takeFocus ? focusOnMount : undefined}
      sx={{ mb: 2, maxWidth: 720, outline: 'none' }}
      onClose={onDismiss}
      closeText="Dismiss this note"
      action={
        words ? (
          <Button color="inherit" size="small" onClick={onUse}>
            Use my account&apos;s address
          </Button>
        ) : undefined
      }
    >
      {words ? (
        <>
          Your account&apos;s address has now been read: <span translate="no">{words}</span>. The
          mailing address you had begun to type is kept as you typed it and was not filled in.
        </>
      ) : (
        <>
          Your account&apos;s address has now been read, and it holds no address, so there is
          nothing to fill in: type the mailing address.
        </>
      )}
    </Alert>
  );
}

/** The account's country as a code the picker knows (accounts say US, USA or a name). */
function prefillCountry(country: string | null | undefined): string {
  if (!country) return 'US';
  const check = checkCountryCode(country);
  return check.ok ? check.value : '';
}

function IraReview({ values, sent }: { values: IraSupplement; sent: boolean }) {
  const { mailing, management, funding } = values;
  const holding = funding.currentHolding;
  const second = funding.secondHolding;
  const address = [
    mailing.line1,
    mailing.line2,
    `${mailing.city}, ${stateAsRecorded(mailing)} ${mailing.zipCode}`,
    countryLabel(mailing.country),
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <>
      <Typography>
        {sent
          ? 'Your answers, as they were sent.'
          : 'Check your answers. Nothing is sent until you submit.'}
      </Typography>
      <DescriptionList
        items={[
          ['Marital status', label(maritalStatusLabels, mailing.maritalStatus)],
          [
            'Mailing address',
            <span key="address" style={{ whiteSpace: 'pre-line' }}>
              {address}
            </span>,
          ],
          ['Investment manager', label(investmentManagerLabels, management.investmentManager)],
          ['Proxy voting', label(proxyVotingLabels, management.proxyVoting)],
          ['Other services', management.otherServices || 'None'],
          ['Funding', label(contributionMethodLabels, funding.contributionMethod)],
          ...(funding.contributionMethod === 'regular_contribution'
            ? ([['Tax year', funding.contributionTaxYear ?? '']] as [string, string][])
            : []),
          ['Assets held at', holding.firmName || 'Not given'],
          [
            'Account number there',
            holding.accountNumber ? maskLast4(holding.accountNumber) : 'Not given',
          ],
          ...(second?.firmName || second?.accountNumber
            ? ([
                ['Second holding at', second.firmName || 'Not given'],
                [
                  'Account number there',
                  second.accountNumber ? maskLast4(second.accountNumber) : 'Not given',
                ],
              ] as [string, string][])
            : []),
          ...(funding.internationalAccountNumber
            ? ([
                [
                  'International account number',
                  maskLast4(funding.internationalAccountNumber.replace(/\s+/g, '')),
                ],
              ] as [string, string][])
            : []),
        ]}
      />
    </>
  );
}

/** An address as the platform recorded it, a line each; "Not recorded" when it holds none. */
function recordedAddressLines(address: IraSupplementReceipt['mailingAddress']): string {
  const place = [[address.city, address.state].filter(Boolean).join(', '), address.zipCode]
    .filter(Boolean)
    .join(' ');
  const lines = [
    address.line1,
    address.line2,
    place,
    address.country && countryLabel(address.country),
  ]
    .filter(Boolean)
    .join('\n');
  return lines || 'Not recorded';
}

function IraResult({ receipt }: { receipt: IraSupplementReceipt }) {
  return (
    <SubmittedResult
      title="IRA request submitted"
      items={[
        ourReferenceRow(receipt.reference),
        ['Submitted', formatTimestamp(receipt.submittedAt)],
        ['Marital status', label(maritalStatusLabels, receipt.maritalStatus)],
        // Where the custodian writes, as the platform recorded it (§2.11): the review showed it.
        [
          'Mailing address',
          <span key="address" style={{ whiteSpace: 'pre-line' }}>
            {recordedAddressLines(receipt.mailingAddress)}
          </span>,
        ],
        ['Investment manager', label(investmentManagerLabels, receipt.investmentManager)],
        ['Proxy voting', label(proxyVotingLabels, receipt.proxyVoting)],
        ['Funding', label(contributionMethodLabels, receipt.contributionMethod)],
        receipt.contributionTaxYear && ['Tax year', receipt.contributionTaxYear],
        receipt.internationalAccountNumberMasked && [
          'International account number',
          receipt.internationalAccountNumberMasked,
        ],
        ...receipt.holdings.map((h, i): [string, string] => [
          `Holding ${i + 1}`,
          [h.firmName, h.accountNumberMasked].filter(Boolean).join(', ') || 'Not given',
        ]),
      ]}
      links={backToAccountLinks(receipt.accountId)}
    >
      <Typography>
        The custodial account request for account <Code value={receipt.accountId} /> was received.
        It is reviewed before the custody account opens. Quote our reference below if you contact
        support about it.
      </Typography>
    </SubmittedResult>
  );
}
