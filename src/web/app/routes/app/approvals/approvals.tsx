import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import DialogContentText from '@mui/material/DialogContentText';
import { useId, useRef, useState, type ReactNode } from 'react';
import {
  approvalFilterShape,
  approvalRejectSchema,
  approvalStateLabels,
  type Approval,
  type ApprovalSection as Section,
} from '../../../../../contract/identity';
import { movedTwiceWords } from '../../../../../contract/money-requests';
import { applyFieldErrors } from '../../../../components/form/apply-field-errors';
import { useZodForm } from '../../../../components/form/form';
import { FormDialog } from '../../../../components/form/form-dialog';
import { ReasonField } from '../../../../components/form/reason-field';
import { beingSentSentence, useStillBeingSent } from '../../../../lib/being-sent';
import { Code } from '../../../../components/description-list';
import { DismissibleNote } from '../../../../components/dismissible-note';
import { APP_NAME } from '../../../../components/document-title';
import { ErrorAlert } from '../../../../components/error-alert';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { RefusedFiltersState } from '../../../../components/refused-filters-state';
import { paths } from '../../../../config/paths';
import { HELD_DISBURSEMENTS } from '../../../navigation';
import { errorMessage, isApiClientError } from '../../../../lib/api-client';
import { useSession } from '../../../../features/auth/api/get-session';
import { WireDestination } from '../../../../features/custody/components/wire-destination';
import {
  APPROVALS_PAGE,
  approvalFilterNames,
  approvalsViewFrom,
  refusedApprovalFilters,
  approvalsQueryOptions,
  useApprovals,
  useDecideApproval,
  type ApprovalFilters,
} from '../../../../features/identity/api/approvals';
import { FilterBar } from '../../../../components/filter-bar';
import { RuleFilterField } from '../../../../components/rule-filter-field';
import { PageNav } from '../../../../components/page-nav';
import { formatCount, formatInstant, formatMoney } from '../../../../lib/format';
import { compare, parseDecimal } from '../../../../../contract/decimal';
import { refusedFiltersWords } from '../../../../lib/refused-filters';
import { filterUpdates, useSearchUpdate } from '../../../../lib/use-search-update';
import { guardedPrefetchLoader, REVIEWERS } from '../../../session-guard';
import { isReviewer } from '../../../../../contract/session';

export const clientLoader = guardedPrefetchLoader(
  ['investor', ...REVIEWERS],
  (queryClient, { search }) => {
    void queryClient.prefetchQuery(approvalsQueryOptions(approvalsViewFrom(search)));
  },
);

/** How the money would leave: the approver decides on the method as well as the amount. */
/**
 * Why an approval may have been sent, under the title's one instruction: the portal's own words
 * when it answered, and when the answer was lost on the way, that alone, without the browser's
 * "check before trying again" for any write, which would be a second, contrary instruction.
 */
const cutOffMessage = (error: unknown): string =>
  isApiClientError(error) && error.code === 'network'
    ? 'The portal could not be reached while your approval was on its way, so it may have been sent.'
    : errorMessage(error);

/**
 * An approval's message as its reader is told it: staff get the BFF's words for staff where they
 * differ (an unknown outcome's next step sends the investor to support, the desk staff are), an
 * investor never gets those.
 */
const messageOf = (approval: Approval): string | null => approval.staffMessage ?? approval.message;

const methodWords: Record<string, string> = {
  ach: 'By ACH to the linked bank account',
  wire_domestic: 'By domestic wire (U.S. bank)',
  wire_international: 'By international wire',
};

/** The method inside a sentence: only its first letter lowered, "U.S." and "ACH" kept. */
const methodInSentence = (type: string) => {
  const words = methodWords[type] ?? `By ${type}`;
  return words.charAt(0).toLowerCase() + words.slice(1);
};

