import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSearchParams } from 'react-router-dom';
import type { WeekHours } from '../../../../../contract/market-hours';
import type { WeekHoursInput } from '../../../../../contract/rules/market-hours';
import {
  openSecuritySchema,
  securityHoursResponseSchema,
  type SecurityList,
} from '../../../../../contract/security-hours';
import { apiPaths } from '../../../../config/paths';
import { api, isApiClientError } from '../../../../lib/api-client';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { SectionCard } from '../../../../components/description-list';
import {
  securitiesQueryOptions,
  useSecurities,
} from '../../../../features/market-hours/api/get-securities';
import { useSecurityHours } from '../../../../features/market-hours/api/get-security-hours';
import { useMarketHours } from '../../../../features/market-hours/api/get-market-hours';
import {
  checkSecurityHours,
  type LostSave,
} from '../../../../features/market-hours/api/check-security-hours';
import { useUpdateSecurityHours } from '../../../../features/market-hours/api/update-security-hours';
import { hoursChangesKey } from '../../../../features/market-hours/api/get-hours-changes';
import { HoursChanges } from '../../../../features/market-hours/components/hours-changes';
import { OpenSecurityForm } from '../../../../features/market-hours/components/open-security-form';
import { SavedHours } from '../../../../features/market-hours/components/saved-hours';
import { SaveOutcomeUnknown } from '../../../../features/market-hours/components/save-outcome-unknown';
import { SecurityHoursForm } from '../../../../features/market-hours/components/security-hours-form';
import {
  ListedSecurities,
  securityChoiceLabel,
  securityInSentence,
} from '../../../../features/market-hours/components/securities-state';
import { hasStatus } from '../../../../lib/api-query';
import type { HeldNow } from '../../../../features/market-hours/components/security-hours-form';
import { focusOnMount } from '../../../../lib/focus';
import { prefetchingLoader } from '../../../session-guard';
import { useSession } from '../../../../features/auth/api/get-session';
import { UnknownSecurity } from '../../../../features/market-hours/components/unknown-security';

export const clientLoader = prefetchingLoader(securitiesQueryOptions);

type ListedSecurity = SecurityList['securities'][number];

function SecurityHoursEditor({
  securityId,
  name,
  canSet,
}: {
  securityId: string;
  name: string;
  /** Issuer staff (their own securities) and admins set hours; compliance reads them. */
  canSet: boolean;
}) {
  const current = useSecurityHours(securityId);
  // The market's hours (§2.7), to say where a security's reach outside them: a failed read
  // leaves the hours and the form as they are, without that warning.
  const market = useMarketHours().data?.hours;
  const update = useUpdateSecurityHours();
  const queryClient = useQueryClient();
  const readsChanges = useSession().data?.user.role !== 'investor';
  const saved = update.data?.securityHours;
  /**
   * The hours the platform holds now, when read again after the form was filled: after a save
   * refused because someone changed them since the page read them (409), or by the check of a
   * lost save. The person has seen them, so the next save is built on them (`expected`), while
   * the form keeps the person's edits.
   */
  const [heldNow, setHeldNow] = useState<HeldNow | null>(null);
  const readHeldNow = async () => {
    setHeldNow({ state: 'reading' });
    try {
      const answer = await api.get(apiPaths.securityHours(securityId), {
        schema: securityHoursResponseSchema,
      });
      setHeldNow({ state: 'read', days: answer.securityHours.days, changedSince: true });
    } catch (readError) {
      setHeldNow({ state: 'unread', error: readError });
    }
  };
  /** Checks a lost save, from its warning or from the changes list after a reload. */
  const checkLost = async (asked: WeekHoursInput, lost: LostSave) => {
    // The check is recorded as a change (and settles the lost save there); a check refused as
    // settled already (409) means the list is behind a check made elsewhere.
    const answer = await checkSecurityHours(securityId, asked, lost).catch((error: unknown) => {
      if (isApiClientError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: hoursChangesKey(securityId) });
      }
      throw error;
    });
    void queryClient.invalidateQueries({ queryKey: hoursChangesKey(securityId) });
    // Shown to the person as the hours held now: the next save builds on them, so it is not
    // refused for the person's own lost save.
    setHeldNow({ state: 'read', days: answer.securityHours.days, changedSince: false });
    return answer;
  };
  if (hasStatus(current.error, 404)) {
    return <UnknownSecurity securityId={securityId} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <SectionCard title={`Hours of ${name}`}>
        <Box sx={{ mt: 2 }}>
          <QueryState query={current} subject="the current hours" skeletonLines={5}>
            {(data) => {
              // What the form was filled from: the hours read on opening, or those last saved.
              const filledFrom: WeekHours = saved?.days ?? data.securityHours.days;
              const expected = heldNow?.state === 'read' ? heldNow.days : filledFrom;
              return canSet ? (
                <SecurityHoursForm
                  hours={filledFrom}
                  subject={`the trading hours of ${name}`}
                  market={market}
                  heldNow={heldNow}
                  pending={update.isPending}
                  attempt={update.submittedAt}
                  error={update.error}
                  outcomeUnknown={
                    update.variables && (
                      <SaveOutcomeUnknown
                        error={update.error}
                        asked={update.variables.hours}
                        name={name}
                        check={checkLost}
                      />
                    )
                  }
                  onSubmit={(hours) =>
                    update.mutate(
                      { securityId, hours, expected },
                      {
                        onSuccess: () => setHeldNow(null),
                        onError: (error) => {
                          // Someone changed the hours since they were read: read them again, to
                          // show them beside the person's edits (docs/bff-api.md).
                          if (isApiClientError(error) && error.status === 409) void readHeldNow();
                        },
                      },
                    )
                  }
                />
              ) : (
                <SavedHours
                  hours={data.securityHours}
                  title={`Trading hours of ${name}`}
                  // The section's heading just above says "Hours of …" already.
                  titleShown={false}
                  market={market}
                />
              );
            }}
          </QueryState>
        </Box>
      </SectionCard>
      {saved && (
        <Box>
          <Alert severity="success" role="status" sx={{ mb: 2 }} tabIndex={-1} ref={focusOnMount}>
            Saved. These are the hours the platform now holds for {name}.
          </Alert>
          <SavedHours hours={saved} title={`Saved hours of ${name}`} market={market} />
        </Box>
      )}
      {/* Who changed these hours and when, from the audit log: issuer staff on their own
          securities and reviewers may read it (docs/bff-api.md), not investors. */}
      {readsChanges && (
        <HoursChanges securityId={securityId} check={canSet ? checkLost : undefined} />
      )}
    </Box>
  );
}

