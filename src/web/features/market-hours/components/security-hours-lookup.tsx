import { useState } from 'react';
import Box from '@mui/material/Box';
import { SectionCard } from '../../../components/description-list';
import { EmptyState, LoadingSkeleton, QueryState } from '../../../components/query-state';
import { useSecurities } from '../api/get-securities';
import { useSecurityHours } from '../api/get-security-hours';
import { SavedHours } from './saved-hours';

/**
 * The hours one security trades (§2.8), which its issuer may set apart from the market's: shown
 * to everyone, since investors need to know when a security can be traded.
 */
export function SecurityHoursLookup() {
  const securities = useSecurities();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <SectionCard title="Hours of one security">
      <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
        <QueryState
          query={securities}
          loadingLabel="Loading the securities"
          loading={<LoadingSkeleton lines={2} />}
          errorTitle="The securities could not be loaded"
          isEmpty={(data) => data.securities.length === 0}
          empty={
            <EmptyState
              title="No securities traded recently"
              message="Securities appear here once they trade on the secondary market."
            />
          }
        >
          {(data) => {
            const selected = chosen ?? data.securities[0].securityId;
            return (
              <>
                <Box
                  component="label"
                  htmlFor="security-hours-lookup"
                  sx={{ display: 'grid', gap: 0.5, maxWidth: 420 }}
                >
                  Security
                  <select
                    id="security-hours-lookup"
                    value={selected}
                    onChange={(event) => setChosen(event.target.value)}
                    style={{ font: 'inherit', padding: '8px' }}
                  >
                    {data.securities.map((s) => (
                      <option key={s.securityId} value={s.securityId}>
                        {s.securityName
                          ? `${s.securityName} (${s.securityId})`
                          : `Security ${s.securityId}`}
                      </option>
                    ))}
                  </select>
                </Box>
                <OneSecurityHours
                  securityId={selected}
                  name={
                    data.securities.find((s) => s.securityId === selected)?.securityName ??
                    `security ${selected}`
                  }
                />
              </>
            );
          }}
        </QueryState>
      </Box>
    </SectionCard>
  );
}

function OneSecurityHours({ securityId, name }: { securityId: string; name: string }) {
  const hours = useSecurityHours(securityId);
  return (
    <QueryState
      query={hours}
      loadingLabel={`Loading the hours of ${name}`}
      loading={<LoadingSkeleton lines={5} />}
      errorTitle={`The hours of ${name} could not be loaded`}
    >
      {(data) => <SavedHours hours={data.securityHours} title={`Trading hours of ${name}`} />}
    </QueryState>
  );
}