/** Who asked, how and when; who decided and when; the platform's id once sent. */
function describeApproval(a: Approval) {
  const method = methodWords[a.type] ?? `By ${a.type}`;
  // An investor is not told which staff member decided (the BFF leaves the email out for them),
  // only that someone other than the one who asked decided, at the portal they know by name.
  const when = a.decidedAt ? ` ${formatInstant(a.decidedAt)}` : '';
  const decided = a.checker
    ? `; decided by ${a.checker}${when}`
    : a.decidedAt
      ? `; decided by a second person at ${APP_NAME}${when}`
      : '';
  const sent = a.requestId ? `; platform request ${a.requestId}` : '';
  const message = messageOf(a) ? `. ${messageOf(a)}` : '';
  return `${method}. Requested by ${a.maker} ${formatInstant(a.createdAt)}${decided}${sent}${message}`;
}

/**
 * The request by our reference, where each reader follows it: for reviewers the register narrowed
 * to it and its events in the audit log; for the investor the account's requests.
 */
function RequestLink({ approval, reviewer }: { approval: Approval; reviewer: boolean }) {
  if (!approval.reference) return null;
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }}>
      Our reference <Code value={approval.reference} />:{' '}
      {reviewer ? (
        <>
          <Link
            component={RouterLink}
            to={paths.app.complianceMoneyRequests.getHref(undefined, approval.reference)}
          >
            the request in the register
          </Link>
          {', '}
          <Link
            component={RouterLink}
            to={paths.app.auditLog.getHref({ object: approval.reference })}
          >
            its audit events
          </Link>
        </>
      ) : (
        <Link component={RouterLink} to={paths.app.accountMoney.getHref(approval.accountId)}>
          requests and timeline of this account
        </Link>
      )}
    </Typography>
  );
}

/**
 * The approval's state in words. One being sent says so while its call may still run (the
 * register's "Being sent", from the same instants); after that, as the BFF then reads it and the
 * register says, its outcome is unknown.
 */
function ApprovalStateWords({ approval }: { approval: Approval }) {
  const sending = useStillBeingSent(approval.beingSent);
  const state = approval.state === 'sending' && !sending ? 'unknown' : approval.state;
  return <>{approvalStateLabels[state]}</>;
}

/** When an approval being sent was approved, and what to do meanwhile, in the register's words. */
function BeingSentNote({ approval, reviewer }: { approval: Approval; reviewer: boolean }) {
  const sending = useStillBeingSent(approval.beingSent);
  if (approval.state !== 'sending' || !sending || !approval.beingSent) return null;
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }}>
      {beingSentSentence(approval.beingSent, reviewer)}
    </Typography>
  );
}

/** The request as a sentence names it: its amount, account and our reference. */
const nameOf = (a: Approval) =>
  `${formatMoney(a.amount)} from account ${a.accountId}${a.reference ? ` (${a.reference})` : ''}`;

type Decided = { approval: Approval; decision: 'approve' | 'reject' };

/** What became of the money once a decision was taken, by the approval's state. */
const outcomeWords: Record<Approval['state'], string> = {
  pending: 'it still waits for a decision',
  sending: 'it is being sent: do not send it again',
  sent: 'it was sent to the platform',
  not_sent: 'it was not sent: no money moved',
  unknown: 'its outcome is unknown: do not send it again',
  rejected: 'nothing was sent',
};

/**
 * A decision someone else took while this page was open, as the list now shows it: who, what,
 * when, and what became of the money. Null while the list still shows it waiting.
 */
function decidedElsewhere(current: Approval | undefined, me?: string): string | null {
  if (!current || current.state === 'pending') return null;
  // Settled in the register before anyone decided (its hold's answer was lost, and a reviewer or
  // the check found it never reached the platform): no one approved or rejected it.
  if (!current.checker && !current.decidedAt)
    return `It was settled before anyone decided: ${outcomeWords[current.state]}.`;
  const who =
    current.checker && current.checker === me ? 'You' : (current.checker ?? 'Someone else');
  const verb = current.state === 'rejected' ? 'rejected' : 'approved';
  const when = current.decidedAt ? ` on ${formatInstant(current.decidedAt)}` : '';
  return `${who} ${verb} this${when}: ${outcomeWords[current.state]}.`;
}