/** The securities to choose from; a security asked for that is not among them leaves it blank. */
function SecurityPicker({
  securities,
  selectedId,
  onChoose,
}: {
  securities: ListedSecurity[];
  selectedId: string | null;
  onChoose: (securityId: string) => void;
}) {
  const listed = securities.some((s) => s.securityId === selectedId);
  return (
    <TextField
      select
      id="security-hours-security"
      label="Security"
      size="small"
      value={listed ? selectedId : ''}
      onChange={(event) => onChoose(event.target.value)}
      sx={{ maxWidth: 420 }}
    >
      {securities.map((s) => (
        <MenuItem key={s.securityId} value={s.securityId}>
          {securityChoiceLabel(s)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The security the address names, or the first listed when it names none. Never another one in
 * its place: issuer staff set the hours of their own securities only, so one that is not theirs
 * is said so; a reviewer may open any, and one the platform does not know is said so by the
 * editor.
 */
function ChosenSecurity({
  asked,
  securities,
  issuerStaff,
  canSet,
}: {
  asked: string | null;
  securities: ListedSecurity[] | undefined;
  issuerStaff: boolean;
  canSet: boolean;
}) {
  if (asked === null) {
    const first = securities?.[0];
    return first ? (
      <SecurityHoursEditor
        key={first.securityId}
        securityId={first.securityId}
        name={securityInSentence(first)}
        canSet={canSet}
      />
    ) : null;
  }
  const listed = securities?.find((s) => s.securityId === asked);
  if (issuerStaff && !listed) {
    // Until the list has loaded it is not known whether the security is theirs.
    if (!securities) return null;
    return (
      <Alert severity="warning" role="alert">
        <AlertTitle>Security {asked} is not one of yours</AlertTitle>
        You can see and set the hours of the securities linked to you only, and security {asked} is
        not among them (or does not exist). Choose one of yours above, or ask an administrator to
        link it to your sign-in.
      </Alert>
    );
  }
  if (!openSecuritySchema.safeParse({ securityId: asked }).success) {
    return (
      <Alert severity="warning" role="alert">
        <AlertTitle>“{asked}” is not a security ID</AlertTitle>A security ID is a number, such as
        10001. Open a security by its ID above.
      </Alert>
    );
  }
  return (
    <SecurityHoursEditor
      key={asked}
      securityId={asked}
      name={listed ? securityInSentence(listed) : `security ${asked}`}
      canSet={canSet}
    />
  );
}

/** The page's intro, as the person may act: a reviewer reads the hours others set. */
function intro(issuerStaff: boolean, canSet: boolean): string {
  if (issuerStaff)
    return 'Set when each of your securities trades, per weekday, in US Eastern time.';
  if (canSet) return 'Set when each security trades, per weekday, in US Eastern time.';
  return 'When each security trades, per weekday, in US Eastern time. You can read these hours; the issuer of the security or an administrator sets them.';
}

export default function SecurityHoursRoute() {
  const [search, setSearch] = useSearchParams();
  const role = useSession().data?.user.role;
  const issuerStaff = role === 'issuer_staff';
  const canSet = issuerStaff || role === 'admin';
  const securities = useSecurities();
  const asked = search.get('security');
  const choose = (securityId: string) => setSearch({ security: securityId }, { replace: true });
  return (
    <>
      <PageHeader
        title={issuerStaff ? 'Trading hours of my securities' : 'Trading hours of securities'}
        description={intro(issuerStaff, canSet)}
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {!issuerStaff && (
          // The list holds the latest trading day's securities only: the others are opened by ID.
          <SectionCard title="Open a security by its ID">
            <Box sx={{ mt: 2 }}>
              <OpenSecurityForm
                onOpen={(securityId) => setSearch({ security: securityId })}
                // A new attempt that is no ID clears the answer to the one before ("No security
                // 99999 on the platform" beside "abc"'s error): the page is as first opened.
                onInvalid={() => {
                  if (asked !== null) setSearch({});
                }}
              />
            </Box>
          </SectionCard>
        )}
        <ListedSecurities
          securities={securities}
          empty={
            <EmptyState
              title={issuerStaff ? 'No securities linked to you' : 'No securities traded recently'}
              message={
                issuerStaff
                  ? "Ask an administrator to link your issuer's securities to your sign-in."
                  : 'No security traded on the latest trading day. Open a security by its ID above.'
              }
            />
          }
        >
          {(listed) => (
            <SecurityPicker
              securities={listed}
              selectedId={asked ?? listed[0].securityId}
              onChoose={choose}
            />
          )}
        </ListedSecurities>
        {/* Whose securities these are is known once the session is: until then none opens. */}
        {role && (
          <ChosenSecurity
            asked={asked}
            securities={securities.data?.securities}
            issuerStaff={issuerStaff}
            canSet={canSet}
          />
        )}
      </Box>
    </>
  );
}
