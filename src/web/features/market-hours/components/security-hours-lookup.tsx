import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { paths } from '../../../config/paths';
import { SectionCard } from '../../../components/description-list';
import { EmptyState, QueryState } from '../../../components/query-state';
import { hasStatus } from '../../../lib/api-query';
import { useMarketHours } from '../api/get-market-hours';
import { useSecurities } from '../api/get-securities';
import { useSecurityHours } from '../api/get-security-hours';
import { OpenSecurityForm } from './open-security-form';
import { SavedHours } from './saved-hours';
import { ListedSecurities, securityChoiceLabel, securityInSentence } from './securities-state';
import { UnknownSecurity } from './unknown-security';

/**
 * The hours one security trades (§2.8), which its issuer may set apart from the market's: shown
 * to everyone, since investors need to know when a security can be traded. A security is chosen
 * from the list or opened by its ID: the list is read from the order book (no upstream operation
 * lists securities), and a security whose hours can be read must not be out of reach because the
 * book could not be read, nor because it did not trade lately.
 */
export function SecurityHoursLookup({
  linksChanges = false,
}: {
  /** Links each security to who changed its hours and when (reviewers, on its setters' page). */
  linksChanges?: boolean;
}) {
  const securities = useSecurities();
  /** The security last picked from the list, or last opened by its ID; the last act wins. */
  const [chosen, setChosen] = useState<{ id: string; byId: boolean } | null>(null);
  const listed = securities.data?.securities ?? [];
  const shown = chosen?.id ?? listed[0]?.securityId ?? null;
  const named = listed.find((s) => s.securityId === shown);
  return (
    <SectionCard title="Hours of one security">
      <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
        <ListedSecurities
          securities={securities}
          empty={
            <EmptyState
              headingLevel={3}
              title="No securities traded recently"
              message="No security traded on the latest trading day. Open a security by its ID below."
            />
          }
        >
          {(listed) => (
            <Box
              component="label"
              htmlFor="security-hours-lookup"
              sx={{ display: 'grid', gap: 0.5, maxWidth: 420 }}
            >
              Security
              <select
                id="security-hours-lookup"
                value={named ? named.securityId : ''}
                onChange={(event) => setChosen({ id: event.target.value, byId: false })}
                style={{ font: 'inherit', padding: '8px', minHeight: 44 }}
              >
                {!named && <option value="">Opened by its ID below</option>}
                {listed.map((s) => (
                  <option key={s.securityId} value={s.securityId}>
                    {securityChoiceLabel(s)}
                  </option>
                ))}
              </select>
            </Box>
          )}
        </ListedSecurities>
        <OpenSecurityForm
          onOpen={(securityId) => setChosen({ id: securityId, byId: true })}
          onInvalid={() => {
            if (chosen?.byId) setChosen(null);
          }}
        />
        {shown !== null && (
          <OneSecurityHours
            key={shown}
            securityId={shown}
            name={named ? securityInSentence(named) : `security ${shown}`}
            linksChanges={linksChanges}
          />
        )}
      </Box>
    </SectionCard>
  );
}

function OneSecurityHours({
  securityId,
  name,
  linksChanges,
}: {
  securityId: string;
  name: string;
  linksChanges: boolean;
}) {
  const hours = useSecurityHours(securityId);
  // The week's read, shared with the table above: when it fails, the hours still show.
  const market = useMarketHours().data?.hours;
  if (hasStatus(hours.error, 404)) {
    return <UnknownSecurity securityId={securityId} />;
  }
  return (
    <QueryState query={hours} subject={`the hours of ${name}`} skeletonLines={5}>
      {(data) => (
        <>
          <SavedHours
            hours={data.securityHours}
            title={`Trading hours of ${name}`}
            market={market}
          />
          {linksChanges && (
            <Link
              component={RouterLink}
              to={paths.app.securityHours.getHref(securityId)}
              className="tap-target"
              sx={{ display: 'inline-block', mt: 1 }}
            >
              Changes to the hours of {name}
            </Link>
          )}
        </>
      )}
    </QueryState>
  );
}