/**
 * Approving sends money at once and rejecting cannot be taken back: each asks first, naming the
 * request, and a rejection asks for the reason the investor reads with their request.
 */
function DecideDialog({
  asked,
  decide,
  current,
  onClose,
  onDecided,
  me,
}: {
  asked: Decided;
  /**
   * The page's own mutation, not the dialog's: its answer reaches the page however the person
   * moves within it while it is sent (another page of the list, Back).
   */
  decide: ReturnType<typeof useDecideApproval>;
  /** The approval as the list now shows it, if it is on the pages open. */
  current: (id: string) => Approval | undefined;
  onClose: () => void;
  onDecided: (decided: Decided) => void;
  /** The signed-in person's email: their own earlier decision is not "someone else's". */
  me?: string;
}) {
  const form = useZodForm(approvalRejectSchema, { reason: '' });
  const { approval, decision } = asked;
  const close = () => {
    decide.reset();
    onClose();
  };
  // The note says what the platform made of it: the answer, not the request as it was asked.
  const done = (answer: Approval) => {
    onDecided({ approval: answer, decision });
    onClose();
  };
  // Decided meanwhile by someone else (409): nothing is left to decide here. The list refreshes
  // after the answer, and says who decided what; until then, the BFF's sentence.
  const conflict = isApiClientError(decide.error) && decide.error.code === 'conflict';
  const now = current(approval.id);
  const elsewhere = conflict ? decidedElsewhere(now, me) : null;
  // Decided by this person earlier (another tab, before a cut-off answer): said as theirs.
  const mine =
    conflict &&
    (now?.checker ? now.checker === me : /^You already/.test(errorMessage(decide.error)));
  // An approval whose answer never came (the portal stopped, the connection dropped): it may have
  // been sent, so it is not offered again; the list is read again until it says what became of it.
  const mayHaveBeenSent =
    decision === 'approve' &&
    decide.isError &&
    !conflict &&
    (!isApiClientError(decide.error) || decide.error.submitted !== 'no');
  const reference = approval.reference ?? undefined;
  const submit = () => {
    if (decision === 'approve') {
      decide.mutate({ id: approval.id, decision }, { onSuccess: done });
      return;
    }
    void form.handleSubmit(({ reason }) =>
      decide.mutate(
        { id: approval.id, decision, reason },
        {
          onSuccess: done,
          onError: (error) => applyFieldErrors(error, form.setError, ['reason']),
        },
      ),
    )();
  };
  return (
    <FormDialog
      open
      setFormElement={form.setFormElement}
      onClose={close}
      title={decision === 'approve' ? 'Approve and send?' : 'Reject this disbursement?'}
      onSubmit={submit}
      pending={decide.isPending}
      closed={conflict || mayHaveBeenSent}
      submitLabel={decision === 'approve' ? 'Approve and send' : 'Reject'}
      pendingLabel={decision === 'approve' ? 'Sending…' : 'Rejecting…'}
      pendingNote={
        decision === 'approve'
          ? 'Sending it to the platform. This stays open until the platform answers, then the page says what became of the money.'
          : 'Recording the rejection. This stays open until it is recorded.'
      }
      contentSx={{ display: 'grid', gap: 2 }}
    >
      <DialogContentText>
        {nameOf(approval)}, {methodInSentence(approval.type)}, requested by {approval.maker}.{' '}
        {decision === 'approve'
          ? 'It is sent to the platform as soon as you approve it.'
          : 'Nothing is sent; the investor reads your reason with the outcome of their request.'}
      </DialogContentText>
      {approval.destination && (
        <WireDestination type={approval.type} destination={approval.destination} layout="terms" />
      )}
      {decision === 'reject' && (
        <ReasonField
          control={form.control}
          label="Reason for the investor"
          helperText="At least 10 characters: why it is rejected, in words the investor understands"
        />
      )}
      {conflict && (
        <Alert severity="info" role="alert">
          <AlertTitle>
            {mine ? 'You already decided this' : 'Already decided by someone else'}
          </AlertTitle>
          {elsewhere ?? errorMessage(decide.error)}
        </Alert>
      )}
      {mayHaveBeenSent && (
        <Alert severity="warning" role="alert">
          <AlertTitle>The approval may have been sent: do not approve it again</AlertTitle>
          {cutOffMessage(decide.error)}{' '}
          {reference && !cutOffMessage(decide.error).includes(reference) && (
            <>
              Our reference: <span translate="no">{reference}</span>.{' '}
            </>
          )}
          {decidedElsewhere(now, me) ??
            'The list of approvals is read again until it shows what became of it; the portal settles it with the platform.'}
        </Alert>
      )}
      {decide.isError && !conflict && !mayHaveBeenSent && (
        <ErrorAlert
          error={decide.error}
          title={decision === 'approve' ? 'It was not approved' : 'It was not rejected'}
        />
      )}
    </FormDialog>
  );
}

