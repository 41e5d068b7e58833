import { useState } from 'react';
import Box from '@mui/material/Box';
import { SectionCard } from '../../../components/description-list';
import { EmptyState, QueryState } from '../../../components/query-state';
import { useSecurityHours } from '../api/get-security-hours';
import { SavedHours } from './saved-hours';
import { SecuritiesState, securityChoiceLabel, securityInSentence } from './securities-state';

/**
 * The hours one security trades (§2.8), which its issuer may set apart from the market's: shown
 * to everyone, since investors need to know when a security can be traded.
 */
export function SecurityHoursLookup() {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <SectionCard title="Hours of one security">
      <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
        <SecuritiesState
          skeletonLines={2}
          empty={
            <EmptyState
              title="No securities traded recently"
              message="Securities appear here once they trade on the secondary market."
            />
          }
        >
          {(securities) => {
            const selected = securities.find((s) => s.securityId === chosen) ?? securities[0];
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
                    value={selected.securityId}
                    onChange={(event) => setChosen(event.target.value)}
                    style={{ font: 'inherit', padding: '8px' }}
                  >
                    {securities.map((s) => (
                      <option key={s.securityId} value={s.securityId}>
                        {securityChoiceLabel(s)}
                      </option>
                    ))}
                  </select>
                </Box>
                <OneSecurityHours
                  securityId={selected.securityId}
                  name={securityInSentence(selected)}
                />
              </>
            );
          }}
        </SecuritiesState>
      </Box>
    </SectionCard>
  );
}

function OneSecurityHours({ securityId, name }: { securityId: string; name: string }) {
  const hours = useSecurityHours(securityId);
  return (
    <QueryState query={hours} subject={`the hours of ${name}`} skeletonLines={5}>
      {(data) => <SavedHours hours={data.securityHours} title={`Trading hours of ${name}`} />}
    </QueryState>
  );
}