/** The note of a decision just taken: the outcome of the sending in its colour, not "Approved". */
function decidedNote({ approval, decision }: Decided): { severity: AlertColor; text: string } {
  const name = nameOf(approval);
  const message = messageOf(approval) ? ` ${messageOf(approval)}` : '';
  if (decision === 'reject') {
    return {
      severity: 'success',
      text: `Rejected: ${name}. Nothing was sent; the investor reads your reason.`,
    };
  }
  switch (approval.state) {
    case 'sent':
      return {
        severity: 'success',
        text: `Approved and sent: ${name}.${approval.requestId ? ` Platform request ${approval.requestId}.` : ''}`,
      };
    case 'not_sent':
      return {
        severity: 'error',
        text: `Approved, but not sent: ${name}. No money moved.${message}`,
      };
    // Still being sent: the register says "Being sent" for as long (approvalStateLabels).
    case 'sending':
      return {
        severity: 'info',
        text: `Approved and being sent: ${name}. Do not send it again: what becomes of it shows here once the platform answers.`,
      };
    case 'unknown':
      return {
        severity: 'warning',
        // Its message is the register's one instruction (do not send it again, our reference).
        text: `Approved, outcome unknown: ${name}.${message || ' Do not send it again.'}`,
      };
    default:
      return {
        severity: 'info',
        text: `Approved: ${name}. ${approvalStateLabels[approval.state]}.${message}`,
      };
  }
}

/** What was just decided, and what became of the money, until it is dismissed. */
function DecidedNote({ decided, onDismiss }: { decided: Decided; onDismiss: () => void }) {
  const { severity, text } = decidedNote(decided);
  return (
    <DismissibleNote severity={severity} outcome={decided.approval.id} onDismiss={onDismiss}>
      {text}
    </DismissibleNote>
  );
}

/** The words of a section of the list: its heading, order, emptiness and way between pages. */
const sectionWords = {
  waiting: {
    title: 'Waiting for a decision',
    order: 'The one waiting longest first.',
    none: 'Nothing waits for a decision.',
    pages: 'Pages of the requests waiting',
    // A queue, oldest first: the page before holds those that have waited longer.
    earlier: 'Waiting longer',
    later: 'Waiting less long',
  },
  decided: {
    title: 'Decided',
    order: 'The latest decision first.',
    none: 'None decided yet.',
    pages: 'Pages of the decided requests',
    earlier: 'Newer',
    later: 'Older',
  },
} as const;

/**
 * One section of the list under its heading, which counts what it holds in all, and the way
 * to its other pages. The heading takes the focus when its pages are turned, since the button
 * pressed may be gone.
 */
function ApprovalSection({
  name,
  section,
  filtered,
  onPage,
  children,
}: {
  name: keyof typeof sectionWords;
  section: Section;
  /** Whether filters narrow the list: an empty section then says that none matches them. */
  filtered: boolean;
  onPage: (page: number) => void;
  children: (approval: Approval) => ReactNode;
}) {
  const words = sectionWords[name];
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} ref={heading} tabIndex={-1} variant="h6" component="h2">
        {words.title} ({formatCount(section.total)})
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {section.total === 0
          ? filtered
            ? 'None here matches the filters.'
            : words.none
          : section.approvals.length === 0
            ? `None on this page: ${formatCount(section.total)} in all.`
            : words.order}
      </Typography>
      {section.approvals.length > 0 && (
        <List aria-labelledby={headingId}>{section.approvals.map(children)}</List>
      )}
      <PageNav
        label={words.pages}
        offset={section.offset}
        shown={section.approvals.length}
        total={section.total}
        pageSize={APPROVALS_PAGE}
        earlier={words.earlier}
        later={words.later}
        onOffset={(offset) => {
          onPage(Math.floor(offset / APPROVALS_PAGE) + 1);
          heading.current?.focus();
        }}
      />
    </Box>
  );
}

/** The filters' rules, as the BFF checks them (contract/identity.ts), with the page's labels. */
const filterRules = {
  accountId: approvalFilterShape.accountId.unwrap(),
  minAmount: approvalFilterShape.minAmount.unwrap(),
  maxAmount: approvalFilterShape.maxAmount.unwrap(),
  maker: approvalFilterShape.maker.unwrap(),
  reference: approvalFilterShape.reference.unwrap(),
};

/**
 * The least above the most matches nothing: refused under the field being applied, in the BFF's
 * words, so the range is never applied out of order.
 */
function outOfOrder(least: string | undefined, most: string | undefined): boolean {
  // The address may hold anything: only two amounts are compared.
  const [low, high] = [parseDecimal(least ?? ''), parseDecimal(most ?? '')];
  return low !== null && high !== null && compare(low, high) > 0;
}

/** The filter fields in the order they stand, with what is typed in each. */
const filterFields: readonly {
  name: keyof typeof filterRules;
  label: string;
  input?: 'id' | 'amount' | 'text';
  /** A rule that also weighs the other filters (the range's order): its message, or undefined. */
  refuse?: (value: string, filters: ApprovalFilters) => string | undefined;
}[] = [
  { name: 'accountId', label: 'Account' },
  {
    name: 'minAmount',
    label: 'Amount at least',
    input: 'amount',
    refuse: (value, filters) =>
      outOfOrder(value, filters.maxAmount)
        ? 'Amount at least must not be more than Amount at most'
        : undefined,
  },
  {
    name: 'maxAmount',
    label: 'Amount at most',
    input: 'amount',
    refuse: (value, filters) =>
      outOfOrder(filters.minAmount, value)
        ? 'Amount at most must not be less than Amount at least'
        : undefined,
  },
  { name: 'maker', label: 'Requested by', input: 'text' },
  { name: 'reference', label: 'Reference' },
];

/**
 * The reviewers' filters, each applied as its field is left or on Enter and kept in the address
 * (Back and a shared link open the same list); each one starts both sections again at page 1.
 */
function ApprovalFilterFields({
  filters,
  refused,
  onApply,
  onClear,
}: {
  filters: ApprovalFilters;
  /** The BFF's refusal of a filter the address holds, by filter. */
  refused: ApprovalFilters;
  onApply: (name: keyof ApprovalFilters, value: string) => void;
  onClear: () => void;
}) {
  return (
    <FilterBar label="Filter approvals" spaceBelow={3}>
      {filterFields.map(({ name, label, input, refuse }) => (
        <RuleFilterField
          key={name}
          label={label}
          input={input}
          applied={filters[name]}
          rule={filterRules[name]}
          refused={refused[name]}
          refuse={refuse && ((value) => refuse(value, filters))}
          onApply={(value) => onApply(name, value)}
        />
      ))}
      {Object.keys(filters).length > 0 && (
        <Button onClick={onClear} sx={{ alignSelf: 'center' }}>
          Clear the filters
        </Button>
      )}
    </FilterBar>
  );
}

/**
 * Why the address's filters are not applied. Those with a field (a reviewer's) are marked there;
 * the others (an approval id from a link, or any filter an investor's page has no field for) are
 * said here in the BFF's words.
 */
function refusalWords(refused: ApprovalFilters, fieldsShown: boolean): string {
  const marked = Object.keys(refused).filter((name) => fieldsShown && name !== 'approval').length;
  const unmarked = Object.entries(refused)
    .filter(([name]) => !fieldsShown || name === 'approval')
    .map(([, message]) => `${message}.`);
  const markedWords = marked === 0 ? [] : [refusedFiltersWords(marked)];
  return [
    ...unmarked,
    ...markedWords,
    ...(marked === 0 ? ['Clear the filters to see all approvals.'] : []),
  ].join(' ');
}

/** The one approval the address names (a link from the audit log), in words. */
const oneNamed = (filters: ApprovalFilters) =>
  filters.reference
    ? `the reference ${filters.reference.toUpperCase()}`
    : filters.approval
      ? `the approval id ${filters.approval}`
      : null;

export default function ApprovalsRoute() {
  const [search, updateSearch] = useSearchUpdate();
  const view = approvalsViewFrom(search);
  const approvals = useApprovals(view);
  const { filters } = view;
  const filtered = Object.keys(filters).length > 0;
  const named = oneNamed(filters);
  const refused = refusedApprovalFilters(approvals.error);
  // Each filter starts both sections again at their first page.
  const [applyFilter, clearFilters] = filterUpdates(updateSearch, approvalFilterNames, {
    waiting: null,
    decided: null,
  });
  const decide = useDecideApproval();
  const [asked, setAsked] = useState<Decided | null>(null);
  const [decided, setDecided] = useState<Decided | null>(null);
  const session = useSession();
  const me = session.data?.user;
  // The named approval takes the focus once, when it is first shown: a screen reader reads it.
  const focused = useRef<string | null>(null);
  const focusNamed = (element: HTMLLIElement | null) => {
    const key = search.get('reference') ?? search.get('approval');
    if (element && key && focused.current !== key) {
      focused.current = key;
      element.focus();
    }
  };
  const checker = me?.role === 'admin';
  const reviewer = isReviewer(me?.role);
  // Which disbursements wait: by the configured amount (DISBURSEMENT_APPROVAL_ABOVE), alone or
  // with the account's others of the last 24 hours, as the form says it (a small one after large
  // ones waits too); and, whatever the amount, any asked from a sign-in an administrator set up
  // or changed (the BFF's lib/approval-total.ts).
  const above = session.data?.disbursementApprovalAbove;
  const heldSignIn = 'asked from a sign-in an administrator set up or changed in the last 30 days';
  const which = above
    ? `disbursements above ${formatMoney(above)}, by themselves or with the account's others of the last 24 hours, and any ${heldSignIn},`
    : `disbursements ${heldSignIn}`;
  const whichAtStart = which.charAt(0).toUpperCase() + which.slice(1);
  return (
    <>
      <PageHeader
        title={me?.role === 'investor' ? HELD_DISBURSEMENTS : 'Disbursement approvals'}
        description={
          checker
            ? `${whichAtStart} wait here until a second person approves them; only then are they sent. You cannot approve your own.`
            : reviewer
              ? `${whichAtStart} wait here until an administrator approves them; only then are they sent. A compliance reviewer reads them here; an administrator decides.`
              : `Your ${which} wait here until a second person approves them; nothing is sent before.`
        }
      />
      {decided && (
        <DecidedNote
          key={decided.approval.id}
          decided={decided}
          onDismiss={() => setDecided(null)}
        />
      )}
      {asked && (
        <DecideDialog
          key={`${asked.approval.id}-${asked.decision}`}
          asked={asked}
          decide={decide}
          current={(id) =>
            [
              ...(approvals.data?.waiting.approvals ?? []),
              ...(approvals.data?.decided.approvals ?? []),
            ].find((a) => a.id === id)
          }
          onClose={() => setAsked(null)}
          onDecided={setDecided}
          me={me?.email}
        />
      )}
      {reviewer && (
        <ApprovalFilterFields
          filters={filters}
          refused={refused}
          onApply={applyFilter}
          onClear={clearFilters}
        />
      )}
      <RefusedFiltersState
        refused={refused}
        message={refusalWords(refused, reviewer)}
        onClear={clearFilters}
      >
        <QueryState
          query={approvals}
          subject="the approvals"
          isEmpty={(data) => data.waiting.total === 0 && data.decided.total === 0}
          empty={
            named ? (
              <EmptyState
                title="Not held for approval"
                message={`No disbursement held for approval has ${named}${reviewer ? '' : ' among your accounts'}. Look for it in the money requests: it may not have needed an approval.`}
                action={
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
                    <Button onClick={clearFilters}>Show all approvals</Button>
                    {reviewer && filters.reference && (
                      <Button
                        component={RouterLink}
                        to={paths.app.complianceMoneyRequests.getHref(
                          undefined,
                          filters.reference.toUpperCase(),
                        )}
                      >
                        Look it up in the money requests
                      </Button>
                    )}
                  </Box>
                }
              />
            ) : filtered ? (
              <EmptyState
                title="No approval matches these filters"
                message="Neither those waiting for a decision nor those decided match them."
                action={<Button onClick={clearFilters}>Clear the filters</Button>}
              />
            ) : (
              <EmptyState
                title="Nothing waits for approval"
                message={`${whichAtStart} appear here.`}
              />
            )
          }
        >
          {(data) => {
            const row = (a: Approval) => (
              <ListItem
                key={a.id}
                divider
                // The one the address names (a link from the audit log) is marked and focused.
                {...(named
                  ? {
                      ref: focusNamed,
                      tabIndex: -1,
                      'aria-current': 'true' as const,
                      sx: { flexWrap: 'wrap', gap: 1, bgcolor: 'action.selected' },
                    }
                  : { sx: { flexWrap: 'wrap', gap: 1 } })}
              >
                <ListItemText
                  primary={
                    <>
                      {formatMoney(a.amount)} from account {a.accountId}:{' '}
                      <ApprovalStateWords approval={a} />
                    </>
                  }
                  secondary={
                    <>
                      {describeApproval(a)}
                      {a.destination && (
                        <WireDestination
                          type={a.type}
                          destination={a.destination}
                          layout="sentence"
                        />
                      )}
                      <BeingSentNote approval={a} reviewer={reviewer} />
                      <RequestLink approval={a} reviewer={reviewer} />
                      {movedTwiceWords(a, reviewer) && (
                        <Typography
                          variant="body2"
                          component="span"
                          color="error"
                          sx={{ display: 'block', mt: 0.5, fontWeight: 600 }}
                        >
                          {movedTwiceWords(a, reviewer)}
                        </Typography>
                      )}
                    </>
                  }
                />
                {checker && a.state === 'pending' && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    <Button
                      variant="contained"
                      disabled={a.maker === me?.email}
                      onClick={() => setAsked({ approval: a, decision: 'approve' })}
                      // The name starts with the words on the button, so a person who speaks them
                      // to voice control ("click Approve and send") reaches it (WCAG 2.5.3).
                      aria-label={`Approve and send ${nameOf(a)}`}
                    >
                      Approve and send
                    </Button>
                    <Button
                      color="error"
                      disabled={a.maker === me?.email}
                      onClick={() => setAsked({ approval: a, decision: 'reject' })}
                      aria-label={`Reject ${nameOf(a)}`}
                    >
                      Reject
                    </Button>
                  </Box>
                )}
              </ListItem>
            );
            // Each section's page is in the address, so Back and a shared link open the same pages.
            const toPage = (name: 'waiting' | 'decided') => (page: number) =>
              updateSearch({ [name]: page > 1 ? String(page) : null });
            return (
              <>
                {named && (
                  <Typography sx={{ mb: 2 }}>
                    Showing only the disbursement with {named}.{' '}
                    <Link component="button" type="button" onClick={clearFilters}>
                      Show all approvals
                    </Link>
                  </Typography>
                )}
                {(['waiting', 'decided'] as const).map((name) => (
                  <ApprovalSection
                    key={name}
                    name={name}
                    section={data[name]}
                    filtered={filtered}
                    onPage={toPage(name)}
                  >
                    {row}
                  </ApprovalSection>
                ))}
              </>
            );
          }}
        </QueryState>
      </RefusedFiltersState>
    </>
  );
}
